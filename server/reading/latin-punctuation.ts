/** East Asian punctuation as the Latin text around it writes it. */
const latinMarks: Record<string, string> = {
  "、": ",",
  "，": ",",
  "。": ".",
  "．": ".",
  "？": "?",
  "！": "!",
  "：": ":",
  "；": ";",
  "…": "...",
  "‥": "..",
  "「": '"',
  "」": '"',
  "『": '"',
  "』": '"',
  "“": '"',
  "”": '"',
  "（": "(",
  "）": ")",
  "〜": "~",
  "～": "~",
  "・": " ",
  "　": " ",
};

/**
 * A reading assembled from words joined by spaces, spaced as English is: punctuation after the word it follows, one
 * space after it, none inside brackets, none doubled.
 */
export function tidyLatin(text: string): string {
  return [...text]
    .map((c) => latinMarks[c] ?? c)
    .join("")
    .replace(/\s+([,.?!:;)])/g, "$1")
    .replace(/\(\s+/g, "(")
    .replace(/([,?!:;])(?=[^\s,.?!:;)"\d])/g, "$1 ")
    .replace(/(\.)(?=[^\s,.?!:;)"\d.])/g, "$1 ")
    .replace(/\s+/g, " ")
    .trim();
}
