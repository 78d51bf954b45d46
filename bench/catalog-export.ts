/**
 * `npm run bench:export`: a 100,000-phrase catalogue (5 languages × 4 levels × 100 lessons × 50 phrases, each lesson's
 * group with its own audio file) exported to a file, as `cli export FILE` does. Measures the process's RSS before the
 * export and its peak during it (sampled every 20 ms), the archive's size and the time taken.
 * Target: RSS growth < 100 MB: rows are read a page at a time and files are packed one at a time, so the export holds
 * neither the catalogue nor its files. Embedded database by default; BENCH_DATABASE_URL for a PostgreSQL server.
 * Writes its section of bench/RESULTS.md.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { exportCatalogToFile, exportDeps } from "#server/catalog/archive/catalog-export.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { benchDatabase, writeResultsSection } from "./bench-setup.ts";

const LANGUAGES = 5;
const LEVELS = 4;
const LESSONS = 100;
const PHRASES = 50;
const AUDIO_BYTES = 24 * 1024;
const MB = 1024 * 1024;

const database = benchDatabase("export", 4499);
await database.create();
const runtime = await createRuntime(loadEnv(database.serverEnv), { initialize: false });
try {
  const { db } = runtime.database;
  console.log("Seeding 100,000 phrases…");
  const audio = new Map<string, string>();
  for (let language = 0; language < LANGUAGES; language++) {
    for (let level = 0; level < LEVELS; level++) {
      for (let lesson = 0; lesson < LESSONS; lesson++) {
        const stored = await runtime.storage.put("content", unguessableKey("audio", `l${language}-${level}-${lesson}`, "mp3"), randomBytes(AUDIO_BYTES), "audio/mpeg");
        audio.set(`${language}/${level}/${lesson}`, stored.url);
      }
    }
  }
  await db.execute(sql`insert into languages (id, name) select 'lang' || l, 'Language ' || l from generate_series(0, ${LANGUAGES - 1}) l`);
  await db.execute(sql`insert into levels (language_id, id, title, cefr_label, order_index)
    select 'lang' || l, 'lvl' || v, 'Level ' || v, 'A' || v, v from generate_series(0, ${LANGUAGES - 1}) l, generate_series(0, ${LEVELS - 1}) v`);
  await db.execute(sql`insert into lessons (language_id, level_id, id, title, translated_title, order_index)
    select 'lang' || l, 'lvl' || v, 'lesson' || s, 'Lesson ' || s, 'Lección ' || s, s
    from generate_series(0, ${LANGUAGES - 1}) l, generate_series(0, ${LEVELS - 1}) v, generate_series(0, ${LESSONS - 1}) s`);
  const urls = JSON.stringify(Object.fromEntries(audio));
  await db.execute(sql`insert into phrases (language_id, level_id, lesson_id, original_text, translated_text, audio_url, position, cue_start_ms, cue_end_ms, reading)
    select 'lang' || l, 'lvl' || v, 'lesson' || s, 'Phrase ' || p || ' of lesson ' || s || ', a sentence of everyday length',
      'Translation ' || p || ', also of an everyday length', (${urls}::jsonb) ->> (l || '/' || v || '/' || s), p, p * 1000, p * 1000 + 900, 'reading ' || p
    from generate_series(0, ${LANGUAGES - 1}) l, generate_series(0, ${LEVELS - 1}) v, generate_series(0, ${LESSONS - 1}) s, generate_series(0, ${PHRASES - 1}) p`);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-export-")), "catalog.tar");
  const started = performance.now();
  const result = await exportCatalogToFile(exportDeps(runtime), file);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = (peak - before) / MB;
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  const line = `| ${database.driver} | ${result.phrases.toLocaleString("en-US")} | ${result.files.toLocaleString("en-US")} | ${(result.bytes / MB).toFixed(0)} MB | ${seconds.toFixed(1)} s | ${(before / MB).toFixed(0)} MB | ${(peak / MB).toFixed(0)} MB | ${growth.toFixed(0)} MB |`;
  console.log(line);
  writeResultsSection([
    `## Catalogue export, ${database.driver} (target: RSS growth < 100 MB at 100,000 phrases)`,
    "",
    `Measured ${new Date().toISOString()} (${os.cpus().length} cores, Node ${process.version}). Rerun: \`npm run bench:export\`.`,
    "Each lesson's 50 phrases share one audio file of 24 KB; the archive is written to a file as `cli export FILE` does.",
    "",
    "| Database | Phrases | Files | Archive | Time | RSS before | RSS peak | Growth |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    line,
  ]);
  if (growth >= 100) process.exitCode = 1;
} finally {
  await runtime.close();
  await database.remove();
}
