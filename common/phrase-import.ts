/**
 * Pasting a lesson (issue 27 point 1): rows of original, translation, an optional group number and an optional
 * reading, as CSV or TSV. The limits and messages the server's check uses and the admin sees.
 */

import { countLabel } from "#common/catalog.ts";
import { PHRASE_ROWS_MAX } from "#common/phrase-form.ts";

/** The most text one import reads (2 MB: about 10,000 phrases of a few words each, with their translations). */
export const PHRASE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one import saves. */
export const PHRASE_IMPORT_MAX_ROWS = 10_000;
/** The highest group number a row may name. */
export const PHRASE_IMPORT_MAX_GROUP = 1000;
/** As the dialog's rows (common/phrase-form.ts). */
export const PHRASE_IMPORT_TEXT_MAX = 1000;
export const PHRASE_IMPORT_READING_MAX = 2000;

/**
 * The imported phrases' audio: each its own generated file; one generated file per group number (a row without one
 * on its own); or none yet (generated later under "Phrases without audio", grouped the same way, or uploaded).
 */
export const PHRASE_IMPORT_AUDIO = ["each", "groups", "none"] as const;
export type PhraseImportAudio = (typeof PHRASE_IMPORT_AUDIO)[number];

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
  groupTooLarge: (group: number) => `Group ${group} has more than ${PHRASE_ROWS_MAX} rows: one audio file speaks at most ${PHRASE_ROWS_MAX} phrases.`,
  tooManyColumns: "A row has at most four columns: original, translation, group, reading.",
  // The Phrases tab's "Import phrases" dialog (SPEC has none of these: README "Import phrases").
  button: "Import phrases",
  title: "Import phrases",
  description: "Paste rows from a spreadsheet, or upload a CSV or TSV file: original, translation, and optionally a group number and a reading.",
  rowsLabel: "Rows",
  rowsHint: "One phrase a line: original, translation, group, reading. Rows with the same group number share one audio file.",
  upload: "Upload a CSV or TSV file",
  audioLegend: "Audio",
  audioChoices: {
    each: "Generate a file for each phrase",
    groups: "Generate one file per group (the group column)",
    none: "No audio yet (generate or upload it later)",
  },
  check: "Check rows",
  checking: "Checking...",
  importRows: (count: number) => `Import ${countLabel(count, "phrase")}`,
  importing: "Importing...",
  ready: (count: number) => `${countLabel(count, "row")} ready to import.`,
  shownFirst: (shown: number, total: number) => `Showing the first ${shown} of ${total.toLocaleString("en-US")} rows.`,
  previewLabel: "Rows as read",
  columns: { line: "Line", original: "Original", translation: "Translation", group: "Group", reading: "Reading", problem: "Problem" },
  fine: "Ready",
  imported: (count: number, groups: number) => `Imported ${countLabel(count, "phrase")} in ${countLabel(groups, "audio group")}.`,
  generated: "Every imported phrase has audio.",
  generateStopped: "Stopped. Resume here, or later under Phrases without audio.",
  resume: "Resume generating",
  done: "Done",
  failed: "The import failed. Please try again.",
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

/** What POST /admin/phrases/import answers (JSON). */
export type PhraseImportAnswer =
  /** The rows as read: the bad ones (at most PREVIEW_BAD_ROWS) when there are any, else the first PREVIEW_ROWS. */
  | { intent: "check"; ok: boolean; error: string | null; total: number; bad: number; rows: PhraseImportRow[] }
  | { intent: "import"; ok: true; count: number; groups: number }
  | { intent: "import"; ok: false; error: string }
  | { error: string };

export const PHRASE_IMPORT_PATH = "/admin/phrases/import";
export const PREVIEW_ROWS = 100;
export const PREVIEW_BAD_ROWS = 200;
