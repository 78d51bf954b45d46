/**
 * Pasting a lesson (issue 27 point 1): rows of original, translation, an optional group number and an optional
 * reading, as CSV or TSV. The limits and messages the server's check uses and the admin sees.
 */

/** The most text one import reads (2 MB: about 10,000 phrases of a few words each, with their translations). */
export const PHRASE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one import saves. */
export const PHRASE_IMPORT_MAX_ROWS = 10_000;
/** The highest group number a row may name. */
export const PHRASE_IMPORT_MAX_GROUP = 1000;
/** As the dialog's rows (common/phrase-form.ts). */
export const PHRASE_IMPORT_TEXT_MAX = 1000;
export const PHRASE_IMPORT_READING_MAX = 2000;

export const phraseImportText = {
  empty: "Paste or upload at least one row: original, translation.",
  tooLarge: "The rows are larger than 2 MB. Import them in parts.",
  tooMany: `At most ${PHRASE_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows can be imported at once.`,
  unreadable: (line: number, reason: string) => `Line ${line} could not be read: ${reason}`,
  quoteReason: 'a quote (") opens a text that does not close, or is followed by more text before the next comma.',
  csvReason: "it is not valid CSV.",
  originalRequired: "The original text is missing.",
  translationRequired: "The translation is missing.",
  originalTooLong: `The original text is longer than ${PHRASE_IMPORT_TEXT_MAX.toLocaleString("en-US")} characters.`,
  translationTooLong: `The translation is longer than ${PHRASE_IMPORT_TEXT_MAX.toLocaleString("en-US")} characters.`,
  readingTooLong: `The reading is longer than ${PHRASE_IMPORT_READING_MAX.toLocaleString("en-US")} characters.`,
  badGroup: `The group must be a whole number from 1 to ${PHRASE_IMPORT_MAX_GROUP.toLocaleString("en-US")}.`,
  tooManyColumns: "A row has at most four columns: original, translation, group, reading.",
  refused: (count: number) => `${count} ${count === 1 ? "row needs" : "rows need"} a fix before anything is imported.`,
} as const;

/** One row as read, with what is wrong with it (nothing when it can be imported). */
export interface PhraseImportRow {
  /** The line the row starts on, counting from 1. */
  line: number;
  originalText: string;
  translatedText: string;
  /** Rows with the same number share one audio group; null: a group of its own. */
  group: number | null;
  /** A reading aid written by the admin; null: computed on save. */
  reading: string | null;
  errors: string[];
}
