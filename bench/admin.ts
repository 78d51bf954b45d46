/**
 * The admin catalogue at scale (issue 10 point 8): `npm run build && npm run bench:admin`.
 *
 * Seeds 100,000 phrases in 50 languages (50 × 5 levels × 20 lessons × 4 audio groups of 5 phrases) straight in SQL,
 * starts the production server on that database, signs an administrator in through the real /auth form, and times
 * every admin page and every lazy-load and search request the tabs make: 200 requests each over 4 connections, after
 * a warm-up, from request to the end of the body, on loopback. Also the server's RSS, and the size of the public
 * catalogue snapshot, which holds every phrase in memory. Writes its own section of bench/RESULTS.md.
 *
 * Embedded database by default; `BENCH_DATABASE_URL=postgresql://…` runs it on a fresh database created on that
 * PostgreSQL server (dropped afterwards). Target: p95 < 200 ms for every row.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadCatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase, percentile, recordTargets, writeResultsSection } from "./bench-setup.ts";
import { rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";

const database = benchDatabase("admin", Number(process.env.BENCH_PORT ?? 3651));
const { base, driver, serverEnv } = database;
const requestsPerPage = Number(process.env.BENCH_REQUESTS ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const warmup = 10;
const admin = { email: "bench-admin@phrasewise.test", password: "bench-admin-pass-1", admin: true };
const shape = { languages: 50, levels: 5, lessons: 20, groups: 4, phrasesPerGroup: 5 };
const totalPhrases = shape.languages * shape.levels * shape.lessons * shape.groups * shape.phrasesPerGroup;

// Words for the texts: searching one of them finds thousands of phrases, a number finds one.
const words = ["hello", "thank you", "please", "coffee", "water", "station", "ticket", "morning", "evening", "friend",
  "family", "market", "bread", "weather", "today", "tomorrow", "left", "right", "hotel", "room", "bill", "price",
  "train", "bus", "doctor", "pharmacy", "street", "museum", "beach", "book", "music", "table", "window", "door",
  "menu", "dinner", "breakfast", "lunch", "tea", "sorry"];
const wordArray = `array[${words.map((w) => `'${w}'`).join(",")}]`;

/** The catalogue, in four statements (a few seconds): languages, levels, lessons, then every phrase. */
async function seed() {
  const started = performance.now();
  const runtime = await createRuntime(loadEnv(serverEnv), { initialize: false });
  try {
    const { db } = runtime.database;
    await db.execute(sql.raw(`insert into languages (id, name, flag_url)
      select 'lang-' || lpad(g::text, 2, '0'), 'Language ' || lpad(g::text, 2, '0'), '' from generate_series(1, ${shape.languages}) g`));
    await db.execute(sql.raw(`insert into levels (language_id, id, title, cefr_label, order_index)
      select l.id, 'level-' || v, 'Level ' || v, (array['A1','A2','B1','B2','C1'])[1 + (v - 1) % 5], v - 1
      from languages l, generate_series(1, ${shape.levels}) v`));
    await db.execute(sql.raw(`insert into lessons (language_id, level_id, id, title, translated_title, order_index)
      select lv.language_id, lv.id, 'lesson-' || lpad(s::text, 2, '0'), 'Lesson ' || s, 'Lesson ' || s || ' (translated)', s - 1
      from levels lv, generate_series(1, ${shape.lessons}) s`));
    const perLesson = shape.groups * shape.phrasesPerGroup;
    // No speech: every group gets a placeholder URL of its own (nothing plays it in the bench).
    await db.execute(sql.raw(`insert into phrases (language_id, level_id, lesson_id, original_text, translated_text, audio_url, position)
      select language_id, level_id, id, w[1 + (n * 7) % ${words.length}] || ' ' || w[1 + (n * 13) % ${words.length}] || ' ' || n,
        initcap(w[1 + (n * 7) % ${words.length}]) || ', ' || w[1 + (n * 11) % ${words.length}] || ' (' || n || ')',
        '/storage/bench/' || language_id || '/' || level_id || '/' || id || '/' || (p / ${shape.phrasesPerGroup}) || '.mp3', p
      from (select ls.*, p, (row_number() over ())::int as n, ${wordArray} as w
            from lessons ls, generate_series(0, ${perLesson - 1}) p) rows`));
    await db.execute(sql.raw("analyze"));
    await createConfirmedUser(runtime.auth, db, admin);
    const seedSeconds = (performance.now() - started) / 1000;

    // The public catalogue snapshot (every phrase, in memory, for the public pages): its heap and its load time.
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStarted = performance.now();
    const snapshot = await loadCatalogSnapshot(db);
    const snapshotSeconds = (performance.now() - loadStarted) / 1000;
    globalThis.gc?.();
    const snapshotMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const snapshotJsonMb = JSON.stringify(snapshot, (_key, value: unknown) => (value instanceof Map ? [...value] : value)).length / 1024 / 1024;
    return { seedSeconds, snapshotMb, snapshotJsonMb, snapshotSeconds, exact: globalThis.gc !== undefined, keep: snapshot !== undefined };
  } finally {
    await runtime.close();
  }
}

async function countPhrases(): Promise<number> {
  const runtime = await createRuntime(loadEnv(serverEnv), { initialize: false });
  try {
    const result = await runtime.database.db.execute(sql`select count(*)::int as count from phrases`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as { count: number }[];
    return rows[0]?.count ?? 0;
  } finally {
    await runtime.close();
  }
}

/** The server as `npm run serve` starts it (its memory settings included: the snapshot of 100,000 phrases must fit). */
async function startServer(): Promise<ChildProcess> {
  // PROF="--cpu-prof --cpu-prof-dir=…": node flags for the measured server, to profile it.
  const extraFlags = process.env.PROF?.split(" ") ?? [];
  return (await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings`, extraFlags })).server;
}

interface Probe {
  what: string;
  path: string;
  /** Something the answer must contain, so a redirect or an empty page cannot pass for a fast one. */
  expect: string;
}

async function measure(cookie: string, probe: Probe) {
  const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
  const once = async () => {
    const started = performance.now();
    const response = await fetch(base + probe.path, { headers, redirect: "manual" });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !body.includes(probe.expect)) {
      throw new Error(`${probe.path} answered ${response.status} without "${probe.expect}"`);
    }
    return { ms, bytes: body.length };
  };
  for (let i = 0; i < warmup; i++) await once();
  // BENCH_DUMP=dir keeps one answer per row, to see what makes a page heavy.
  if (process.env.BENCH_DUMP) {
    fs.mkdirSync(process.env.BENCH_DUMP, { recursive: true });
    const body = await (await fetch(base + probe.path, { headers: { cookie } })).text();
    fs.writeFileSync(path.join(process.env.BENCH_DUMP, `${probe.path.replace(/\W+/g, "_")}.html`), body);
  }
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < requestsPerPage) {
        const result = await once();
        times.push(result.ms);
        bytes = result.bytes;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { ...probe, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, kb: bytes / 1024 };
}

/** Replaces this driver's section of RESULTS.md (or appends it), leaving the rest as it is. */
const middle = `lang-${String(Math.ceil(shape.languages / 2)).padStart(2, "0")}`;
const probes: Probe[] = [
  { what: "Overview", path: "/admin", expect: "Phrases" },
  { what: "Languages (50 cards)", path: "/admin/languages", expect: "Language 50" },
  { what: "Levels, default language", path: "/admin/levels", expect: "Level 5" },
  { what: "Levels, one language", path: `/admin/levels?language=${middle}`, expect: "Level 5" },
  { what: "Lessons, a language's first level (20 lessons)", path: `/admin/lessons?language=${middle}`, expect: "Lesson 20" },
  { what: "Lessons, all levels of a language (100 lessons)", path: `/admin/lessons?language=${middle}&level=all`, expect: "Level 5" },
  { what: "Phrases (the languages)", path: "/admin/phrases", expect: "Language 50" },
  { what: "Phrases, client navigation (.data)", path: "/admin/phrases.data", expect: "Language 50" },
  { what: "Open a language (its levels)", path: `/admin/phrases/tree?language=${middle}`, expect: "level-5" },
  { what: "Open a level (its lessons)", path: `/admin/phrases/tree?language=${middle}&level=level-3`, expect: "lesson-20" },
  { what: "Open a lesson (its groups)", path: `/admin/phrases/tree?language=${middle}&level=level-3&lesson=lesson-10`, expect: "/3.mp3" },
  { what: "Search, a common word, page 1", path: "/admin/phrases?q=coffee", expect: "phrases found" },
  { what: "Search, a common word, page 25 (the last)", path: "/admin/phrases?q=coffee&page=25", expect: "Page 25 of 25" },
  { what: "Search, translated text only", path: "/admin/phrases?q=Pharmacy%2C", expect: "phrases found" },
  { what: "Search, one phrase by number", path: "/admin/phrases?q=%2854321%29", expect: "1 phrase found" },
  { what: "Search, no match", path: "/admin/phrases?q=zzzzzz", expect: "No phrases match" },
  { what: "Phrases without audio (none here: a partial index holds only such rows)", path: "/admin/phrases/without-audio", expect: "Every phrase has audio." },
  { what: "Users", path: "/admin/users", expect: "bench-admin@phrasewise.test" },
  { what: "Blog", path: "/admin/blog", expect: "Blog" },
  { what: "Settings", path: "/admin/settings", expect: "Settings" },
];

await database.create();
let server: ChildProcess | undefined;
try {
  // The first start creates the schema (migrations); the catalogue is written while the server is stopped, because
  // the embedded database has one owner.
  server = await startServer();
  await stopServer(server);
  console.log(`Seeding ${totalPhrases.toLocaleString("en-US")} phrases on ${driver}...`);
  const seeded = await seed();
  const phraseCount = await countPhrases();
  if (phraseCount !== totalPhrases) throw new Error(`Seeded ${phraseCount} phrases, expected ${totalPhrases}`);
  server = await startServer();
  const rssStart = await rssMb(server.pid!);
  // A public page loads the public catalogue snapshot (every phrase) into the server's memory.
  if (!(await (await fetch(`${base}/languages`)).text()).includes("Language 25")) throw new Error("The public catalogue is missing");
  const rssSnapshot = await rssMb(server.pid!);
  const cookie = await signInThroughForm(base, admin);
  const results = [];
  // BENCH_ONLY=<regex> measures the rows whose name or path matches, and writes nothing to RESULTS.md; so does
  // BENCH_CONNECTIONS (one admin at a time, say: what a page costs without waiting behind the others).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  for (const probe of probes.filter((p) => !only || only.test(p.what) || only.test(p.path))) {
    const result = await measure(cookie, probe);
    console.log(`${result.what}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`);
    results.push(result);
  }
  const rssEnd = await rssMb(server.pid!);
  const worst = Math.max(...results.map((r) => r.p95));

  const lines = [
    `## Admin catalogue at scale, ${driver} (issue 10 point 8; target: p95 < 200 ms on every row)`,
    "",
    `Measured ${new Date().toISOString()} on this machine (${os.cpus().length} cores, Node ${process.version}), production build, ` +
      `${driver} with ${phraseCount.toLocaleString("en-US")} phrases: ${shape.languages} languages × ${shape.levels} levels × ${shape.lessons} lessons × ` +
      `${shape.groups} audio groups × ${shape.phrasesPerGroup} phrases. Rerun: \`npm run build && npm run bench:admin\`` +
      `${driver === "PostgreSQL" ? " with `BENCH_DATABASE_URL`" : ""}.`,
    "",
    `${requestsPerPage} requests per row over ${connections} connections after ${warmup} warm-up requests, signed in as an administrator, ` +
      "timed from the request to the end of the body on loopback (the bench runs on the same cores as the server). " +
      `Worst p95: ${worst.toFixed(0)} ms: ${worst < 200 ? "target met" : "target NOT met"}.`,
    "",
    "| Request | Path | p50 | p95 | max | Body |",
    "| --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) => `| ${r.what} | \`${r.path}\` | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(0)} ms | ${r.kb.toFixed(0)} KB |`,
    ),
    "",
    `Seeding (four SQL statements, \`analyze\`, one admin account): ${seeded.seedSeconds.toFixed(1)} s.`,
    "",
    `Server RSS: ${rssStart.toFixed(0)} MB after start, ${rssSnapshot.toFixed(0)} MB once a public page has loaded the public ` +
      `catalogue snapshot, ${rssEnd.toFixed(0)} MB after the admin requests. The snapshot itself: ` +
      `${seeded.snapshotMb.toFixed(0)} MB of JavaScript heap${seeded.exact ? "" : " (without --expose-gc: rough)"}, ` +
      `${seeded.snapshotJsonMb.toFixed(1)} MB as JSON, loaded in ${seeded.snapshotSeconds.toFixed(2)} s (once per catalogue change).`,
    "",
  ];
  if (!only && connections === 4) {
    writeResultsSection(lines);
    const slowest = results.find((r) => r.p95 === worst)!;
    recordTargets([
      {
        target: `5. Every admin page at 100,000 phrases: p95 < 100 ms (${connections} admins at once)`,
        reading: `worst p95 ${worst.toFixed(0)} ms (${slowest.what}); ${results.filter((r) => r.p95 < 100).length} of ${results.length} rows under 100 ms`,
        met: worst < 100,
      },
    ]);
  }
  console.log(lines.join("\n"));
} finally {
  if (server) await stopServer(server);
  await database.remove();
}
