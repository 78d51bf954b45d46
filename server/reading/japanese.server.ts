import { createRequire } from "node:module";
import path from "node:path";
import kuromoji, { type IpadicToken, type Tokenizer } from "kuromoji";
import { kanaToRomaji } from "kuroshiro/lib/util.js";
import { tidyLatin } from "#server/reading/latin-punctuation.ts";

/**
 * Romaji for Japanese (Hepburn, words spaced): kuromoji cuts the text into morphemes with IPADIC, whose
 * pronunciation field already reads particles as spoken (は "wa", を "o", へ "e") and long vowels as ー; kuroshiro's
 * Hepburn table spells each word, long vowels with macrons ("tōkyō"). The morphemes are joined into the words a
 * textbook writes ("ikimasu", "shite imasu", "ogenki"), which kuroshiro's own spaced mode does not do ("iki masu").
 *
 * The dictionary takes about 0.8 s and 300 MB to load: only the reading process loads it, and only for Japanese.
 */
export async function loadJapaneseRomaji(): Promise<(text: string) => string> {
  const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve("kuromoji/package.json")), "dict");
  const tokenizer = await new Promise<Tokenizer>((resolve, reject) =>
    kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built))),
  );
  // NFKC: half-width katakana and full-width Latin letters as the dictionary has them.
  return (text) => romajiOf(tokenizer.tokenize(text.normalize("NFKC")));
}

const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]/u;
const allKana = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;

interface Word {
  /** Katakana as spoken for Japanese words; the text itself for anything else (Latin letters, digits, marks). */
  kana: string;
  japanese: boolean;
  /** The last morpheme's part of speech, which decides whether the next one belongs to this word. */
  pos: string;
  basicForm: string;
  end: number;
}

const toKatakana = (text: string) => text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

function spokenKana(token: IpadicToken): string {
  const spoken = token.pronunciation ?? token.reading;
  if (spoken && spoken !== "*") return spoken;
  // Unknown to the dictionary: kana reads as written; a kanji stays as it is (the admin can write its reading).
  return allKana.test(token.surface_form) ? toKatakana(token.surface_form) : token.surface_form;
}

const inflecting = new Set(["動詞", "助動詞", "形容詞"]);

/** Whether a morpheme is written together with the word before it. */
function continuesWord(previous: Word, token: IpadicToken): boolean {
  if (!previous.japanese) return false;
  if (previous.pos === "接頭詞") return true; // o-genki, go-shusshin
  if (token.pos === "名詞" && token.pos_detail_1 === "接尾") return true; // go-fun, nan-ji, hōkoku-sho
  if (token.pos === "動詞" && token.pos_detail_1 === "接尾") return true; // sa-re-ru
  if (!inflecting.has(previous.pos)) return false;
  // Endings of a verb or adjective: masu, ta, nai, tai, n; de-shi-ta. Desu is a word of its own: "atsui desu",
  // "wakarimasen deshita".
  if (token.pos === "助動詞") return token.basic_form !== "です";
  // The te-form and the conditional: shi-te, yasun-de, nakere-ba.
  return token.pos === "助詞" && token.pos_detail_1 === "接続助詞" && ["て", "で", "ば"].includes(token.surface_form);
}

function romajiOf(tokens: IpadicToken[]): string {
  const words: Word[] = [];
  for (const token of tokens) {
    const start = token.word_position - 1;
    const end = start + token.surface_form.length;
    const isJapanese = japanese.test(token.surface_form);
    const previous = words.at(-1);
    if (previous && isJapanese && continuesWord(previous, token)) {
      // The volitional u after o lengthens it: mashō, deshō.
      previous.kana += token.pos === "助動詞" && /^[うウ]$/.test(token.surface_form) ? "ー" : spokenKana(token);
      Object.assign(previous, { pos: token.pos, basicForm: token.basic_form, end });
    } else if (previous && !isJapanese && !previous.japanese && previous.end === start && !/\s/.test(token.surface_form)) {
      previous.kana += token.surface_form; // Wi-Fi stays one word
      previous.end = end;
    } else if (!/^\s+$/.test(token.surface_form)) {
      words.push({ kana: isJapanese ? spokenKana(token) : token.surface_form, japanese: isJapanese, pos: token.pos, basicForm: token.basic_form, end });
    }
  }
  return tidyLatin(words.map((word) => (word.japanese ? hepburn(word.kana) : word.kana)).join(" "));
}

/**
 * Hepburn as learners' books print it (revised Hepburn): n before b, m and p stays n ("konbanwa", "kinmu"), where
 * kuroshiro's older variant writes m; a syllable n before a vowel or y takes an apostrophe ("kin'yōbi").
 */
function hepburn(kana: string): string {
  return kanaToRomaji(kana, "hepburn").replace(/m(?=[bmp])/g, "n");
}
