declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

/** The lesson document's entry and the files it imports (vite.lesson-document.ts); null outside the build. */
declare module "virtual:phrasewise/lesson-document-assets" {
  const assets: { entry: string; preloads: string[] } | null;
  export default assets;
}
