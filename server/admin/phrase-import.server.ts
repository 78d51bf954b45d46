import { CsvError, parse } from "csv-parse/sync";
import {
  PHRASE_IMPORT_MAX_BYTES,
  PHRASE_IMPORT_MAX_GROUP,
  PHRASE_IMPORT_MAX_ROWS,
  PHRASE_IMPORT_READING_MAX,
  PHRASE_IMPORT_TEXT_MAX,
  phraseImportText as text,
  type PhraseImportRow,
} from "#common/phrase-import.ts";
import { PHRASE_ROWS_MAX } from "#common/phrase-form.ts";

/**
 * Reads pasted or uploaded rows (issue 27 point 1) with csv-parse: CSV with quotes as spreadsheets write it, or TSV
 * (a copy from a spreadsheet pastes as TSV). Every row is checked; nothing is saved here. A header row (its first
 * cell "original" or "original text") is skipped.
 */

export type PhraseImportCheck = { ok: true; rows: PhraseImportRow[] } | { ok: false; error: string; rows: PhraseImportRow[] };

/** Tab when the first line has one; else semicolon when it has one and no comma (a spreadsheet in many locales); else comma. */
function delimiterOf(input: string): string {
  const first = input.split(/\r?\n/, 1)[0] ?? "";
  if (first.includes("\t")) return "\t";
  if (first.includes(";") && !first.includes(",")) return ";";
  return ",";
}

const header = /^original( text)?$/i;

export function checkPhraseRows(input: string): PhraseImportCheck {
  if (Buffer.byteLength(input, "utf8") > PHRASE_IMPORT_MAX_BYTES) return { ok: false, error: text.tooLarge, rows: [] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(input, {
      delimiter: delimiterOf(input),
      bom: true,
      info: true,
      relax_column_count: true,
      // A quote inside a text that does not start with one is kept as written (Says "yes"), as people type it.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      // One past the limit, to say it is too many without reading the rest.
      to: PHRASE_IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      const reason = error.code.includes("QUOTE") ? text.quoteReason : text.csvReason;
      return { ok: false, error: text.unreadable(line, reason), rows: [] };
    }
    throw error;
  }
  if (records.length > 0 && header.test(records[0]!.record[0] ?? "")) records.shift();
  if (records.length === 0) return { ok: false, error: text.empty, rows: [] };
  if (records.length > PHRASE_IMPORT_MAX_ROWS) return { ok: false, error: text.tooMany, rows: [] };
  const rows = records.map(({ record, info }) => checkRow(record, info.lines));
  // A group is spoken as one file, which holds at most PHRASE_ROWS_MAX phrases: the rows past that are refused.
  const groupSizes = new Map<number, number>();
  for (const row of rows) {
    if (row.group === null) continue;
    const size = (groupSizes.get(row.group) ?? 0) + 1;
    groupSizes.set(row.group, size);
    if (size > PHRASE_ROWS_MAX) row.errors.push(text.groupTooLarge(row.group));
  }
  const bad = rows.filter((row) => row.errors.length > 0).length;
  return bad > 0 ? { ok: false, error: text.refused(bad), rows } : { ok: true, rows };
}

function checkRow(cells: string[], line: number): PhraseImportRow {
  const [originalText = "", translatedText = "", groupCell = "", readingCell = ""] = cells;
  const errors: string[] = [];
  if (cells.length > 4 && cells.slice(4).some((cell) => cell !== "")) errors.push(text.tooManyColumns);
  if (originalText === "") errors.push(text.originalRequired);
  else if (originalText.length > PHRASE_IMPORT_TEXT_MAX) errors.push(text.originalTooLong);
  if (translatedText === "") errors.push(text.translationRequired);
  else if (translatedText.length > PHRASE_IMPORT_TEXT_MAX) errors.push(text.translationTooLong);
  let group: number | null = null;
  if (groupCell !== "") {
    group = /^\d{1,4}$/.test(groupCell) ? Number(groupCell) : NaN;
    if (!Number.isInteger(group) || group < 1 || group > PHRASE_IMPORT_MAX_GROUP) {
      errors.push(text.badGroup);
      group = null;
    }
  }
  if (readingCell.length > PHRASE_IMPORT_READING_MAX) errors.push(text.readingTooLong);
  return { line, originalText, translatedText, group, reading: readingCell === "" ? null : readingCell, errors };
}
