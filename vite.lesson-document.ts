import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ENTRY = path.resolve("app/lesson-document/hydrate.tsx");
const VIRTUAL_ID = "virtual:phrasewise/lesson-document-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * The lesson document's scripts (docs/decisions/020-lesson-document.md). A lesson page opened as a document hydrates
 * from its own entry, app/lesson-document/hydrate.tsx, without React Router; React Router's build knows only its
 * routes, so this adds that entry to the client build and hands its file and the files it imports to the server
 * build as `virtual:phrasewise/lesson-document-assets`. The client build runs first and writes them beside its
 * output (`build/lesson-document-assets.json`); the server build reads them from there.
 *
 * `npm run dev` (and the test sites, which load through Vite's SSR) gets null: lesson pages hydrate with React
 * Router there, as every other page does.
 */
export function lessonDocument(): Plugin {
  let command: "build" | "serve" = "serve";
  let assetsFile = "";
  return {
    name: "phrasewise:lesson-document",
    configResolved(config) {
      command = config.command;
      const clientOutDir = config.environments.client?.build.outDir ?? config.build.outDir;
      assetsFile = path.resolve(config.root, clientOutDir, "..", "lesson-document-assets.json");
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client") {
        this.emitFile({ type: "chunk", id: ENTRY, name: "lesson-document" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])));
      const entry = [...chunks.values()].find((chunk) => chunk.facadeModuleId === ENTRY);
      if (!entry) throw new Error("The lesson document's entry is missing from the client build");
      // Every file the entry imports before it runs, preloaded with it rather than found one level at a time.
      const preloads = new Set<string>();
      const visit = (fileName: string) => {
        for (const imported of chunks.get(fileName)?.imports ?? []) {
          if (preloads.has(imported)) continue;
          preloads.add(imported);
          visit(imported);
        }
      };
      visit(entry.fileName);
      const base = this.environment.config.base;
      const assets = { entry: base + entry.fileName, preloads: [...preloads].sort().map((fileName) => base + fileName) };
      fs.mkdirSync(path.dirname(assetsFile), { recursive: true });
      fs.writeFileSync(assetsFile, `${JSON.stringify(assets, null, 2)}\n`);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (command !== "build" || this.environment.name === "client") return "export default null;";
      return `export default ${fs.readFileSync(assetsFile, "utf8")};`;
    },
  };
}
