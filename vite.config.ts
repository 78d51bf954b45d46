import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressClientAssets } from "./vite.precompress.ts";
import { lessonDocument } from "./vite.lesson-document.ts";
import { buildServiceWorker } from "./vite.service-worker.ts";

/**
 * Packages the server build leaves in node_modules: native addons (sharp), WebAssembly with files beside it (PGlite,
 * eSpeak), dictionaries read from their package folder (kuromoji), files served from their folder (swagger-ui-dist),
 * and those server/main.ts imports itself (Express and its middleware: one copy for both). Everything else is bundled.
 */
const serverExternals = [
  "@electric-sql/pglite",
  "sharp",
  "espeak-ng",
  "kuromoji",
  "kuroshiro",
  "swagger-ui-dist",
  "pg",
  "pg-protocol",
  "@aws-sdk/client-s3",
  "express",
  "compression",
  "express-static-gzip",
];

export default defineConfig(({ command }) => ({
  environments: {
    client: {
      // The dev server's first scan found only React and React Router: the route modules were not its entries. So
      // on a fresh install the first pages found the rest (lucide-react, sonner, zod, Conform…) and Vite reloaded
      // them mid-hydration ("Failed to fetch dynamically imported module"). With the routes as entries the scan
      // finds everything at start. It also lists the routes' server imports, which Vite would find on the first
      // request anyway; the browser never loads them (the client transform drops loaders and actions).
      optimizeDeps: { entries: ["app/root.tsx", "app/routes/**/*.tsx"] },
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger requests for what every page needs instead of some thirty small chunks: on a mobile
            // connection over HTTP/1.1 each request costs a round trip, and small files compress badly (issue 14).
            // - framework: React and React Router.
            // - shell: the root and the public layout with everything they import (header, footer, cookie banner,
            //   button, icons, toaster) and the SEO helper of every public page. Every page loads the root, and every
            //   public page the layout, so this is code they run anyway, in one file: the lesson page's first-visit
            //   JavaScript drops from 37 files to 17 and by 4.6 KB gzip. An admin page loads the public footer and
            //   cookie banner with it (3.4 KB more on the Overview), which is the price of that.
            // Icons have no group of their own: one chunk of every icon put the admin area's on each public page.
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
                { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 4 },
                {
                  name: "chrome",
                  test: /[\\/](app[\\/]components[\\/](public-chrome|page-start|page-header)\.tsx|app[\\/]lesson-document[\\/]data\.ts|common[\\/]toast\.ts)$/,
                  priority: 3,
                },
                { name: "shell", test: /[\\/]app[\\/](root\.tsx|lib[\\/]seo\.ts|routes[\\/]public[\\/]layout\.tsx)$/, priority: 2 },
                // - audio: the audio card and what it needs before the first play (its engine loads on intent, see
                //   app/lib/audio/audio-engine.ts), with the lucide icons it imports (play, pause, the seek arrows),
                //   which only pages with audio use: one file instead of four on the lesson page and a blog post. The
                //   icons it shares with other pages are its own copies (see audio-card.tsx), or this group would
                //   take them along and bring the card to those pages. Below the shell, which keeps what it captured.
                //   With it the record-and-compare button (lesson phrases, review cards): a file of its own would be
                //   one more on the lesson page's first visit for 1 KB.
                {
                  name: "audio",
                  test: /[\\/]app[\\/](components[\\/](audio-card|recorder[\\/]record-button)\.tsx|lib[\\/]audio[\\/](use-audio-player|audio-state|audio-engine|audio-registry)\.ts)$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express handler (server/app.ts), which wraps the React Router build.
    ssr: {
      // The production server starts from one bundle rather than resolving and loading some thousand package files
      // (issue 28, target 3: 2.2 s to the first answer before, 1.2-1.3 s after on the same host). The dev server and
      // the test sites load through Vite's SSR as before.
      ...(command === "build" ? { resolve: { noExternal: true, external: serverExternals } } : {}),
      build: {
        rolldownOptions: {
          input: "./server/app.ts",
          // A form's schema is imported statically by its route's action and dynamically by its deferred client
          // validation. The client build strips the action, so the dynamic import does split there; only this
          // server bundle sees both and would warn about it.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), lessonDocument(), buildServiceWorker(), precompressClientAssets()],
}));
