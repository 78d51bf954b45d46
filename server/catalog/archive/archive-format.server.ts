import { z } from "#common/zod.ts";
import { buckets } from "#server/storage/storage.server.ts";

/**
 * The catalogue archive (docs/catalogue-archive.md): a tar stream whose first entry is `manifest.json` and whose other
 * entries are `files/<sha256>`, one per distinct file content. The manifest is validated whole before anything is
 * written, so its schema is the import's first line of defence.
 */
export const ARCHIVE_FORMAT = "phrasewise-catalogue";
export const ARCHIVE_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const fileEntryName = (sha256: string) => `files/${sha256}`;

/** A manifest past this is refused before it is parsed (100,000 phrases make about 40 MB). */
export const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

const MAX_ID = 200;
const MAX_TEXT = 10_000;
const MAX_URL = 2_000;

const id = z.string().min(1).max(MAX_ID);
const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "a lowercase hex SHA-256");
const storageKey = z
  .string()
  .min(1)
  .max(MAX_URL)
  .refine((key) => !key.startsWith("/") && !key.includes("\0") && !key.split("/").some((part) => part === "" || part === "." || part === ".."), "a safe storage key");

/** A row's file: one of the archive's stored files (by bucket and key), or an address that is not ours (kept as is). */
export const fileRefSchema = z.union([
  z.strictObject({ bucket: z.enum(buckets), key: storageKey }),
  z.strictObject({ url: z.string().max(MAX_URL) }),
]);
export type FileRef = z.infer<typeof fileRefSchema>;

export const archiveFileSchema = z.strictObject({
  bucket: z.enum(buckets),
  key: storageKey,
  sha256,
  size: z.number().int().nonnegative(),
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

export const languageRowSchema = z.strictObject({
  id,
  name: z.string().max(MAX_TEXT),
  flag: fileRefSchema,
  voice: z.string().max(MAX_ID).nullable(),
  createdAt: instant,
});

export const levelRowSchema = z.strictObject({
  languageId: id,
  id,
  title: z.string().max(MAX_TEXT),
  cefrLabel: z.string().max(MAX_ID),
  icon: fileRefSchema,
  orderIndex: z.number().int().nullable(),
  isLocked: z.boolean(),
  createdAt: instant,
});

export const lessonRowSchema = z.strictObject({
  languageId: id,
  levelId: id,
  id,
  title: z.string().max(MAX_TEXT),
  translatedTitle: z.string().max(MAX_TEXT),
  icon: fileRefSchema,
  orderIndex: z.number().int().nullable(),
  isLocked: z.boolean(),
  createdAt: instant,
});

export const phraseRowSchema = z
  .strictObject({
    id: z.uuid(),
    languageId: id,
    levelId: id,
    lessonId: id,
    originalText: z.string().max(MAX_TEXT),
    translatedText: z.string().max(MAX_TEXT),
    audio: fileRefSchema,
    position: z.number().int(),
    cueStartMs: z.number().int().nonnegative().nullable(),
    cueEndMs: z.number().int().nonnegative().nullable(),
    reading: z.string().max(MAX_TEXT).nullable(),
    readingEdited: z.boolean(),
    // Rows to share one generated file while they have no audio (docs/decisions/019-import-audio-batches.md). Archives
    // made before it have no such field: their audio-less rows are one group per lesson, as they were.
    audioBatch: z.uuid().nullable().optional(),
    createdAt: instant,
  })
  .refine(
    (p) => (p.cueStartMs === null && p.cueEndMs === null) || (p.cueStartMs !== null && p.cueEndMs !== null && p.cueEndMs > p.cueStartMs),
    "a cue has both ends and lasts",
  );

export const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: instant,
  source: z.strictObject({ siteName: z.string().max(200), url: z.string().max(MAX_URL) }),
  counts: z.strictObject({
    languages: z.number().int().nonnegative(),
    levels: z.number().int().nonnegative(),
    lessons: z.number().int().nonnegative(),
    phrases: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
  }),
  languages: z.array(languageRowSchema),
  levels: z.array(levelRowSchema),
  lessons: z.array(lessonRowSchema),
  phrases: z.array(phraseRowSchema),
  files: z.array(archiveFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type LanguageRow = z.infer<typeof languageRowSchema>;
export type LevelRow = z.infer<typeof levelRowSchema>;
export type LessonRow = z.infer<typeof lessonRowSchema>;
export type PhraseRow = z.infer<typeof phraseRowSchema>;

/** Why an archive was refused: said to the admin as it is. */
export class ArchiveRefused extends Error {
  override name = "ArchiveRefused";
}

