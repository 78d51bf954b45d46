import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { createTarDecoder } from "modern-tar";
import type { ImportSummary } from "#common/catalog-archive.ts";
import type { Database, Transaction } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases, reviewCards, userFavorites, userProgress } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { mediaTypeOf, type Storage } from "#server/storage/storage.server.ts";
import {
  ArchiveRefused,
  fileEntryName,
  MANIFEST_NAME,
  manifestSchema,
  MAX_MANIFEST_BYTES,
  type ArchiveFile,
  type FileRef,
  type Manifest,
} from "./archive-format.server.ts";
import { recordChange, type ChangeRecorder } from "#server/admin/change-log.server.ts";

export interface ImportDeps {
  db: Database;
  storage: Storage;
  events: EventBus;
  logger: Logger;
  /** Who imports, for the change log: one entry for the whole import. */
  changes: ChangeRecorder;
}

/** What an import adds, changes and removes, by table, with the learner rows that go with removed content. */
export type ImportPlan = ImportSummary;

interface Changes {
  added: string[];
  changed: string[];
  removed: string[];
}

/**
 * Reads and checks a whole archive without writing anything: the manifest against its schema, every row's references,
 * and every file present once with its size and SHA-256. A truncated archive, an extra or altered file, or a row that
 * names a file the archive lacks is refused here.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const expected = new Map<string, number>();
  const seen = new Set<string>();
  await forEachEntry(file, async (name, size, body) => {
    if (!manifest) {
      if (name !== MANIFEST_NAME) throw new ArchiveRefused(`The archive's first entry must be ${MANIFEST_NAME}, not ${name}.`);
      if (size > MAX_MANIFEST_BYTES) throw new ArchiveRefused(`The manifest is larger than ${MAX_MANIFEST_BYTES} bytes.`);
      manifest = parseManifest(await readAll(body));
      for (const f of manifest.files) expected.set(f.sha256, f.size);
      return;
    }
    const sha = /^files\/([0-9a-f]{64})$/.exec(name)?.[1];
    if (!sha || !expected.has(sha)) throw new ArchiveRefused(`The archive holds ${name}, which its manifest does not list.`);
    if (seen.has(sha)) throw new ArchiveRefused(`The archive holds ${name} twice.`);
    if (size !== expected.get(sha)) throw new ArchiveRefused(`${name} is ${size} bytes; the manifest says ${expected.get(sha)}.`);
    const hash = createHash("sha256");
    let length = 0;
    for await (const chunk of body) {
      hash.update(chunk);
      length += chunk.byteLength;
    }
    if (length !== size || hash.digest("hex") !== sha) throw new ArchiveRefused(`${name} does not match its SHA-256: the archive is damaged.`);
    seen.add(sha);
  });
  if (!manifest) throw new ArchiveRefused("The archive is empty: it has no manifest.");
  const missing = [...expected.keys()].filter((sha) => !seen.has(sha));
  if (missing.length > 0) throw new ArchiveRefused(`The archive lacks ${missing.length} of its files (${fileEntryName(missing[0]!)} first): it is truncated or incomplete.`);
  return manifest;
}

function parseManifest(bytes: Uint8Array): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new ArchiveRefused("The manifest is not valid JSON.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ArchiveRefused(`The manifest is not valid: ${issue.path.join(".") || "(root)"}: ${issue.message}.`);
  }
  checkReferences(parsed.data);
  return parsed.data;
}

/** Unique keys, parents present, every stored file a row names listed once in `files`, and the counts right. */
function checkReferences(m: Manifest) {
  const unique = (what: string, keys: string[]) => {
    const set = new Set(keys);
    if (set.size !== keys.length) throw new ArchiveRefused(`The manifest lists a ${what} twice.`);
    return set;
  };
  const languageKeys = unique("language", m.languages.map((l) => l.id));
  const levelKeys = unique("level", m.levels.map((l) => `${l.languageId}/${l.id}`));
  const lessonKeys = unique("lesson", m.lessons.map((l) => `${l.languageId}/${l.levelId}/${l.id}`));
  unique("phrase", m.phrases.map((p) => p.id));
  const fileKeys = unique("file", m.files.map((f) => `${f.bucket}/${f.key}`));
  for (const l of m.levels) if (!languageKeys.has(l.languageId)) throw new ArchiveRefused(`Level ${l.languageId}/${l.id} belongs to a language the archive lacks.`);
  for (const l of m.lessons) if (!levelKeys.has(`${l.languageId}/${l.levelId}`)) throw new ArchiveRefused(`Lesson ${l.languageId}/${l.levelId}/${l.id} belongs to a level the archive lacks.`);
  for (const p of m.phrases) if (!lessonKeys.has(`${p.languageId}/${p.levelId}/${p.lessonId}`)) throw new ArchiveRefused(`Phrase ${p.id} belongs to a lesson the archive lacks.`);
  const named: [string, FileRef][] = [
    ...m.languages.map((l): [string, FileRef] => [`language ${l.id}`, l.flag]),
    ...m.levels.map((l): [string, FileRef] => [`level ${l.languageId}/${l.id}`, l.icon]),
    ...m.lessons.map((l): [string, FileRef] => [`lesson ${l.languageId}/${l.levelId}/${l.id}`, l.icon]),
    ...m.phrases.map((p): [string, FileRef] => [`phrase ${p.id}`, p.audio]),
  ];
  for (const [row, ref] of named) {
    if ("key" in ref && !fileKeys.has(`${ref.bucket}/${ref.key}`)) throw new ArchiveRefused(`The ${row} names the file ${ref.bucket}/${ref.key}, which the archive lacks.`);
  }
  const counts = { languages: m.languages.length, levels: m.levels.length, lessons: m.lessons.length, phrases: m.phrases.length, files: m.files.length };
  for (const [table, n] of Object.entries(counts)) {
    if (m.counts[table as keyof typeof counts] !== n) throw new ArchiveRefused(`The manifest counts ${m.counts[table as keyof typeof counts]} ${table} but lists ${n}.`);
  }
}

/** Every entry of the tar at `file`, in order, each body read (or drained) before the next. */
async function forEachEntry(file: string, each: (name: string, size: number, body: AsyncIterable<Uint8Array>) => Promise<void>) {
  const source = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  const entries = source.pipeThrough(createTarDecoder({ strict: true }));
  try {
    for await (const entry of entries as unknown as AsyncIterable<{ header: { name: string; size: number; type?: string }; body: ReadableStream<Uint8Array> }>) {
      if (entry.header.type && entry.header.type !== "file") throw new ArchiveRefused(`The archive holds ${entry.header.name}, which is not a file.`);
      await each(entry.header.name, entry.header.size, entry.body as unknown as NodeReadableStream<Uint8Array>);
    }
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(`The archive cannot be read (${error instanceof Error ? error.message : String(error)}): it is truncated or not a catalogue archive.`);
  }
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The URL a row saves for a file reference, in this installation's storage. */
const urlOf = (storage: Storage, ref: FileRef) => ("key" in ref ? storage.url(ref.bucket, ref.key) : ref.url);

/** The archive's rows as this installation's tables would hold them. */
function rowsOf(storage: Storage, m: Manifest) {
  return {
    languages: m.languages.map((l) => ({ id: l.id, name: l.name, flagUrl: urlOf(storage, l.flag), voice: l.voice, createdAt: new Date(l.createdAt) })),
    levels: m.levels.map((l) => ({ languageId: l.languageId, id: l.id, title: l.title, cefrLabel: l.cefrLabel, iconUrl: urlOf(storage, l.icon), orderIndex: l.orderIndex, isLocked: l.isLocked, createdAt: new Date(l.createdAt) })),
    lessons: m.lessons.map((l) => ({
      languageId: l.languageId,
      levelId: l.levelId,
      id: l.id,
      title: l.title,
      translatedTitle: l.translatedTitle,
      iconUrl: urlOf(storage, l.icon),
      orderIndex: l.orderIndex,
      isLocked: l.isLocked,
      createdAt: new Date(l.createdAt),
    })),
    phrases: m.phrases.map((p) => ({
      id: p.id,
      languageId: p.languageId,
      levelId: p.levelId,
      lessonId: p.lessonId,
      originalText: p.originalText,
      translatedText: p.translatedText,
      audioUrl: urlOf(storage, p.audio),
      position: p.position,
      cueStartMs: p.cueStartMs,
      cueEndMs: p.cueEndMs,
      reading: p.reading,
      readingEdited: p.readingEdited,
      audioBatch: p.audioBatch ?? null,
      createdAt: new Date(p.createdAt),
    })),
  };
}
type Rows = ReturnType<typeof rowsOf>;

const keyOf = {
  languages: (r: { id: string }) => r.id,
  levels: (r: { languageId: string; id: string }) => `${r.languageId}/${r.id}`,
  lessons: (r: { languageId: string; levelId: string; id: string }) => `${r.languageId}/${r.levelId}/${r.id}`,
  phrases: (r: { id: string }) => r.id,
};

/** Compares rows by their values (dates by instant), whatever the driver hands back. */
const sameRow = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(b).every((k) => {
    const x = a[k];
    const y = b[k];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });

function diff<T extends Record<string, unknown>>(current: T[], wanted: T[], key: (row: T) => string) {
  const now = new Map(current.map((row) => [key(row), row]));
  const want = new Set<string>();
  const changes: Changes & { upsert: T[]; unchanged: number } = { added: [], changed: [], removed: [], upsert: [], unchanged: 0 };
  for (const row of wanted) {
    const k = key(row);
    want.add(k);
    const existing = now.get(k);
    if (!existing) {
      changes.added.push(k);
      changes.upsert.push(row);
    } else if (!sameRow(existing, row)) {
      changes.changed.push(k);
      changes.upsert.push(row);
    } else changes.unchanged++;
  }
  for (const k of now.keys()) if (!want.has(k)) changes.removed.push(k);
  changes.added.sort();
  changes.changed.sort();
  changes.removed.sort();
  return changes;
}

/** One after another: inside a transaction these share one connection, which takes one query at a time. */
async function currentRows(db: Database | Transaction) {
  return {
    languages: await db.select().from(languages),
    levels: await db.select().from(levels),
    lessons: await db.select().from(lessons),
    phrases: await db.select().from(phrases),
  };
}

/** The archive's files this installation lacks; a key holding other content is refused. */
async function filesToStage(storage: Storage, m: Manifest): Promise<ArchiveFile[]> {
  const newFiles: ArchiveFile[] = [];
  for (const file of m.files) {
    const existing = await storage.read(file.bucket, file.key);
    if (!existing) newFiles.push(file);
    else if (createHash("sha256").update(existing).digest("hex") !== file.sha256) {
      // A key names one file for ever (storage.server.ts): other content under it is not the same file.
      throw new ArchiveRefused(`This installation already has a different file at ${file.bucket}/${file.key}.`);
    }
  }
  return newFiles;
}

async function computePlan(db: Database | Transaction, m: Manifest, rows: Rows, newFiles: ArchiveFile[]) {
  const now = await currentRows(db);
  const tables = {
    languages: diff(now.languages, rows.languages, keyOf.languages),
    levels: diff(now.levels, rows.levels, keyOf.levels),
    lessons: diff(now.lessons, rows.lessons, keyOf.lessons),
    phrases: diff(now.phrases, rows.phrases, keyOf.phrases),
  };
  const removedPhrases = tables.phrases.removed;
  const removedLessons = now.lessons.filter((l) => tables.lessons.removed.includes(keyOf.lessons(l)));
  const learnerRows = {
    favoritesRemoved: await countIn(db, userFavorites, removedPhrases, (ids) => inArray(userFavorites.phraseId, ids)),
    progressRemoved: removedLessons.length === 0 ? 0 : await countProgress(db, removedLessons),
    reviewCardsLeavingDeck: await countIn(db, reviewCards, removedPhrases, (ids) => inArray(reviewCards.phraseId, ids)),
  };
  const plan: ImportPlan = {
    counts: {
      languages: counted(tables.languages),
      levels: counted(tables.levels),
      lessons: counted(tables.lessons),
      phrases: counted(tables.phrases),
      files: { added: newFiles.length, changed: 0, removed: 0, unchanged: m.files.length - newFiles.length },
    },
    languages: strip(tables.languages),
    levels: strip(tables.levels),
    lessons: strip(tables.lessons),
    phrases: strip(tables.phrases),
    files: { added: newFiles.map((f) => `${f.bucket}/${f.key}`).sort() },
    learnerRows,
  };
  return { plan, tables };
}

const counted = (c: Changes & { unchanged: number }) => ({ added: c.added.length, changed: c.changed.length, removed: c.removed.length, unchanged: c.unchanged });
const strip = (c: Changes): Changes => ({ added: c.added, changed: c.changed, removed: c.removed });

const CHUNK = 1_000;

async function countIn(db: Database | Transaction, table: typeof userFavorites | typeof reviewCards, ids: string[], where: (ids: string[]) => ReturnType<typeof inArray>) {
  let n = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const [row] = await db.select({ n: count() }).from(table).where(where(ids.slice(i, i + CHUNK)));
    n += row!.n;
  }
  return n;
}

async function countProgress(db: Database | Transaction, removed: { languageId: string; levelId: string; id: string }[]) {
  let n = 0;
  for (const l of removed) {
    const [row] = await db
      .select({ n: count() })
      .from(userProgress)
      .where(and(eq(userProgress.languageId, l.languageId), eq(userProgress.levelId, l.levelId), eq(userProgress.lessonId, l.id)));
    n += row!.n;
  }
  return n;
}

/** What importing the archive at `file` would do, with nothing written. */
export async function planImport(deps: ImportDeps, file: string): Promise<ImportPlan> {
  const manifest = await verifyArchive(file);
  return (await computePlan(deps.db, manifest, rowsOf(deps.storage, manifest), await filesToStage(deps.storage, manifest))).plan;
}

/**
 * Makes the catalogue equal to the archive at `file`. The archive is verified whole first; the files this installation
 * lacks are then written under their keys; then one transaction adds, changes and removes rows (parents upserted
 * before children, removals last, so a phrase that moves to another lesson keeps its learners' favourites). Any
 * failure rolls the transaction back and deletes the files this import wrote. One "catalog" event after the commit.
 */
export async function importCatalog(deps: ImportDeps, file: string): Promise<ImportPlan> {
  const manifest = await verifyArchive(file);
  const rows = rowsOf(deps.storage, manifest);
  const newFiles = await filesToStage(deps.storage, manifest);
  const written: ArchiveFile[] = [];
  try {
    await stageFiles(deps, file, newFiles, written);
    const plan = await deps.db.transaction(async (tx) => {
      // The plan again, inside the transaction: what it says is what the transaction did.
      const { plan, tables } = await computePlan(tx, manifest, rows, newFiles);
      await upsert(tx, tables);
      await remove(tx, tables);
      const { counts } = plan;
      const touched = (Object.keys(counts) as (keyof typeof counts)[]).map((table) => {
        const { added, changed, removed } = counts[table];
        return added + changed + removed;
      });
      const total = touched.reduce((sum, n) => sum + n, 0);
      // An archive equal to the catalogue changes nothing, so there is nothing to log.
      if (total > 0) await recordChange(tx, deps.changes, { section: "catalog", action: "Imported the catalog archive", subject: describeCounts(counts), count: total });
      return plan;
    });
    await deps.events.publish("catalog");
    return plan;
  } catch (error) {
    for (const f of written) await deps.storage.delete(f.bucket, f.key).catch((e: unknown) => deps.logger.warn(`Could not delete staged ${f.key}`, e));
    throw error;
  }
}

async function stageFiles(deps: ImportDeps, file: string, wanted: ArchiveFile[], written: ArchiveFile[]) {
  if (wanted.length === 0) return;
  const bySha = new Map<string, ArchiveFile[]>();
  for (const f of wanted) bySha.set(f.sha256, [...(bySha.get(f.sha256) ?? []), f]);
  await forEachEntry(file, async (name, _size, body) => {
    const targets = bySha.get(name.slice("files/".length));
    if (name === MANIFEST_NAME || !targets) {
      for await (const _ of body) void _;
      return;
    }
    const data = await readAll(body);
    // Read again since verification: the file must still be what the manifest says.
    if (createHash("sha256").update(data).digest("hex") !== targets[0]!.sha256) throw new ArchiveRefused(`${name} changed while it was imported.`);
    for (const target of targets) {
      await deps.storage.put(target.bucket, target.key, data, mediaTypeOf(target.key));
      written.push(target);
    }
  });
}

type Tables = Awaited<ReturnType<typeof computePlan>>["tables"];

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function upsert(tx: Transaction, t: Tables) {
  for (let i = 0; i < t.languages.upsert.length; i += CHUNK) {
    await tx
      .insert(languages)
      .values(t.languages.upsert.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target: languages.id, set: { name: excluded("name"), flagUrl: excluded("flag_url"), voice: excluded("voice"), createdAt: excluded("created_at") } });
  }
  for (let i = 0; i < t.levels.upsert.length; i += CHUNK) {
    await tx
      .insert(levels)
      .values(t.levels.upsert.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [levels.languageId, levels.id],
        set: { title: excluded("title"), cefrLabel: excluded("cefr_label"), iconUrl: excluded("icon_url"), orderIndex: excluded("order_index"), isLocked: excluded("is_locked"), createdAt: excluded("created_at") },
      });
  }
  for (let i = 0; i < t.lessons.upsert.length; i += CHUNK) {
    await tx
      .insert(lessons)
      .values(t.lessons.upsert.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [lessons.languageId, lessons.levelId, lessons.id],
        set: {
          title: excluded("title"),
          translatedTitle: excluded("translated_title"),
          iconUrl: excluded("icon_url"),
          orderIndex: excluded("order_index"),
          isLocked: excluded("is_locked"),
          createdAt: excluded("created_at"),
        },
      });
  }
  for (let i = 0; i < t.phrases.upsert.length; i += CHUNK) {
    await tx
      .insert(phrases)
      .values(t.phrases.upsert.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: phrases.id,
        set: {
          languageId: excluded("language_id"),
          levelId: excluded("level_id"),
          lessonId: excluded("lesson_id"),
          originalText: excluded("original_text"),
          translatedText: excluded("translated_text"),
          audioUrl: excluded("audio_url"),
          position: excluded("position"),
          cueStartMs: excluded("cue_start_ms"),
          cueEndMs: excluded("cue_end_ms"),
          reading: excluded("reading"),
          readingEdited: excluded("reading_edited"),
          audioBatch: excluded("audio_batch"),
          createdAt: excluded("created_at"),
        },
      });
  }
}

/** Children first; the foreign keys' cascades take favourites and progress with them (the dry run counted them). */
async function remove(tx: Transaction, t: Tables) {
  for (let i = 0; i < t.phrases.removed.length; i += CHUNK) await tx.delete(phrases).where(inArray(phrases.id, t.phrases.removed.slice(i, i + CHUNK)));
  for (const key of t.lessons.removed) {
    const [languageId, levelId, id] = key.split("/") as [string, string, string];
    await tx.delete(lessons).where(and(eq(lessons.languageId, languageId), eq(lessons.levelId, levelId), eq(lessons.id, id)));
  }
  for (const key of t.levels.removed) {
    const [languageId, id] = key.split("/") as [string, string];
    await tx.delete(levels).where(and(eq(levels.languageId, languageId), eq(levels.id, id)));
  }
  if (t.languages.removed.length > 0) await tx.delete(languages).where(inArray(languages.id, t.languages.removed));
}

/** "3 phrases added, 1 lesson changed, 2 phrases removed". */
function describeCounts(counts: ImportPlan["counts"]): string {
  const parts: string[] = [];
  for (const verb of ["added", "changed", "removed"] as const) {
    for (const table of ["languages", "levels", "lessons", "phrases", "files"] as const) {
      const n = counts[table][verb];
      if (n > 0) parts.push(`${n} ${n === 1 ? table.slice(0, -1) : table} ${verb}`);
    }
  }
  return parts.join(", ");
}
