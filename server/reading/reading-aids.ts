/**
 * Which reading aid a catalogue language gets (issue 23 point 4): a Latin-letter reading for the scripts learners
 * cannot yet read. Browser-safe and dependency-free: the libraries that compute readings live in the reading process.
 */
export type ReadingAid = "japanese" | "mandarin" | "russian" | "ukrainian";

const aidByCode: Record<string, ReadingAid> = {
  ja: "japanese",
  jpn: "japanese",
  zh: "mandarin",
  cmn: "mandarin",
  ru: "russian",
  rus: "russian",
  uk: "ukrainian",
  ukr: "ukrainian",
};

const codeByName: Record<string, string> = {
  japanese: "ja",
  mandarin: "cmn",
  "mandarin chinese": "cmn",
  "mandarin-chinese": "cmn",
  chinese: "cmn",
  russian: "ru",
  ukrainian: "uk",
};

/** Cantonese is written in the same characters as Mandarin, but pinyin would teach the wrong sounds. */
const cantonese = /(^|[-_\s])(yue|cantonese)($|[-_\s])/i;

/**
 * The aid of a language given as the catalogue has it: its chosen speech voice ("cmn-latn-pinyin"), its id ("ja",
 * "japanese") or its name ("Mandarin Chinese"), the first that names one. Undefined when none does.
 */
export function readingAidFor(language: { id: string; name: string; voice?: string | null }): ReadingAid | undefined {
  const candidates = [language.voice, language.id, language.name].filter((c): c is string => !!c && c.trim() !== "");
  if (candidates.some((c) => cantonese.test(c))) return undefined;
  for (const candidate of candidates) {
    const key = candidate.trim().toLowerCase();
    const aid = aidByCode[codeByName[key] ?? key.split(/[-_]/)[0]!];
    if (aid) return aid;
  }
  return undefined;
}

const scriptOf: Record<ReadingAid, RegExp> = {
  japanese: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  mandarin: /\p{Script=Han}/u,
  russian: /\p{Script=Cyrillic}/u,
  ukrainian: /\p{Script=Cyrillic}/u,
};

/** Whether the text has anything the aid reads: "OK!" in a Japanese lesson needs no romaji. */
export function hasScriptOf(aid: ReadingAid, text: string): boolean {
  return scriptOf[aid].test(text);
}
