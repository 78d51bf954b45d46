/**
 * Blog slugs (SPEC §5): lower-cased; anything but letters, digits, underscore and whitespace removed; whitespace
 * runs become '-'. Unicode letters count as letters, so "Café in Zürich" keeps its accents.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\s]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}
