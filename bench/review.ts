/**
 * The review loop at scale (issue 24): `npm run build && npm run bench:review`.
 *
 * A learner with 10,000 cards (bench/review-seed.ts: 300 due now, five logged ratings per card, a year of days) on a
 * fresh embedded database, the production server as `npm run serve` starts it, the learner signed in through the real
 * /auth form. Times, one request at a time from request to the end of the body, after a warm-up:
 * - the next cards: `GET /review.data` (the page's loader: due cards, new ones, their four intervals);
 * - a rating: `POST /review.data` (schedule, log, day), each on the first card of the queue;
 * - the header's count: `GET /api/viewer` (session, progress and the due count);
 * - the profile with its streak and twelve weeks, and its Favorites tab (one page of the 10,000).
 * Target: p95 < 50 ms for the next cards and a rating. Writes its section of bench/RESULTS.md.
 * `BENCH_DATABASE_URL=postgresql://…` runs it on a fresh database on that server instead (dropped afterwards).
 */
import os from "node:os";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase, percentile, recordTargets, writeResultsSection } from "./bench-setup.ts";
import { rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";
import { benchLearner, reviewShape, seedReviewLearner } from "./review-seed.ts";

const database = benchDatabase("review", Number(process.env.BENCH_PORT ?? 3652));
const { base, driver, serverEnv } = database;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = 10;

async function timed(what: string, once: () => Promise<void>) {
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { what, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

/** The first phrase id in a `/review.data` answer (a turbo-stream: the ids appear as plain strings). */
function firstPhraseId(body: string): string {
  const match = /"phraseId","([0-9a-f-]{36})"/.exec(body) ?? /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(body);
  if (!match) throw new Error(`No phrase in the review answer: ${body.slice(0, 300)}`);
  return match[1]!;
}

await database.create();
let server: Awaited<ReturnType<typeof startProductionServer>>["server"] | undefined;
try {
  const seedStarted = performance.now();
  {
    const runtime = await createRuntime(loadEnv(serverEnv));
    try {
      await seedReviewLearner(runtime);
    } finally {
      await runtime.close();
    }
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  ({ server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings`, extraFlags: process.env.PROF ? process.env.PROF.split(" ") : [] }));
  const cookie = await signInThroughForm(base, benchLearner);
  const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };

  const next = async () => {
    const response = await fetch(`${base}/review.data`, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`/review.data answered ${response.status}`);
    return body;
  };
  const nextCards = await timed("Next cards (`GET /review.data`)", async () => void (await next()));
  // A rating follows the page's answer: the queue is read untimed, then the rating on its first card is timed.
  const ratingTimes: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    const phraseId = firstPhraseId(await next());
    const started = performance.now();
    const response = await fetch(`${base}/review.data`, {
      method: "POST",
      headers: { ...headers, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "rate", reviewId: crypto.randomUUID(), phraseId, rating: String(1 + (i % 4)) }),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`Rating answered ${response.status}`);
    if (i >= warmup) ratingTimes.push(performance.now() - started);
  }
  ratingTimes.sort((a, b) => a - b);
  const rows = [
    nextCards,
    { what: "A rating (`POST /review.data`, the queue's first card)", p50: percentile(ratingTimes, 50), p95: percentile(ratingTimes, 95), max: ratingTimes.at(-1)! },
  ];
  rows.push(
    await timed("The header's due count (`GET /api/viewer`)", async () => {
      const response = await fetch(`${base}/api/viewer?path=%2F`, { headers });
      const body = (await response.json()) as { reviewsDue?: number };
      if (typeof body.reviewsDue !== "number") throw new Error("The viewer has no due count");
    }),
    await timed("Profile with streak and twelve weeks (`GET /profile`)", async () => {
      const response = await fetch(`${base}/profile`, { headers });
      await response.text();
      if (response.status !== 200) throw new Error(`/profile answered ${response.status}`);
    }),
    // Every card is a favourite: the tab shows one page of them (50), not the 10,000.
    await timed("Profile, Favorites tab of 10,000 favourites, the last page (`GET /profile?tab=favorites&page=200`)", async () => {
      const response = await fetch(`${base}/profile?tab=favorites&page=200`, { headers });
      const body = await response.text();
      if (response.status !== 200 || !body.includes("Page 200 of 200")) throw new Error(`/profile?tab=favorites answered ${response.status}`);
    }),
  );
  const rss = await rssMb(server.pid!);
  const lines = [
    `## Review at scale (${driver})`,
    "",
    `A learner with ${(reviewShape.lessons * reviewShape.phrasesPerLesson).toLocaleString("en-US")} cards (${reviewShape.dueNow} due, ${reviewShape.ratingsPerCard} logged ratings each, a year of days), seeded in ${seedSeconds.toFixed(1)} s. ` +
      `${requests} requests per row, one at a time after ${warmup} warm-up ones, on loopback; production build, \`npm run serve\`'s settings. Rerun: \`npm run build && npm run bench:review\`. Target: p95 < 50 ms for the next cards and a rating.`,
    "",
    "| Request | p50 | p95 | max |",
    "| --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.what} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.max.toFixed(1)} ms |`),
    "",
    `Server RSS after the run: ${rss.toFixed(0)} MB. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores.`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
  recordTargets(
    rows
      .filter((row) => /^(Next cards|A rating|The header's due count)/.test(row.what))
      .map((row) => ({
        target: "1. … the review's next cards and rating at least as fast as the viewer (one at a time, the same learner)",
        reading: `${row.what}: p50 ${row.p50.toFixed(1)} ms`,
        p50Ms: row.p50,
        yardstick: row.what.startsWith("The header's due count"),
      })),
  );
} finally {
  if (server) await stopServer(server);
  await database.remove();
}
