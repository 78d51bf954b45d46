/**
 * The reading aids' memory row (issue 23): `node bench/reading-memory.ts` (after `npm run build`). Starts the
 * production server as `npm run serve` does, saves 50 Japanese phrases one by one through the admin's Phrases
 * action (each save asks for its romaji, computed in the reading process with kuromoji's dictionary), waits until
 * all 50 have their reading, then 5 minutes without requests, and prints the server's RSS before, at the busiest
 * point, and after, with the reading process's own RSS while it lives. The row passes when the server's RSS after
 * is within 30 MB of before.
 *
 * Environment: `BENCH_PORT` (3660), `BENCH_IDLE_SECONDS` (300) to try it faster.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { languages, lessons, levels } from "#server/db/schema.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";

const port = Number(process.env.BENCH_PORT ?? 3660);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 300);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-reading-memory-"));
const admin = { email: "bench-admin@phrasewise.test", password: "bench-admin-pass-1" };
const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: base, SEED_DEMO: "false" };
const lesson = { languageId: "japanese", levelId: "a1", lessonId: "bench" };

/** Fifty everyday sentences, each different, so every save is its own analysis. */
const sentences = [
  "駅はどこですか", "トイレはどこですか", "いくらですか", "これをください", "水をください", "メニューをお願いします",
  "お会計をお願いします", "カードで払えますか", "日本語が少し話せます", "英語を話せますか", "もう一度お願いします",
  "ゆっくり話してください", "写真を撮ってもいいですか", "この電車は東京に行きますか", "次の駅は何ですか",
  "切符はどこで買えますか", "空港までどのくらいかかりますか", "タクシーを呼んでください", "ホテルに戻りたいです",
  "予約しています", "部屋の鍵をなくしました", "朝ご飯は何時ですか", "チェックインをお願いします",
  "荷物を預けてもいいですか", "近くにコンビニはありますか", "病院に行きたいです", "頭が痛いです", "薬局はどこですか",
  "道に迷いました", "地図を書いてもらえますか", "右に曲がってください", "まっすぐ行ってください", "ここで止めてください",
  "今何時ですか", "明日は雨が降りますか", "週末は何をしますか", "映画を見に行きませんか", "駅の前で会いましょう",
  "少し遅れます", "先に行ってください", "おいしかったです", "辛いものが好きです", "肉を食べません",
  "おすすめは何ですか", "もう少し安いのはありますか", "試着してもいいですか", "袋はいりません",
  "領収書をお願いします", "また来ます", "ありがとうございました",
];

{
  const runtime = await createRuntime(loadEnv(serverEnv), { initialize: false });
  const { db } = runtime.database;
  await db.insert(languages).values({ id: "japanese", name: "Japanese" });
  await db.insert(levels).values({ languageId: "japanese", id: "a1", title: "Beginner", cefrLabel: "A1" });
  await db.insert(lessons).values({ ...lesson, id: lesson.lessonId, title: "Bench", translatedTitle: "Bench" });
  await createConfirmedUser(runtime.auth, db, { ...admin, admin: true });
  await runtime.close();
}

const { server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` });
const pid = server.pid!;
/** The server's children: the reading process while it lives. */
const childRss = async () => {
  const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`) ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim() : "";
  const pids = children ? children.split(/\s+/).map(Number) : [];
  return { count: pids.length, rss: (await Promise.all(pids.map((child) => rssMb(child).catch(() => 0)))).reduce((a, b) => a + b, 0) };
};
const readings = async (cookie: string) => {
  const url = `${base}/admin/phrases/tree?language=${lesson.languageId}&level=${lesson.levelId}&lesson=${lesson.lessonId}`;
  const body = (await (await fetch(url, { headers: { cookie } })).json()) as { groups: { phrases: { reading: string | null }[] }[] };
  return body.groups.flatMap((group) => group.phrases).filter((phrase) => phrase.reading).length;
};
try {
  const cookie = await signInThroughForm(base, admin);
  const save = async (originalText: string, audioUrl: string) => {
    const body = new URLSearchParams({ intent: "add", ...lesson, audioUrl, originalText, translatedText: "A sentence", reading: "", readingEdited: "false" });
    const response = await fetch(`${base}/admin/phrases`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" }, body });
    if (!response.ok) throw new Error(`Saving failed: ${response.status}`);
  };
  // The admin pages and the save's code loaded, and the reading process's first start settled, before "before".
  await readings(cookie);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = await rssMb(pid);
  console.log(`before: server RSS ${before.toFixed(0)} MB, ${(await childRss()).count} reading processes`);

  let peak = { server: before, child: 0 };
  const started = performance.now();
  for (const [i, text] of sentences.entries()) {
    await save(text, `/storage/content/audio/bench-${i}.mp3`);
    const child = await childRss();
    peak = { server: Math.max(peak.server, await rssMb(pid)), child: Math.max(peak.child, child.rss) };
  }
  while ((await readings(cookie)) < sentences.length) {
    const child = await childRss();
    peak = { server: Math.max(peak.server, await rssMb(pid)), child: Math.max(peak.child, child.rss) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const computed = (performance.now() - started) / 1000;
  console.log(`50 saves, all 50 readings computed in ${computed.toFixed(1)} s; peak: server ${peak.server.toFixed(0)} MB, reading process ${peak.child.toFixed(0)} MB`);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const after = await rssMb(pid);
  const children = await childRss();
  const delta = after - before;
  console.log(`after ${idleSeconds} s idle: server RSS ${after.toFixed(0)} MB (${delta >= 0 ? "+" : ""}${delta.toFixed(0)} MB), ${children.count} reading processes`);
  console.log(Math.abs(delta) <= 30 && children.count === 0 ? "PASS: within 30 MB of before" : "FAIL: more than 30 MB from before, or a reading process left");
  if (Math.abs(delta) > 30 || children.count > 0) process.exitCode = 1;
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
