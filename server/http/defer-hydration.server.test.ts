import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydration } from "#server/http/defer-hydration.server.ts";

async function stream(chunks: (string | Buffer)[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(deferHydration()));
}

describe("deferHydration", () => {
  const html =
    '<head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/><link rel="icon" href="/i.svg"/></head>' +
    '<body><p>¿Qué tal?</p><script>window.x=1</script><script type="module" async="">import "/a.js";</script></body>';
  const expected =
    '<head><link rel="x-deferred-modulepreload" fetchpriority="low" href="/a.js"/><link rel="x-deferred-modulepreload" fetchpriority="low" href="/b.js"/><link rel="icon" href="/i.svg"/></head>' +
    '<body><p>¿Qué tal?</p><script>window.x=1</script><script type="x-deferred-module" async="">import "/a.js";</script></body>';

  it("renames the module preloads and the module script, and leaves the rest alone", async () => {
    expect(await stream([html])).toBe(expected);
  });

  it("finds a tag split across chunks at any point, and a character split across chunks", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await stream([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("finds a tag split over three chunks", async () => {
    const bytes = Buffer.from(html);
    const at = bytes.indexOf('<script type="module"');
    expect(await stream([bytes.subarray(0, at + 3), bytes.subarray(at + 3, at + 12), bytes.subarray(at + 12)])).toBe(expected);
  });

  it("renames the module script when it carries the CSP nonce before its type, and keeps the nonce", async () => {
    const nonce = "AbC-123_xyz";
    const withNonce = html
      .replaceAll('<link rel="modulepreload" href="/a.js"/>', `<link rel="modulepreload" href="/a.js" nonce="${nonce}"/>`)
      .replace("<script>", `<script nonce="${nonce}">`)
      .replace('<script type="module"', `<script nonce="${nonce}" type="module"`);
    const output = await text(Readable.from([Buffer.from(withNonce)]).pipe(deferHydration(nonce)));
    expect(output).toContain(`<script nonce="${nonce}" type="x-deferred-module" async="">import "/a.js";</script>`);
    expect(output).toContain(`<link rel="x-deferred-modulepreload" fetchpriority="low" href="/a.js" nonce="${nonce}"/>`);
    expect(output).toContain(`<script nonce="${nonce}">window.x=1</script>`);
    expect(output).not.toContain('type="module"');
  });
});
