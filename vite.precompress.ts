import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images and fonts (woff2) are compressed already. */
const compressible = /\.(?:js|mjs|css|svg|json|txt|html|map|xml)$/;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible client asset over 1 KB, once at build
 * time, so the server sends them as they are (express-static-gzip in server/main.ts) instead of compressing each
 * request again.
 */
export function precompressClientAssets(): Plugin {
  let outDir = "";
  return {
    name: "phrasewise:precompress-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = config.environments.client?.build.outDir ?? config.build.outDir;
    },
    async writeBundle(options) {
      const root = options.dir ?? outDir;
      const files = (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile() && compressible.test(entry.name),
      );
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
