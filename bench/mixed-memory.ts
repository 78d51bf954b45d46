/**
 * Memory under a million mixed requests (issue 28, target 4): `npm run build && npm run bench:memory`.
 *
 * The review bench's catalogue and learner (bench/review-seed.ts: 100 lessons of 100 phrases, a learner with 10,000
 * favourites and cards, 50,000 logged ratings) and an administrator, on a fresh embedded database; the production
 * server as `npm run serve` starts it. Then 1,000,000 requests over 50 connections, every connection going round the
 * same mix of 1,000 (autocannon's request sequence), in these shares:
 * - visitors: 60% lesson pages (20 different ones), 5% other public pages (home, languages, a language, a level, blog);
 * - the learner, signed in through the /auth form: 15% lesson pages, 14% `/api/viewer`, 1% `/profile`;
 * - review: 1% next cards (`GET /review.data`) and 1% ratings of a card of that queue (`POST /review.data`);
 * - the app's sync with a bearer token: 0.2% a first sync's page (1,000 rows), 1.3% a pull with nothing new, 0.5% a
 *   push;
 * - the administrator: 1% admin pages (overview, languages, lessons, phrases, a search, a lesson's groups, users,
 *   settings), rendered each time.
 * The server's RSS is read before the load and after every 100,000 requests, with what it is made of
 * (bench/rss-breakdown.ts). Target: under 300 MB after 1,000,000, and within 5% of the reading at 300,000. Writes its
 * section of bench/RESULTS.md. `BENCH_REQUESTS` changes the million, and `BENCH_ENV`/`BENCH_FLAGS` add to the server's
 * settings (to compare): nothing is written then.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase, recordTargets, writeResultsSection } from "./bench-setup.ts";
import { browserEncoding } from "./load.ts";
import { experimentSettings, rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";
import { benchLearner, seedReviewLearner } from "./review-seed.ts";
import { breakdown } from "./rss-breakdown.ts";

const database = benchDatabase("memory", Number(process.env.BENCH_PORT ?? 3654), { embedded: true });
const { base, serverEnv } = database;
const total = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const step = Math.ceil(total / 10);
const admin = { email: "bench-admin@phrasewise.test", password: "bench-admin-pass-1", admin: true };
const probeFile = path.join(os.tmpdir(), `phrasewise-memory-probe-${process.pid}.json`);
const { extraEnv, extraFlags } = experimentSettings();
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Per connection: the phrase ids of the last review queue it read, for its next rating; the favourite it pushes. */
interface Context {
  queue?: string[];
  ratings?: number;
  pushPhrase?: string;
  saved?: boolean;
}

/**
 * A sequence of `length` requests with each kind at its share, spread evenly (the kind furthest behind its share
 * goes next), each kind going round its own variants.
 */
function mix(kinds: { share: number; variants: Request[] }[], length: number): Request[] {
  const used = kinds.map(() => 0);
  const sequence: Request[] = [];
  for (let i = 1; i <= length; i++) {
    let next = 0;
    kinds.forEach((kind, k) => {
      if (kind.share * i - used[k]! > kinds[next]!.share * i - used[next]!) next = k;
    });
    const kind = kinds[next]!;
    sequence.push(kind.variants[used[next]! % kind.variants.length]!);
    used[next]!++;
  }
  return sequence;
}

await database.create();
let server: Awaited<ReturnType<typeof startProductionServer>>["server"] | undefined;
/** One favourite per connection, taken back and saved again in turn by its pushes (two connections never race on one). */
let pushPhrases: string[] = [];
/** The learner's cards: of the ids in a review answer, those a rating may name. */
let deck = new Set<string>();
try {
  {
    const runtime = await createRuntime(loadEnv(serverEnv));
    try {
      await seedReviewLearner(runtime);
      const phraseIds = (await runtime.database.db.query.phrases.findMany({ columns: { id: true } })).map((row) => row.id);
      deck = new Set(phraseIds);
      pushPhrases = phraseIds.slice(0, 100);
      await createConfirmedUser(runtime.auth, runtime.database.db, admin);
    } finally {
      await runtime.close();
    }
  }
  ({ server } = await startProductionServer({
    env: { ...serverEnv, MEMORY_PROBE_FILE: probeFile },
    readyUrl: `${base}/api/settings`,
    extraEnv,
    extraFlags: ["--import", "./bench/memory-probe.ts", ...extraFlags],
  }));
  const cookie = await signInThroughForm(base, benchLearner);
  const adminCookie = await signInThroughForm(base, admin);
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(benchLearner) });
  if (signIn.status !== 200) throw new Error(`Signing in to the API answered ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const bearer = { ...browserEncoding, authorization: `Bearer ${token}` };
  // A device up to date: the cursor at the end of the learner's history.
  let cursor: string | undefined;
  for (;;) {
    const page = (await (await fetch(`${base}/api/v1/sync/pull?limit=1000${cursor ? `&cursor=${cursor}` : ""}`, { headers: { authorization: bearer.authorization } })).json()) as { nextCursor: string; hasMore: boolean };
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }
  const [firstPhrase] = (await (await fetch(`${base}/review.data`, { headers: { cookie } })).text()).match(uuid)?.filter((id) => deck.has(id)) ?? [];
  if (!firstPhrase) throw new Error("The learner has no card in review");

  const lessons = Array.from({ length: 20 }, (_, i) => `/benchlang/a1/lesson-${i + 1}`);
  const get = (p: string, headers: Record<string, string> = {}): Request => ({ method: "GET", path: p, headers: { ...browserEncoding, ...headers } });
  const nextCards: Request = {
    method: "GET",
    path: "/review.data",
    // Uncompressed, so that the ids of the queue can be read for the next rating.
    headers: { cookie },
    onResponse: (status: number, body: string, context: Context) => {
      if (status === 200) context.queue = body.match(uuid)?.filter((id) => deck.has(id));
    },
  };
  const rating: Request = {
    method: "POST",
    path: "/review.data",
    headers: { ...browserEncoding, cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    setupRequest: (request: Request, context: Context) => {
      const ratings = (context.ratings = (context.ratings ?? 0) + 1);
      const phraseId = context.queue?.length ? context.queue[ratings % context.queue.length]! : firstPhrase;
      return { ...request, body: new URLSearchParams({ intent: "rate", reviewId: randomUUID(), phraseId, rating: String(1 + (ratings % 4)) }).toString() };
    },
  };
  let pushers = 0;
  const push: Request = {
    method: "POST",
    path: "/api/v1/sync/push",
    headers: { ...bearer, "content-type": "application/json" },
    setupRequest: (request: Request, context: Context) => {
      context.pushPhrase ??= pushPhrases[pushers++ % pushPhrases.length];
      context.saved = !(context.saved ?? true);
      const change = { type: context.saved ? "favorite.add" : "favorite.remove", phraseId: context.pushPhrase };
      return { ...request, body: JSON.stringify({ pushId: randomUUID(), deviceId: "bench", changes: [change] }) };
    },
  };
  const adminPages = [
    "/admin",
    "/admin/languages",
    "/admin/lessons?language=benchlang",
    "/admin/phrases",
    "/admin/phrases?q=Phrase%2042",
    "/admin/phrases/tree?language=benchlang&level=a1&lesson=lesson-7",
    "/admin/users",
    "/admin/settings",
  ];
  const requests = mix(
    [
      { share: 0.6, variants: lessons.map((p) => get(p)) },
      { share: 0.05, variants: ["/", "/languages", "/benchlang", "/benchlang/a1", "/blog"].map((p) => get(p)) },
      { share: 0.15, variants: lessons.map((p) => get(p, { cookie })) },
      { share: 0.14, variants: lessons.map((p) => get(`/api/viewer?path=${encodeURIComponent(p)}`, { cookie })) },
      { share: 0.01, variants: [get("/profile", { cookie })] },
      { share: 0.01, variants: [nextCards] },
      { share: 0.01, variants: [rating] },
      { share: 0.002, variants: [get("/api/v1/sync/pull?limit=1000", bearer)] },
      { share: 0.013, variants: [get(`/api/v1/sync/pull?limit=1000&cursor=${cursor}`, bearer)] },
      { share: 0.005, variants: [push] },
      { share: 0.01, variants: adminPages.map((p) => get(p, { cookie: adminCookie })) },
    ],
    1_000,
  );

  const readings: { served: number; rss: number; parts: string }[] = [];
  const read = async (served: number) => {
    if (process.env.BENCH_SMAPS) fs.writeFileSync(`${process.env.BENCH_SMAPS}/smaps-${served}.txt`, fs.readFileSync(`/proc/${server!.pid}/smaps`));
    const reading = { served, rss: await rssMb(server!.pid!), parts: await breakdown(server!.pid!, probeFile) };
    readings.push(reading);
    console.log(`${served.toLocaleString("en-US")} requests: RSS ${reading.rss.toFixed(0)} MB (${reading.parts})`);
  };
  await read(0);
  const started = performance.now();
  let served = 0;
  const statuses = new Map<string, number>();
  while (served < total) {
    const result = await autocannon({ url: base, connections: 50, pipelining: 1, requests, amount: Math.min(step, total - served) });
    served += result.requests.total;
    for (const [status, { count }] of Object.entries(result.statusCodeStats)) statuses.set(status, (statuses.get(status) ?? 0) + Number(count));
    if (result.errors + result.timeouts) throw new Error(`${result.errors} errors, ${result.timeouts} timeouts`);
    await read(served);
  }
  const seconds = (performance.now() - started) / 1000;
  const at300k = readings.find((r) => r.served >= 300_000) ?? readings.at(-1)!;
  const last = readings.at(-1)!;
  const growth = ((last.rss - at300k.rss) / at300k.rss) * 100;
  const lines = [
    "## Memory under a million mixed requests (PGlite)",
    "",
    `The requests of \`bench/mixed-memory.ts\` (its header gives the mix: visitors, a signed-in learner's pages, viewer requests, profile, review, sync, admin pages), ` +
      `50 connections, ${served.toLocaleString("en-US")} requests in ${seconds.toFixed(0)} s (${Math.round(served / seconds).toLocaleString("en-US")} req/s on average); ` +
      `answers by status: ${[...statuses].map(([status, count]) => `${status} ${count.toLocaleString("en-US")}`).join(", ")}. ` +
      "Production build, `npm run serve`'s settings. Rerun: `npm run build && npm run bench:memory`. Target: RSS under 300 MB after 1,000,000 and within 5% of the reading at 300,000.",
    "",
    "| Requests served | RSS | Made of (MB) |",
    "| --- | --- | --- |",
    ...readings.map((r) => `| ${r.served.toLocaleString("en-US")} | ${r.rss.toFixed(0)} MB | ${r.parts} |`),
    "",
    `From ${at300k.served.toLocaleString("en-US")} to ${last.served.toLocaleString("en-US")}: ${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%. ` +
      `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}.`,
  ];
  console.log(lines.join("\n"));
  if (total === 1_000_000 && !extraFlags.length && !Object.keys(extraEnv).length) writeResultsSection(lines);
  recordTargets([
    {
      target: `4. Memory: RSS after ${last.served.toLocaleString("en-US")} mixed requests < 300 MB, within 5% of the reading at ${at300k.served.toLocaleString("en-US")}`,
      reading: `${last.rss.toFixed(0)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}% from ${at300k.rss.toFixed(0)} MB)`,
      met: last.rss < 300 && growth <= 5,
    },
  ]);
} finally {
  if (server) await stopServer(server);
  fs.rmSync(probeFile, { force: true });
  await database.remove();
}
