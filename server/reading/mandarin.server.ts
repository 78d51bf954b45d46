import { customPinyin, OutputFormat, segment } from "pinyin-pro";
import { tidyLatin } from "#server/reading/latin-punctuation.ts";

/*
 * pinyin-pro reads a character by the word it is in (行李 xíngli, 银行 yínháng) and applies the tone changes of 一
 * and 不 (yí gè, bú shì). Its dictionary misses some neutral tones and erhua that beginners meet first: those are
 * written here, as the standard dictionaries (Xiandai Hanyu Cidian) give them.
 */
customPinyin({
  谢谢: "xiè xie",
  哪儿: "nǎr",
  这儿: "zhèr",
  那儿: "nàr",
  一点儿: "yì diǎnr",
  一会儿: "yí huìr",
  玩儿: "wánr",
  一块儿: "yí kuàir",
});

/**
 * Pinyin with tone marks. The syllables of a word that pinyin-pro knows as one (谢谢 xièxie, 认识 rènshi) are written
 * together, as Hanyu Pinyin orthography does; the others are spaced, since a wrongly joined word misleads more than
 * a space (general-purpose word segmenters join 你是 and 站在).
 */
export function pinyinReading(text: string): string {
  const words = segment(text, { format: OutputFormat.AllSegment, nonZh: "consecutive" });
  return tidyLatin(words.map((word) => word.result.replace(/\s+/g, "")).join(" "));
}
