import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { deferredModuleType, deferredPreloadRel } from "#app/lib/deferred-hydration.ts";

/**
 * React Router's tags as React renders them, and what they become until the first paint. Passing `nonce` or
 * `crossOrigin` to <Scripts> would put an attribute before `type` and needs these updated (the e2e test "the
 * page's scripts are fetched only after its first frame" would fail).
 */
const replacements: [from: string, to: string][] = [
  ['<link rel="modulepreload"', `<link rel="${deferredPreloadRel}" fetchpriority="low"`],
  ['<script type="module"', `<script type="${deferredModuleType}"`],
];

/**
 * Streams server-rendered HTML through, renaming React Router's module preloads and its inline module script so
 * the browser leaves them alone until `startHydrationScript` turns them on after the first paint (see
 * `app/lib/deferred-hydration.ts`). The preloads also get `fetchpriority="low"`: after the first paint they still
 * should not delay the page's images.
 *
 * React Router gives no way to change these tags; its `<link>`s and `<script>` carry `suppressHydrationWarning`,
 * and the start script restores the original attributes before React hydrates.
 */
export function deferHydration(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  const rewrite = (text: string) => replacements.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const end = text.length - partialTagLength(text);
      held = text.slice(end);
      callback(null, rewrite(text.slice(0, end)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}

/** The length of a trailing "<…" that the next chunk could complete into one of the tags. */
function partialTagLength(text: string): number {
  const lastTag = text.lastIndexOf("<");
  if (lastTag === -1) return 0;
  const tail = text.slice(lastTag);
  return replacements.some(([from]) => tail.length < from.length && from.startsWith(tail)) ? tail.length : 0;
}
