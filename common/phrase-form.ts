import { isMediaAddress } from "#common/media-url.ts";
import { z } from "#common/zod.ts";

/** The texts of SPEC §5 and §8 for the admin Phrases tab, word for word. */
/** The Phrases tab's search box: below 2 characters nearly everything matches (and no trigram index helps). */
export const PHRASE_SEARCH = { minLength: 2, maxLength: 100, pageSize: 20 } as const;

/** The longest text speech is made for (Generate Audio and the audio backfill): a phrase, not a page. */
export const SPEECH_TEXT_MAX = 1000;

export const phraseText = {
  languageRequired: "Language is required",
  levelRequired: "Level is required",
  lessonRequired: "Lesson is required",
  invalidAudioUrl: "Please enter a valid URL for the audio file",
  atLeastOnePhrase: "At least one phrase with translation is required",
  needTextForAudio: "Please enter at least one phrase to generate audio",
  notAudioFile: "Please select an audio file",
  /** SPEC §8 '{n} phrases added successfully', in the singular for one (SPEC §9: counts read singular or plural). */
  added: (count: number) => `${count} ${count === 1 ? "phrase" : "phrases"} added successfully`,
  updated: "Phrases updated successfully",
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
}

/** A row counts only if both texts are non-empty after trimming (SPEC §5). */
export function completeRows(rows: PhraseRowInput[]): PhraseRowInput[] {
  return rows
    .map((row) => ({ originalText: row.originalText.trim(), translatedText: row.translatedText.trim() }))
    .filter((row) => row.originalText !== "" && row.translatedText !== "");
}

/** The first non-empty original text, which Generate Audio speaks (SPEC §5). */
export function firstOriginalText(rows: PhraseRowInput[]): string | undefined {
  return rows.map((row) => row.originalText.trim()).find((text) => text !== "");
}

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
    .array(z.object({ originalText: z.string().max(1000), translatedText: z.string().max(1000) }))
    .max(100)
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

/** The form's fields as the dialog posts them: rows as parallel `originalText` / `translatedText` lists. */
export function phraseFormFromData(formData: FormData) {
  const originals = formData.getAll("originalText").map(String);
  const translations = formData.getAll("translatedText").map(String);
  return {
    languageId: String(formData.get("languageId") ?? ""),
    levelId: String(formData.get("levelId") ?? ""),
    lessonId: String(formData.get("lessonId") ?? ""),
    audioUrl: String(formData.get("audioUrl") ?? ""),
    phrases: originals.map((originalText, i) => ({ originalText, translatedText: translations[i] ?? "" })),
  };
}
