/**
 * The one gate for every address a request asks to be sent to afterwards (`redirectTo` on /auth, its loader and its
 * action alike): only a path on this site comes out, judged after the URL parser has normalised it, so no spelling
 * can turn it into another site's address.
 *
 * Browsers resolve `/.//evil.example`, `/%2e//evil.example`, `/a/..//evil.example` and `/./\evil.example` to
 * `//evil.example`, which a Location header reads as another host. So the value is resolved first (dot segments,
 * percent-encoded dots, backslashes as the WHATWG parser treats them) and the result must still be this origin with a
 * path that does not begin with two slashes. Backslashes and control characters are refused outright: nothing of ours
 * spells a path with them, and browsers strip or convert them in ways older parsers do not.
 *
 * The result is ready for a Location header: characters beyond ASCII are percent-encoded as UTF-8
 * (`/café` → `/caf%C3%A9`), as a browser would send them.
 */
const BASE = "http://site.invalid";

export function sameSitePath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
