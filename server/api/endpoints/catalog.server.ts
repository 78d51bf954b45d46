import type { Request, Response } from "express";
import Negotiator from "negotiator";
import { z } from "zod";
import { matchesTag } from "#server/api/api-router.server.ts";
import { endpoint, type Answer } from "#server/api/endpoint.server.ts";
import {
  DEFAULT_LESSON_PAGE,
  MAX_LESSON_PAGE,
  languagesAnswer,
  lessonAnswer,
  lessonsAnswer,
  levelsAnswer,
  type CatalogAnswer,
} from "#server/catalog/catalog-api.server.ts";

/**
 * The public catalogue for reading and offline download, as the website shows it: locked levels and lessons are
 * listed with `locked: true` and their counts, never their contents, and reading a locked one's contents is a 403.
 * Every read has an ETag; `If-None-Match` with a current one is a 304 that builds no body and asks no database.
 */

const tag = "Catalogue";

/** What the router gives every public read (server/api/api-router.server.ts): a cache may keep it but must revalidate. */
const PUBLIC_READ_CACHE = "no-cache";

/**
 * A matching `If-None-Match` is answered here, before the body is built. Otherwise the body with its tag, sent here
 * already gzipped when the client takes gzip and the answer keeps a compressed copy (the router then has nothing to do).
 */
function conditionally<T>({ req, res }: { req: Request; res: Response }, answer: CatalogAnswer<T>): Answer<T> {
  if (matchesTag(req.headers["if-none-match"], answer.etag)) return { status: 304, headers: { ETag: answer.etag } };
  const gzipped = new Negotiator(req).encodings(["gzip", "identity"])[0] === "gzip" ? answer.gzipped() : undefined;
  if (!gzipped) return { etag: answer.etag, body: answer.body() };
  res
    .status(200)
    .set({
      "Cache-Control": PUBLIC_READ_CACHE,
      ETag: answer.etag,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Encoding": "gzip",
      Vary: "Accept-Encoding",
      "Content-Length": String(gzipped.length),
    })
    .end(gzipped);
  return {};
}

const LOCKED_READ =
  "A locked one's contents are never given: the answer is a 403 problem saying the content is available in the app " +
  "once unlocked (the website sends visitors to /locked-content instead).";

const CONDITIONAL_READ = "Send the ETag of an earlier answer in `If-None-Match`: while it is current the answer is 304 with no body.";

const idSchema = z.string().min(1).max(200);

const languageSchema = z
  .object({
    id: z.string().meta({ example: "spanish" }),
    name: z.string().meta({ example: "Spanish" }),
    flagUrl: z.string().meta({ description: "The flag image's absolute address; empty when none is set." }),
    levelCount: z.number().int().nonnegative(),
  })
  .meta({ id: "Language" });

const levelSchema = z
  .object({
    id: z.string().meta({ example: "a1" }),
    title: z.string().meta({ example: "Beginner" }),
    cefrLabel: z.string().meta({ example: "A1" }),
    iconUrl: z.string().meta({ description: "The icon's absolute address; empty when none is set." }),
    locked: z.boolean().meta({ description: "A locked level is listed, but its lessons are not given (403)." }),
    lessonCount: z.number().int().nonnegative(),
  })
  .meta({ id: "Level" });

const lessonSummarySchema = z
  .object({
    id: z.string().meta({ example: "greetings" }),
    title: z.string().meta({ example: "Greetings" }),
    translatedTitle: z.string().meta({ example: "Saludos" }),
    iconUrl: z.string().meta({ description: "The icon's absolute address; empty when none is set." }),
    locked: z.boolean().meta({ description: "A locked lesson is listed, but its phrases and audio are not given (403)." }),
    phraseCount: z.number().int().nonnegative(),
  })
  .meta({ id: "LessonSummary" });

const phraseSchema = z
  .object({
    id: z.string().meta({ example: "6f1c7a52-8a0e-4a8e-9a53-2f1f7cf4b0d2" }),
    originalText: z.string().meta({ example: "Hola" }),
    translatedText: z.string().meta({ example: "Hello" }),
    cue: z
      .object({ startMs: z.number().int().nonnegative(), endMs: z.number().int().positive() })
      .nullable()
      .meta({ description: "Where the phrase is spoken in its group's audio; null while unknown (play the whole file)." }),
    reading: z.string().nullable().meta({ description: "A reading aid in Latin letters (romaji, pinyin, a transliteration); null when there is none." }),
  })
  .meta({ id: "Phrase" });

const audioSchema = z
  .object({
    url: z.string().meta({ description: "The audio file's absolute address.", example: "https://phrasewise.example/storage/content/audio/9f86d081884c7d659a2feaa0c55ad015-hola.mp3" }),
    byteSize: z.number().int().nonnegative().nullable().meta({ description: "The file's length in bytes; null when the server cannot vouch for the file (see sha256)." }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .meta({
        description:
          "The SHA-256 of the file's bytes, lowercase hex, to check a download. Null, with byteSize, when the file is " +
          "missing from the site's storage or is hosted elsewhere: the lesson is still given, and the app may stream " +
          "the address but cannot check a copy of it. A file's address changes whenever its content does.",
      }),
  })
  .meta({ id: "Audio" });

const audioGroupSchema = z
  .object({ audio: audioSchema, phrases: z.array(phraseSchema) })
  .meta({ id: "AudioGroup", description: "Phrases spoken in one audio file, in the order the lesson lists them." });

export const languagesEndpoint = endpoint({
  method: "get",
  path: "/languages",
  operationId: "listLanguages",
  summary: "Languages",
  description: `Every language, in the order of the website's Languages page. ${CONDITIONAL_READ}`,
  tag,
  access: "public",
  conditional: true,
  response: { status: 200, description: "The languages.", schema: z.object({ languages: z.array(languageSchema) }) },
  async handler({ runtime, req, res }) {
    return conditionally({ req, res }, languagesAnswer(runtime, await runtime.catalog()));
  },
});

export const levelsEndpoint = endpoint({
  method: "get",
  path: "/languages/{languageId}/levels",
  operationId: "listLevels",
  summary: "Levels of a language",
  description: `The language's levels in the website's order, locked ones included with \`locked: true\`. ${CONDITIONAL_READ}`,
  tag,
  access: "public",
  params: z.object({ languageId: idSchema }),
  problems: [404],
  conditional: true,
  response: {
    status: 200,
    description: "The language and its levels.",
    schema: z.object({ language: languageSchema, levels: z.array(levelSchema) }),
  },
  async handler({ runtime, req, res, params }) {
    return conditionally({ req, res }, levelsAnswer(runtime, await runtime.catalog(), params.languageId));
  },
});

export const lessonsEndpoint = endpoint({
  method: "get",
  path: "/languages/{languageId}/levels/{levelId}/lessons",
  operationId: "listLessons",
  summary: "Lessons of a level",
  description:
    `The level's lessons in the website's order, locked ones included with \`locked: true\`, a page at a time: follow ` +
    `\`nextCursor\` (null on the last page) in \`cursor\`. A cursor is opaque and belongs to its level; an altered one is ` +
    `a 400. The lessons of a locked level are not listed. ${LOCKED_READ} ${CONDITIONAL_READ}`,
  tag,
  access: "public",
  params: z.object({ languageId: idSchema, levelId: idSchema }),
  query: z.object({
    limit: z.coerce.number().int().min(1).max(MAX_LESSON_PAGE).optional().meta({ description: `Lessons per page (default ${DEFAULT_LESSON_PAGE}).` }),
    cursor: z.string().min(1).max(2000).optional().meta({ description: "The `nextCursor` of the previous page." }),
  }),
  problems: [403, 404],
  conditional: true,
  response: {
    status: 200,
    description: "The level and one page of its lessons.",
    schema: z.object({
      level: levelSchema,
      lessons: z.array(lessonSummarySchema),
      nextCursor: z.string().nullable().meta({ description: "Where the next page starts; null when this page is the last." }),
    }),
  },
  async handler({ runtime, req, res, params, query }) {
    return conditionally({ req, res }, lessonsAnswer(runtime, await runtime.catalog(), params, query));
  },
});

export const lessonEndpoint = endpoint({
  method: "get",
  path: "/languages/{languageId}/levels/{levelId}/lessons/{lessonId}",
  operationId: "getLesson",
  summary: "A lesson with its phrases",
  description:
    "The lesson's phrases grouped by the audio file they are spoken in, each file with its absolute address, byte size " +
    "and SHA-256 for offline download (null size and hash when the file is missing or hosted elsewhere). " +
    `${LOCKED_READ} ${CONDITIONAL_READ}`,
  tag,
  access: "public",
  params: z.object({ languageId: idSchema, levelId: idSchema, lessonId: idSchema }),
  problems: [403, 404],
  conditional: true,
  response: {
    status: 200,
    description: "The lesson.",
    schema: z.object({ lesson: lessonSummarySchema, audioGroups: z.array(audioGroupSchema) }),
  },
  async handler({ runtime, req, res, params }) {
    return conditionally({ req, res }, await lessonAnswer(runtime, await runtime.catalog(), params));
  },
});

export const catalogEndpoints = [languagesEndpoint, levelsEndpoint, lessonsEndpoint, lessonEndpoint];
