import { describe, expect, it } from "vitest";
import { PHRASE_IMPORT_MAX_ROWS, phraseImportText as text } from "#common/phrase-import.ts";
import { checkPhraseRows } from "#server/admin/phrase-import.server.ts";

describe("checkPhraseRows", () => {
  it("reads CSV with quotes, a header, groups and readings", () => {
    const check = checkPhraseRows('original,translation,group,reading\nHola,Hello,1\n"Buenos días, señor","Good morning, sir",1\n"Dice ""sí""",Says "yes",,\n\nこんにちは,Hello,2,konnichiwa\n');
    expect(check).toEqual({
      ok: true,
      rows: [
        { line: 2, originalText: "Hola", translatedText: "Hello", group: 1, reading: null, errors: [] },
        { line: 3, originalText: "Buenos días, señor", translatedText: "Good morning, sir", group: 1, reading: null, errors: [] },
        { line: 4, originalText: 'Dice "sí"', translatedText: 'Says "yes"', group: null, reading: null, errors: [] },
        { line: 6, originalText: "こんにちは", translatedText: "Hello", group: 2, reading: "konnichiwa", errors: [] },
      ],
    });
  });

  it("reads TSV as a spreadsheet pastes it, and semicolons as some locales export", () => {
    expect(checkPhraseRows("Hola\tHello\r\nAdiós\tGoodbye").rows.map((r) => [r.originalText, r.translatedText])).toEqual([
      ["Hola", "Hello"],
      ["Adiós", "Goodbye"],
    ]);
    expect(checkPhraseRows("Hola;Hello\nAdiós;Goodbye").rows.map((r) => r.translatedText)).toEqual(["Hello", "Goodbye"]);
  });

  it("marks every bad row with its reasons, by line", () => {
    const check = checkPhraseRows(`Hola,Hello\nSolo\n,Only translation\nUno,One,abc\nDos,Two,1,,extra\n${"x".repeat(1001)},Long`);
    expect(check.ok).toBe(false);
    expect(check.ok ? "" : check.error).toBe(text.refused(5));
    expect(check.rows.map((r) => [r.line, r.errors])).toEqual([
      [1, []],
      [2, [text.translationRequired]],
      [3, [text.originalRequired]],
      [4, [text.badGroup]],
      [5, [text.tooManyColumns]],
      [6, [text.originalTooLong]],
    ]);
  });

  it("refuses what cannot be read, nothing, too many rows and too much text", () => {
    expect(checkPhraseRows('Hola,Hello\n"Unclosed,quote\nAdiós,Bye')).toMatchObject({ ok: false, error: expect.stringMatching(/^Line \d+ could not be read: a quote/) as unknown });
    expect(checkPhraseRows("\n \n")).toEqual({ ok: false, error: text.empty, rows: [] });
    expect(checkPhraseRows("original,translation\n")).toEqual({ ok: false, error: text.empty, rows: [] });
    expect(checkPhraseRows("a,b\n".repeat(PHRASE_IMPORT_MAX_ROWS + 1))).toEqual({ ok: false, error: text.tooMany, rows: [] });
    expect(checkPhraseRows("a,b\n".repeat(PHRASE_IMPORT_MAX_ROWS)).rows).toHaveLength(PHRASE_IMPORT_MAX_ROWS);
    expect(checkPhraseRows("x".repeat(2 * 1024 * 1024 + 1))).toEqual({ ok: false, error: text.tooLarge, rows: [] });
  });
});
