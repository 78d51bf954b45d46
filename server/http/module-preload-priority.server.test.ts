import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "#server/http/module-preload-priority.server.ts";

async function stream(chunks: (string | Buffer)[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerModulePreloadPriority()));
}

describe("lowerModulePreloadPriority", () => {
  const html = '<head></head><body><p>¿Qué tal?</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></body>';
  const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it("marks every module preload low priority and leaves the rest alone", async () => {
    expect(await stream([html])).toBe(expected);
  });

  it("finds a tag split across chunks at any point, and a character split across chunks", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await stream([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });
});
