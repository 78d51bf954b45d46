import { isMediaAddress } from "#common/media-url.ts";
import { z } from "#common/zod.ts";

/** The texts of SPEC §5 and §8 for the admin Phrases tab, word for word. */
/** The Phrases tab's search box: below 2 characters nearly everything matches (and no trigram index helps). */
export const PHRASE_SEARCH = { minLength: 2, maxLength: 100, pageSize: 20 } as const;

/** The longest text speech is made for (Generate Audio and the audio backfill): a phrase, not a page. */
export const SPEECH_TEXT_MAX = 1000;

/** The most rows one dialog saves, and so the most phrases "Generate audio for the whole group" speaks at once. */
export const PHRASE_ROWS_MAX = 100;

export const phraseText = {
  languageRequired: "Language is required",
  levelRequired: "Level is required",
  lessonRequired: "Lesson is required",
  invalidAudioUrl: "Please enter a valid URL for the audio file",
  atLeastOnePhrase: "At least one phrase with translation is required",
  /** Beyond SPEC §5, which drops such a row without a word (issue 27): the admin would lose what they typed. */
  halfRow: (position: number) => `Phrase ${position} needs both its original text and its translation`,
  needTextForAudio: "Please enter at least one phrase to generate audio",
  tooManyForAudio: `At most ${PHRASE_ROWS_MAX} phrases can be spoken at once`,
  notAudioFile: "Please select an audio file",
  /** SPEC §8 '{n} phrases added successfully', in the singular for one (SPEC §9: counts read singular or plural). */
  added: (count: number) => `${count} ${count === 1 ? "phrase" : "phrases"} added successfully`,
  updated: "Phrases updated successfully",
  /** Deleting a whole audio group (issue 27). */
  groupDeleted: (count: number) => `Audio group deleted with its ${count} ${count === 1 ? "phrase" : "phrases"}`,
  groupDeleteFailed: "Failed to delete the audio group",
  /** Editing a group's texts while its audio stays (issue 27). */
  audioOutdated: "The audio no longer matches these phrases: it was made for them as they were before your changes.",
  regenerateAudio: "Make new audio for these phrases",
  groupDeleteWarning: (count: number) =>
    `This deletes the group's ${count} ${count === 1 ? "phrase" : "phrases"} and its audio file when no other group plays it. Learners lose these phrases from their favorites and reviews.`,
  addFailed: "Failed to add phrases",
  updateFailed: "Failed to update phrases",
  generating: "Generating audio...",
  generated: "Audio generated successfully",
  generateFailed: (message: string) => `Failed to generate audio: ${message}`,
  invalidTtsResponse: "Invalid response from text-to-speech service",
  textTooLong: "The text is too long",
  uploading: "Uploading audio file...",
  uploaded: "Audio file uploaded successfully",
  uploadFailed: (message: string) => `Failed to upload audio file: ${message}`,
  playFailed: "Failed to play audio. Please check the URL.",
  noPhrases: "No phrases found. Add your first phrase to get started.",
  noLessons: "Add languages, levels, and lessons first before creating phrases.",
} as const;

/** A path on this site or an http(s) address (copied into our storage on save when it is not ours). */
export const isAudioUrl = isMediaAddress;

export interface PhraseRowInput {
  originalText: string;
  translatedText: string;
  /** Where the phrase is spoken in the group's audio (ms); null or absent while unknown. */
  cueStartMs?: number | null;
  cueEndMs?: number | null;
  /** The reading aid shown in the dialog (computed on save unless an admin wrote it). */
  reading?: string;
  /** An admin wrote `reading`: it is kept as written, on this save and every later one. */
  readingEdited?: boolean;
}

/** The longest reading aid an admin can write (a romanised phrase is longer than the phrase, not ten times). */
export const READING_MAX = 2000;

/**
 * A row counts only if both texts are non-empty after trimming (SPEC §5); an empty row is left out, and a row with one
 * text only was refused before this runs (`halfRow`). Cues and readings ride along.
 */
export function completeRows<T extends PhraseRowInput>(rows: T[]): T[] {
  return rows
    .map((row) => ({ ...row, originalText: row.originalText.trim(), translatedText: row.translatedText.trim() }))
    .filter((row) => row.originalText !== "" && row.translatedText !== "");
}

/** The first non-empty original text, which Generate Audio speaks (SPEC §5). */
export function firstOriginalText(rows: PhraseRowInput[]): string | undefined {
  return rows.map((row) => row.originalText.trim()).find((text) => text !== "");
}

/** A cue time: whole milliseconds within a day of audio, or null. */
const cueMs = z.number().int().min(0).max(86_400_000).nullable().optional();

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Shared by the dialog (checked before sending) and the action (checked again on the server). */
export const phraseFormSchema = z.object({
  languageId: required(phraseText.languageRequired),
  levelId: required(phraseText.levelRequired),
  lessonId: required(phraseText.lessonRequired),
  audioUrl: z
    .string({ error: phraseText.invalidAudioUrl })
    .trim()
    .refine(isAudioUrl, phraseText.invalidAudioUrl),
  phrases: z
    .array(
      z
        .object({
          originalText: z.string().max(1000),
          translatedText: z.string().max(1000),
          cueStartMs: cueMs,
          cueEndMs: cueMs,
          reading: z.string().trim().max(READING_MAX).optional(),
          readingEdited: z.boolean().optional(),
        })
        // Both ends or neither, and a cue that lasts; anything else is dropped (the group then plays as a whole).
        .transform((row) =>
          row.cueStartMs != null && row.cueEndMs != null && row.cueEndMs > row.cueStartMs
            ? row
            : { ...row, cueStartMs: null, cueEndMs: null },
        ),
    )
    .max(PHRASE_ROWS_MAX)
    .superRefine((rows, context) => {
      const filled = (text: string) => text.trim() !== "";
      const half = rows.findIndex((row) => filled(row.originalText) !== filled(row.translatedText));
      if (half >= 0) context.addIssue({ code: "custom", path: [half], message: phraseText.halfRow(half + 1) });
    })
    .transform(completeRows)
    .refine((rows) => rows.length > 0, phraseText.atLeastOnePhrase),
});

export type PhraseFormValue = z.output<typeof phraseFormSchema>;
export type PhraseFormField = "languageId" | "levelId" | "lessonId" | "audioUrl" | "phrases";
export type PhraseFormErrors = Partial<Record<PhraseFormField, string>>;

/** The first message per field, or null when the input is valid. */
export function phraseFormErrors(error: z.ZodError): PhraseFormErrors {
  const errors: PhraseFormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as PhraseFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** "" is no cue; anything not a whole number of milliseconds is kept as NaN so that the schema refuses it. */
function cueFromField(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/**
 * The form's fields as the dialog posts them: rows as parallel `originalText` / `translatedText` lists, with
 * `cueStartMs` / `cueEndMs` / `reading` / `readingEdited` lists beside them (optional: an older page sends none).
 */
export function phraseFormFromData(formData: FormData) {
  const originals = formData.getAll("originalText").map(String);
  const translations = formData.getAll("translatedText").map(String);
  // Parallel lists like the texts: a row's cue and reading sit at its index (an empty string for none).
  const cueStarts = formData.getAll("cueStartMs").map(String);
  const cueEnds = formData.getAll("cueEndMs").map(String);
  const readings = formData.getAll("reading").map(String);
  const readingEdited = formData.getAll("readingEdited").map(String);
  return {
    languageId: String(formData.get("languageId") ?? ""),
    levelId: String(formData.get("levelId") ?? ""),
    lessonId: String(formData.get("lessonId") ?? ""),
    audioUrl: String(formData.get("audioUrl") ?? ""),
    phrases: originals.map((originalText, i) => ({
      originalText,
      translatedText: translations[i] ?? "",
      cueStartMs: cueFromField(cueStarts[i]),
      cueEndMs: cueFromField(cueEnds[i]),
      reading: readings[i],
      readingEdited: readingEdited[i] === "true",
    })),
  };
}
