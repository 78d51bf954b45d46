import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layers' one rule, and no import circles (issue 22 item 15): app/ and server/ import common/, which imports
 * neither, and nothing under server/ or cli/ imports app/. Lint refuses such an import line by line
 * (eslint.config.js); this reads the whole graph, type-only imports included, so a circle through several files shows.
 */

const root = path.resolve(import.meta.dirname, "..");
const layers = ["app", "common", "server", "cli"];
const aliases = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).imports as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The project file an import names, or null for a package or a generated module. */
function resolve(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  for (const [alias, target] of Object.entries(aliases)) {
    const prefix = alias.replace("*", "");
    if (bare.startsWith(prefix)) return path.posix.normalize(target.replace("*", bare.slice(prefix.length)));
  }
  if (bare.startsWith(".")) return path.posix.join(path.posix.dirname(from), bare);
  return null;
}

/** The packages a file imports (type-only imports too). */
function packageImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), "utf8"), true, true);
  return importedFiles.map((imported) => imported.fileName).filter((name) => resolve(file, name) === null);
}

/** Every project file reachable from `roots`, static and dynamic imports alike. */
function reachableFrom(graph: Map<string, string[]>, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const target of graph.get(file) ?? []) visit(target);
  };
  for (const file of roots) visit(file);
  return [...seen];
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of layers.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName)).filter((target) => target !== null);
    graph.set(file, targets.filter((target) => fs.existsSync(path.join(root, target))));
  }
  return graph;
}

/** Every circle, each once, as the files along it (Tarjan's strongly connected components of more than one file). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the import graph", () => {
  const graph = importGraph();

  it("reads every layer", () => {
    for (const layer of layers) expect([...graph.keys()].some((file) => file.startsWith(`${layer}/`))).toBe(true);
    expect(graph.get("server/admin/users-admin.server.ts")).toContain("common/users-admin.ts");
  });

  it("runs down: common/ imports neither app/ nor server/, and server/ and cli/ never import app/", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) =>
          file.startsWith("common/") ? !target.startsWith("common/") : /^(server|cli)\//.test(file) && target.startsWith("app/"),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("has no circle", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("keeps React Router and the server out of what a lesson document hydrates (docs/decisions/020)", () => {
    const reached = reachableFrom(graph, ["app/lesson-document/hydrate.tsx"]);
    expect(reached).toEqual(expect.arrayContaining(["app/components/lesson-player.tsx", "app/components/lesson-learner.tsx", "app/components/site-header.tsx"]));
    const offending = reached.flatMap((file) => [
      ...(file.startsWith("server/") ? [file] : []),
      ...packageImports(file)
        .filter((name) => /^(@react-router\/|react-router($|\/))/.test(name))
        .map((name) => `${file} -> ${name}`),
    ]);
    expect(offending).toEqual([]);
  });
});
