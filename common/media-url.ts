/**
 * The addresses a media field (a flag, an icon, a featured image, an audio file) accepts, shared by the forms and the
 * server. Browser-safe. See docs/decisions/009-outside-media-addresses.md.
 *
 * - A path on this site ("/storage/content/…", "/images/flags/spanish.svg"), shown as it is.
 * - An http(s) address. If it is not where our own files live, the server copies the file into our storage on save
 *   (server/uploads/media-import.server.ts) and saves our address instead: the page's Content-Security-Policy only
 *   loads images and audio from this site and its storage, so an outside address would show a broken image.
 */

/** Parsing a path against a placeholder origin shows whether it stays on the site once a browser resolves it. */
const PLACEHOLDER_ORIGIN = "https://site.invalid";

/**
 * A path on this site, exactly as a browser would request it: one leading slash, no backslash (browsers read
 * "/\evil.example" as "//evil.example", another site), no white space or control characters, and nothing a browser
 * would rewrite (dot segments, "%2e%2e"), so what is checked is what is fetched.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    return url.origin === PLACEHOLDER_ORIGIN && url.pathname + url.search + url.hash === value;
  } catch {
    return false;
  }
}

/** An absolute http(s) address with a host and no user name or password in it. */
export function isHttpAddress(value: string): boolean {
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What a media field accepts: a path on this site, or an http(s) address (imported on save when it is not ours). */
export function isMediaAddress(value: string): boolean {
  return isSitePath(value) || isHttpAddress(value);
}

/**
 * Whether a browser on this site may load the address under the page's policy (img-src and media-src: this site and
 * the storage's origin). `mediaOrigins` are the storage's origins when files are not served by this site.
 */
export function isDisplayable(value: string, pageOrigin: string, mediaOrigins: readonly string[]): boolean {
  if (isSitePath(value)) return true;
  if (!isHttpAddress(value)) return false;
  const origin = new URL(value).origin;
  return origin === pageOrigin || mediaOrigins.includes(origin);
}

/** Not in the spec: what a media field says about an outside address, and when copying it failed. */
export const mediaUrlText = {
  imageImportedOnSave: "This image is on another site: it will be copied to this site when you save.",
  audioImportedOnSave: "This audio file is on another site: it will be copied to this site when you save.",
  unreachable: "The file at this address could not be fetched. Check the address, or upload the file instead.",
  privateAddress: "This address points to a private or local network and cannot be used.",
  notImage: "The file at this address is not an image.",
  notAudio: "The file at this address is not an audio file.",
} as const;
