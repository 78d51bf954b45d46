import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preload = '<link rel="modulepreload"';
const lowPriorityPreload = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Streams server-rendered HTML through, marking React Router's module preloads `fetchpriority="low"`.
 *
 * Why: every public page is complete without JavaScript, so the scripts that hydrate it should not compete with
 * the document's own font and images on a slow connection. At the default (high) priority the browser, and
 * Lighthouse's simulated mobile network, treat some thirty route chunks as if they blocked the first paint.
 * React Router gives no way to set the attribute, and its `<link>`s already tolerate attribute differences on
 * hydration (`suppressHydrationWarning`).
 */
export function lowerModulePreloadPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  const rewrite = (text: string) => text.replaceAll(preload, lowPriorityPreload);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      // Hold back a trailing "<…" that could still grow into the preload tag.
      const lastTag = text.lastIndexOf("<");
      const partial = lastTag !== -1 && text.length - lastTag < preload.length && preload.startsWith(text.slice(lastTag));
      const end = partial ? lastTag : text.length;
      held = text.slice(end);
      callback(null, rewrite(text.slice(0, end)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}
