declare module "kuromoji" {
  /** One morpheme, with IPADIC's features (Japanese names, as the dictionary has them). */
  export interface IpadicToken {
    word_type: "KNOWN" | "UNKNOWN";
    /** 1-based position of the token's first character in the text. */
    word_position: number;
    surface_form: string;
    pos: string;
    pos_detail_1: string;
    basic_form: string;
    /** Katakana; absent for unknown words. */
    reading?: string;
    /** Katakana as spoken (は as ワ, long vowels as ー); absent for unknown words. */
    pronunciation?: string;
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicToken[];
  }
  export function builder(options: { dicPath: string }): { build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void };
}

/** kuroshiro's kana tables, without its analyzer wrapper (the tokens are read here). */
declare module "kuroshiro/lib/util.js" {
  export function kanaToRomaji(text: string, system: "hepburn" | "nippon" | "passport"): string;
}
