import cyrillicToTranslit from "cyrillic-to-translit-js";
import { translate, WIKIPEDIA } from "iuliia";

/**
 * Russian in English Wikipedia's romanization (iuliia's WIKIPEDIA schema, a simplified BGN/PCGN): Здравствуйте
 * "Zdravstvuyte", вы "vy", хорошо "khorosho", ещё "yeshchyo"; soft and hard signs are left out.
 */
export function russianReading(text: string): string {
  return translate(text, WIKIPEDIA);
}

const ukrainian = cyrillicToTranslit({ preset: "uk" });

/** Ukrainian in the national system of 2010 (Cabinet of Ministers resolution 55), which is cyrillic-to-translit-js's uk preset. */
export function ukrainianReading(text: string): string {
  return ukrainian.transform(text);
}
