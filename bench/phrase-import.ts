/**
 * `npm run bench:phrase-import`: 10,000 phrases (text only) pasted into one lesson, as `cli phrases:import` and the
 * Phrases tab's import save them: the rows read and checked (csv-parse), then saved in one transaction with one
 * change log entry. Target (issue 27): under 10 s on the embedded database. Then 100 phrases from paste to playable,
 * each with its own generated file, as the Import phrases dialog does it (the same server functions its requests
 * call, one group at a time). Target: under 2 minutes. BENCH_DATABASE_URL for a PostgreSQL server. Writes its section
 * of bench/RESULTS.md.
 */
import os from "node:os";
import { generateGroupAudio, nextAudiolessGroup } from "#server/admin/audio-backfill.server.ts";
import { checkPhraseRows } from "#server/admin/phrase-import.server.ts";
import { createLanguage, createLesson, createLevel } from "#server/admin/catalog-admin.server.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";
import { importPhrases } from "#server/admin/phrases-admin.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase, writeResultsSection } from "./bench-setup.ts";

const ROWS = 10_000;
const database = benchDatabase("phrase-import", 4498);
await database.create();
const runtime = await createRuntime(loadEnv(database.serverEnv), { initialize: false });
try {
  const changes = changeRecorder(runtime.env, cliAuthor);
  const catalog = { db: runtime.database.db, events: runtime.events, changes };
  await createLanguage(catalog, { id: "spanish", name: "Spanish", flagUrl: "/images/flags/es.svg" });
  await createLevel(catalog, { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", iconUrl: "", isLocked: false });
  await createLesson(catalog, { languageId: "spanish", levelId: "a1", id: "big", title: "Big", translatedTitle: "Grande", iconUrl: "", isLocked: false });
  await createLesson(catalog, { languageId: "spanish", levelId: "a1", id: "spoken", title: "Spoken", translatedTitle: "Hablado", iconUrl: "", isLocked: false });
  // A pasted spreadsheet: a header, then rows with groups of ten and a few quoted texts with commas.
  const text = [
    "original,translation,group",
    ...Array.from({ length: ROWS }, (_, i) => (i % 50 === 0 ? `"Frase ${i}, con coma",Phrase ${i},${1 + Math.floor(i / 10) % 1000}` : `Frase número ${i},Phrase number ${i},${1 + Math.floor(i / 10) % 1000}`)),
  ].join("\n");

  const started = performance.now();
  const check = checkPhraseRows(text);
  const checked = performance.now();
  if (!check.ok) throw new Error(check.error);
  const { count } = await importPhrases({ ...catalog, storage: runtime.storage, logger: runtime.logger }, { languageId: "spanish", levelId: "a1", lessonId: "big" }, check.rows);
  const saved = performance.now();
  if (count !== ROWS) throw new Error(`Imported ${count} rows, not ${ROWS}`);

  // 100 phrases, paste to playable: each its own file.
  const spoken = { languageId: "spanish", levelId: "a1", lessonId: "spoken" };
  const hundred = Array.from({ length: 100 }, (_, i) => `Frase número ${i + 1},Phrase number ${i + 1}`).join("\n");
  const pasted = performance.now();
  const small = checkPhraseRows(hundred);
  if (!small.ok) throw new Error(small.error);
  await importPhrases({ ...catalog, storage: runtime.storage, logger: runtime.logger }, spoken, small.rows, "each");
  const speech = { ...catalog, storage: runtime.storage, tts: runtime.tts, logger: runtime.logger };
  let files = 0;
  for (let next = await nextAudiolessGroup(runtime.database.db, [], spoken); next.group; next = await nextAudiolessGroup(runtime.database.db, [], spoken)) {
    const result = await generateGroupAudio(speech, next.group);
    if (result.status === "generated") files++;
  }
  const playable = performance.now();
  if (files !== 100) throw new Error(`Generated ${files} files, not 100`);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    `## Phrase import, ${database.driver} (target: 10,000 phrases, text only, < 10 s)`,
    "",
    `Measured ${new Date().toISOString()} (${os.cpus().length} cores, Node ${process.version}). Rerun: \`npm run bench:phrase-import\`.`,
    `${ROWS.toLocaleString("en-US")} CSV rows (${Math.round(text.length / 1024)} KB) into one lesson: read and checked, then saved in one transaction with one change log entry.`,
    "",
    "| Step | Time |",
    "| --- | --- |",
    `| Read and check the rows (csv-parse) | ${seconds(checked - started)} |`,
    `| Save them (one transaction) | ${seconds(saved - checked)} |`,
    `| In all | ${seconds(saved - started)} |`,
    "",
    `Then 100 phrases from paste to playable, each with its own generated file (${runtime.env.TTS_URL ? "the speech server" : "the built-in engine"}), as the Import phrases dialog does it: ${seconds(playable - pasted)} (target: under 2 minutes).`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
} finally {
  await runtime.close();
  await database.remove();
}
