import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressClientAssets } from "./vite.precompress.ts";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger requests for what every page needs (React, React Router) instead of some thirty small
            // chunks: on a mobile connection over HTTP/1.1 each request costs a round trip. Icons are not grouped:
            // one chunk of every icon put the admin area's on each public page (issue 14).
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 2 },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express handler (server/app.ts), which wraps the React Router build.
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompressClientAssets()],
});
