import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { asc, count, gt, sql } from "drizzle-orm";
import { createTarPacker } from "modern-tar";
import type { Database, Transaction } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { storedFileAt, type Storage } from "#server/storage/storage.server.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  fileEntryName,
  MANIFEST_NAME,
  type ArchiveFile,
  type FileRef,
  type LanguageRow,
  type LessonRow,
  type LevelRow,
  type PhraseRow,
} from "./archive-format.server.ts";

export interface ExportDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  source: { siteName: string; url: string };
  /** Where the manifest is written before it is packed (its size goes in the tar header ahead of it). */
  tmpDir: string;
}

/** Phrases read per query: a page of rows is all the export holds of the catalogue at once. */
const PAGE_SIZE = 2_000;

/**
 * Streams the whole catalogue as an archive into `out`. The rows are read in pages inside one read-only, repeatable
 * read transaction (a consistent snapshot, never the whole table in memory) and written to a temporary manifest file;
 * the files the rows name are then hashed, and the tar (manifest first, then each distinct file once) is piped out
 * one file at a time.
 */
export async function exportCatalog(deps: ExportDeps, out: Writable): Promise<{ bytes: number; files: number; phrases: number }> {
  fs.mkdirSync(deps.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(deps.tmpDir, "catalog-export-"));
  try {
    const manifestPath = path.join(dir, MANIFEST_NAME);
    const written = await writeManifest(deps, manifestPath);
    let bytes = 0;
    const { readable, controller } = createTarPacker();
    const packing = (async () => {
      try {
        const manifestEntry = controller.add({ name: MANIFEST_NAME, size: fs.statSync(manifestPath).size, type: "file", mode: 0o644 });
        await (Readable.toWeb(fs.createReadStream(manifestPath)) as ReadableStream<Uint8Array>).pipeTo(manifestEntry);
        const packed = new Set<string>();
        for (const file of written.files) {
          if (packed.has(file.sha256)) continue;
          packed.add(file.sha256);
          const data = await deps.storage.read(file.bucket, file.key);
          if (!data || data.byteLength !== file.size) throw new Error(`Stored file ${file.bucket}/${file.key} changed while it was exported`);
          const writer = controller.add({ name: fileEntryName(file.sha256), size: file.size, type: "file", mode: 0o644 }).getWriter();
          await writer.write(data);
          await writer.close();
        }
        controller.finalize();
      } catch (error) {
        controller.error(error);
        throw error;
      }
    })();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.byteLength;
        callback(null, chunk);
      },
    });
    // `out` is left open (the caller ends it); its failure (a download cut short) stops the export.
    await Promise.all([packing, pipeline(Readable.fromWeb(readable as NodeReadableStream<Uint8Array>), counter, out, { end: false })]);
    return { bytes, files: new Set(written.files.map((f) => f.sha256)).size, phrases: written.phrases };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The manifest, streamed to `file` as JSON (rows a page at a time); returns the files it names. */
async function writeManifest(deps: ExportDeps, file: string): Promise<{ files: ArchiveFile[]; phrases: number }> {
  const out = fs.createWriteStream(file);
  // events.once rejects on an error and removes its listeners again, whichever comes first.
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const refs = new Map<string, FileRef>();
  const files = new Map<string, ArchiveFile>();
  const ref = (url: string): FileRef => refs.get(url) ?? { url };

  let phraseCount = 0;
  await deps.db.transaction(
    async (tx) => {
      for (const url of await fileAddresses(tx)) {
        const file = storedFileAt(deps.storage, url);
        if (!file) continue;
        const data = await deps.storage.read(file.bucket, file.key);
        // A row naming a file that is gone keeps its address as it is, as the site shows it today.
        if (!data) {
          deps.logger.warn(`Stored file ${file.bucket}/${file.key} is missing; the archive keeps its address only`);
          continue;
        }
        refs.set(url, { bucket: file.bucket, key: file.key });
        files.set(`${file.bucket}/${file.key}`, { bucket: file.bucket, key: file.key, sha256: createHash("sha256").update(data).digest("hex"), size: data.byteLength });
      }
      const counts = { ...(await countRows(tx)), files: files.size };
      phraseCount = counts.phrases;
      await write(`{"format":${JSON.stringify(ARCHIVE_FORMAT)},"version":${ARCHIVE_VERSION},"exportedAt":${JSON.stringify(new Date().toISOString())},`);
      await write(`"source":${JSON.stringify(deps.source)},"counts":${JSON.stringify(counts)}`);
      await write(`,"files":${JSON.stringify([...files.values()])}`);

      const languageRows = await tx.select().from(languages).orderBy(asc(languages.id));
      await writeArray(write, "languages", languageRows.map((l): LanguageRow => ({ id: l.id, name: l.name, flag: ref(l.flagUrl), voice: l.voice, createdAt: l.createdAt.toISOString() })));
      const levelRows = await tx.select().from(levels).orderBy(asc(levels.languageId), asc(levels.id));
      await writeArray(
        write,
        "levels",
        levelRows.map((l): LevelRow => ({ languageId: l.languageId, id: l.id, title: l.title, cefrLabel: l.cefrLabel, icon: ref(l.iconUrl), orderIndex: l.orderIndex, isLocked: l.isLocked, createdAt: l.createdAt.toISOString() })),
      );
      const lessonRows = await tx.select().from(lessons).orderBy(asc(lessons.languageId), asc(lessons.levelId), asc(lessons.id));
      await writeArray(
        write,
        "lessons",
        lessonRows.map(
          (l): LessonRow => ({
            languageId: l.languageId,
            levelId: l.levelId,
            id: l.id,
            title: l.title,
            translatedTitle: l.translatedTitle,
            icon: ref(l.iconUrl),
            orderIndex: l.orderIndex,
            isLocked: l.isLocked,
            createdAt: l.createdAt.toISOString(),
          }),
        ),
      );

      await write(`,"phrases":[`);
      let after: string | undefined;
      let first = true;
      for (;;) {
        const page = await tx
          .select()
          .from(phrases)
          .where(after === undefined ? undefined : gt(phrases.id, after))
          .orderBy(asc(phrases.id))
          .limit(PAGE_SIZE);
        if (page.length === 0) break;
        const rows = page.map(
          (p): PhraseRow => ({
            id: p.id,
            languageId: p.languageId,
            levelId: p.levelId,
            lessonId: p.lessonId,
            originalText: p.originalText,
            translatedText: p.translatedText,
            audio: ref(p.audioUrl),
            position: p.position,
            cueStartMs: p.cueStartMs,
            cueEndMs: p.cueEndMs,
            reading: p.reading,
            readingEdited: p.readingEdited,
            audioBatch: p.audioBatch,
            createdAt: p.createdAt.toISOString(),
          }),
        );
        await write((first ? "" : ",") + rows.map((row) => JSON.stringify(row)).join(","));
        first = false;
        after = page.at(-1)!.id;
      }
      await write("]}");
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { files: [...files.values()], phrases: phraseCount };
}

async function writeArray(write: (text: string) => Promise<void>, name: string, rows: unknown[]) {
  await write(`,${JSON.stringify(name)}:[`);
  for (let i = 0; i < rows.length; i += PAGE_SIZE) await write((i === 0 ? "" : ",") + rows.slice(i, i + PAGE_SIZE).map((row) => JSON.stringify(row)).join(","));
  await write("]");
}

/** One after another: a transaction is one connection, which takes one query at a time (pg 9 refuses a second). */
async function countRows(tx: Transaction) {
  const [l] = await tx.select({ n: count() }).from(languages);
  const [v] = await tx.select({ n: count() }).from(levels);
  const [s] = await tx.select({ n: count() }).from(lessons);
  const [p] = await tx.select({ n: count() }).from(phrases);
  return { languages: l!.n, levels: v!.n, lessons: s!.n, phrases: p!.n };
}

/** Every address the catalogue's rows name (a flag, an icon, a group's audio), once each. */
async function fileAddresses(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ url: languages.flagUrl })
    .from(languages)
    .union(tx.select({ url: levels.iconUrl }).from(levels))
    .union(tx.select({ url: lessons.iconUrl }).from(lessons))
    .union(tx.select({ url: phrases.audioUrl }).from(phrases))
    .orderBy(asc(sql`1`));
  return rows.map((row) => row.url);
}

/** Where the CLI writes an export: to `file`, through a temporary name, so a failed export leaves no partial archive. */
export async function exportCatalogToFile(deps: Omit<ExportDeps, "tmpDir">, file: string) {
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  try {
    const result = await exportCatalog({ ...deps, tmpDir: os.tmpdir() }, out);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    fs.renameSync(partial, file);
    return result;
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** An export's dependencies from the running installation. */
export function exportDeps(runtime: Runtime): Omit<ExportDeps, "tmpDir"> {
  return {
    db: runtime.database.db,
    storage: runtime.storage,
    logger: runtime.logger,
    source: { siteName: runtime.env.SITE_NAME, url: runtime.env.PUBLIC_URL ?? "" },
  };
}
