import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { packTar, unpackTar } from "modern-tar";
import { exportCatalogToFile, exportDeps } from "#server/catalog/archive/catalog-export.server.ts";
import type { Database } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey, storedFileAt, type Storage } from "#server/storage/storage.server.ts";

/**
 * A catalogue with every kind of value an archive carries: stored flags, icons and audio (one file shared by a group),
 * an outside address, a locked level and lesson, cues, readings (one an admin wrote) and an empty icon.
 */
export async function seedArchiveCatalogue(runtime: Runtime) {
  const { db } = runtime.database;
  const put = async (bucket: "assets" | "content", folder: string, name: string, ext: string, text: string) =>
    (await runtime.storage.put(bucket, unguessableKey(folder, name, ext), new TextEncoder().encode(text), "application/octet-stream")).url;
  const flag = await put("assets", "flags", "japan", "png", "png-bytes-japan");
  const levelIcon = await put("assets", "icons", "n5", "png", "png-bytes-n5");
  const groupAudio = await put("content", "audio", "greetings", "mp3", "mp3-bytes-greetings".repeat(200));
  const soloAudio = await put("content", "audio", "thanks", "mp3", "mp3-bytes-thanks");
  await db.insert(languages).values([
    { id: "japanese", name: "Japanese", flagUrl: flag, voice: "ja" },
    { id: "spanish", name: "Spanish", flagUrl: "https://flags.example/es.png" },
  ]);
  await db.insert(levels).values([
    { languageId: "japanese", id: "a1", title: "Beginner", cefrLabel: "A1", iconUrl: levelIcon, orderIndex: 0 },
    { languageId: "japanese", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1, isLocked: true },
    { languageId: "spanish", id: "a1", title: "Principiante", cefrLabel: "A1", orderIndex: 0 },
  ]);
  await db.insert(lessons).values([
    { languageId: "japanese", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "挨拶", iconUrl: levelIcon, orderIndex: 0 },
    { languageId: "japanese", levelId: "a1", id: "secret", title: "Secret", translatedTitle: "秘密", orderIndex: 1, isLocked: true },
    { languageId: "japanese", levelId: "a2", id: "travel", title: "Travel", translatedTitle: "旅行", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "basics", title: "Basics", translatedTitle: "Básico", orderIndex: 0 },
  ]);
  await db.insert(phrases).values([
    { id: randomUUID(), languageId: "japanese", levelId: "a1", lessonId: "greetings", originalText: "こんにちは", translatedText: "Hello", audioUrl: groupAudio, position: 0, cueStartMs: 0, cueEndMs: 900, reading: "konnichiwa" },
    { id: randomUUID(), languageId: "japanese", levelId: "a1", lessonId: "greetings", originalText: "さようなら", translatedText: "Goodbye", audioUrl: groupAudio, position: 1, cueStartMs: 1000, cueEndMs: 2100, reading: "sayōnara (edited)", readingEdited: true },
    { id: randomUUID(), languageId: "japanese", levelId: "a1", lessonId: "secret", originalText: "ありがとう", translatedText: "Thank you", audioUrl: soloAudio, position: 0 },
    { id: randomUUID(), languageId: "japanese", levelId: "a2", lessonId: "travel", originalText: "駅はどこ", translatedText: "Where is the station", audioUrl: "", position: 0, audioBatch: randomUUID() },
    { id: randomUUID(), languageId: "spanish", levelId: "a1", lessonId: "basics", originalText: "Hola", translatedText: "Hello", audioUrl: "https://audio.example/hola.mp3", position: 0 },
  ]);
  await runtime.events.publish("catalog");
}

/** The catalogue's rows, whole and in a stable order (row-by-row comparisons between installations). */
export async function catalogueRows(db: Database) {
  const [l, v, s, p] = await Promise.all([
    db.select().from(languages).orderBy(asc(languages.id)),
    db.select().from(levels).orderBy(asc(levels.languageId), asc(levels.id)),
    db.select().from(lessons).orderBy(asc(lessons.languageId), asc(lessons.levelId), asc(lessons.id)),
    db.select().from(phrases).orderBy(asc(phrases.id)),
  ]);
  return JSON.parse(JSON.stringify({ languages: l, levels: v, lessons: s, phrases: p })) as unknown;
}

/** Every stored file the catalogue names, by address, with the SHA-256 of its bytes (file-by-file comparisons). */
export async function catalogueFiles(db: Database, storage: Storage) {
  const rows = (await catalogueRows(db)) as Record<string, Record<string, string>[]>;
  const urls = new Set(Object.values(rows).flatMap((table) => table.flatMap((row) => [row.flagUrl, row.iconUrl, row.audioUrl].filter((u): u is string => !!u))));
  const files: Record<string, string | null> = {};
  for (const url of [...urls].sort()) {
    const file = storedFileAt(storage, url);
    if (!file) continue;
    const data = await storage.read(file.bucket, file.key);
    files[url] = data ? createHash("sha256").update(data).digest("hex") : null;
  }
  return files;
}

export function tempArchivePath(name = "catalog.tar") {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-archive-")), name);
}

export async function exportTo(runtime: Runtime, file = tempArchivePath()) {
  await exportCatalogToFile(exportDeps(runtime), file);
  return file;
}

/** The archive at `file` rewritten: its manifest changed by `edit`, and the entries `keep` says yes to. */
export async function rewriteArchive(file: string, edit: (manifest: Record<string, unknown>) => void, keep: (name: string) => boolean = () => true) {
  const entries = await unpackTar(fs.readFileSync(file));
  const out = entries.filter((entry) => keep(entry.header.name)).map((entry) => {
    if (entry.header.name !== "manifest.json") return { header: entry.header, body: entry.data };
    const manifest = JSON.parse(new TextDecoder().decode(entry.data)) as Record<string, unknown>;
    edit(manifest);
    const body = new TextEncoder().encode(JSON.stringify(manifest));
    return { header: { ...entry.header, size: body.byteLength }, body };
  });
  const target = tempArchivePath("edited.tar");
  fs.writeFileSync(target, await packTar(out));
  return target;
}
