import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { deferredModuleType, deferredPreloadRel } from "#common/deferred-hydration.ts";

/**
 * React Router's tags as React renders them, and what they become until the first paint. Its <Scripts> puts the
 * nonce first (`<script nonce="…" type="module"`); another attribute before `type` (`crossOrigin`, say) needs these
 * updated (the e2e test "the page's scripts are fetched only after its first contentful paint" would fail).
 */
function replacements(nonce: string | undefined): [from: string, to: string][] {
  const script = nonce ? `<script nonce="${nonce}"` : "<script";
  return [
    ['<link rel="modulepreload"', `<link rel="${deferredPreloadRel}" fetchpriority="low"`],
    [`${script} type="module"`, `${script} type="${deferredModuleType}"`],
  ];
}

/**
 * Streams server-rendered HTML (rendered with this CSP nonce) through, renaming React Router's module preloads and
 * its inline module script so the browser leaves them alone until `startHydrationScript` turns them on after the
 * first paint (see `common/deferred-hydration.ts`). The preloads also get `fetchpriority="low"`: after the first
 * paint they still should not delay the page's images.
 *
 * React Router gives no way to change these tags; its `<link>`s and `<script>` carry `suppressHydrationWarning`,
 * and the start script restores the original attributes before React hydrates.
 */
export function deferHydration(nonce?: string): Transform {
  const decoder = new StringDecoder("utf8");
  const tags = replacements(nonce);
  let held = "";
  const rewrite = (text: string) => tags.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const end = text.length - partialTagLength(text, tags);
      held = text.slice(end);
      callback(null, rewrite(text.slice(0, end)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}

/** The length of a trailing "<…" that the next chunk could complete into one of the tags. */
function partialTagLength(text: string, tags: [from: string, to: string][]): number {
  const lastTag = text.lastIndexOf("<");
  if (lastTag === -1) return 0;
  const tail = text.slice(lastTag);
  return tags.some(([from]) => tail.length < from.length && from.startsWith(tail)) ? tail.length : 0;
}
