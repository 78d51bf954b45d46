import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The site's texts use US spelling, as the spec's own texts do ('Personalized Learning', 'favorite phrases'). This
 * scans every text in app/** that can reach a page (string and template literals, JSX text; not comments) for
 * British spellings.
 */

const britishSpellings: [RegExp, string][] = [
  [/favour/i, "favor"],
  [/colour/i, "color"],
  [/(hon|neighb|flav|hum|lab|behavi|harb)our/i, "-or"],
  [/(personal|organ|recogn|custom|real|optim|apolog|minim|priorit|summar|memor|categor|final|visual|familiar|util|special|standard|author|emphas)is(e|ed|es|ing|ation|ations)\b/i, "-ize"],
  [/analys(e|ed|ing)\b/i, "analyze"],
  [/practis(e|ed|es|ing)\b/i, "practice"],
  [/(cent|met|lit|theat|fib)re(s|d)?\b/i, "-er"],
  [/catalogue/i, "catalog"],
  [/(travel|cancel|label|model|fuel|signal)l(ed|ing|er|ers)\b/i, "single l"],
  [/\blicence/i, "license"],
  [/\bdefence|\boffence/i, "-se"],
  [/programme/i, "program"],
  [/\bgrey/i, "gray"],
  [/\blearnt\b/i, "learned"],
  [/\benrol(s|ment)?\b/i, "enroll"],
  [/judgement/i, "judgment"],
];

/**
 * Words that look British but are fixed by a standard, not a choice of spelling. No spec text needs a place here:
 * every text the spec quotes is in US spelling.
 */
const allowed = [/aria-labelledby/gi];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal text in a module, with its line: what a page can show. */
function textsOf(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

export function britishSpellingsIn(text: string): string[] {
  const cleaned = allowed.reduce((rest, pattern) => rest.replace(pattern, ""), text);
  return britishSpellings.flatMap(([pattern, us]) => {
    const match = pattern.exec(cleaned);
    return match ? [`"${match[0]}" (US: ${us})`] : [];
  });
}

describe("US spelling in the UI texts", () => {
  it("finds the British spellings it is meant to find, and leaves US ones alone", () => {
    expect(britishSpellingsIn("Save your favourite phrases")).toHaveLength(1);
    expect(britishSpellingsIn("personalised recommendations")).toHaveLength(1);
    expect(britishSpellingsIn("keep practising")).toHaveLength(1);
    expect(britishSpellingsIn("the colour form")).toHaveLength(1);
    expect(britishSpellingsIn("organise lessons")).toHaveLength(1);
    expect(britishSpellingsIn("Help centre")).toHaveLength(1);
    expect(britishSpellingsIn("travelling abroad")).toHaveLength(1);
    expect(britishSpellingsIn("Save your favorite phrases, personalized, practicing, color, organize, center, traveling")).toEqual([]);
    expect(britishSpellingsIn("exercise, advise, promise, practice, cancellation, analyses, emphasis")).toEqual([]);
    expect(britishSpellingsIn('aria-labelledby="title"')).toEqual([]);
  });

  it("no text under app/ uses a British spelling", () => {
    const appDir = path.dirname(new URL(import.meta.url).pathname);
    const found = sourceFiles(appDir).flatMap((file) =>
      textsOf(file).flatMap(({ line, text }) =>
        britishSpellingsIn(text).map((word) => `${path.relative(appDir, file)}:${line} ${word}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
