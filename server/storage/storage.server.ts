import { randomBytes } from "node:crypto";

/** Where uploaded and generated files live. Local disk by default; S3-compatible storage when configured. */
export const buckets = ["assets", "content"] as const;
export type Bucket = (typeof buckets)[number];

export interface StoredFile {
  bucket: Bucket;
  key: string;
  /** The address a browser uses to fetch the file. */
  url: string;
}

export interface Storage {
  put(bucket: Bucket, key: string, body: Uint8Array, contentType: string): Promise<StoredFile>;
  /** The file's bytes, or undefined when there is no such file. */
  read(bucket: Bucket, key: string): Promise<Uint8Array | undefined>;
  delete(bucket: Bucket, key: string): Promise<void>;
  url(bucket: Bucket, key: string): string;
  /** The key a URL made by `url` names, or undefined for any other address (an external file). */
  keyOf(bucket: Bucket, url: string): string | undefined;
}

/** Whether a key stays inside its bucket: no empty, `.` or `..` segment, no leading slash, no NUL. */
function isSafeKey(key: string): boolean {
  return key !== "" && !key.startsWith("/") && !key.includes("\0") && !key.split("/").some((part) => part === ".." || part === "." || part === "");
}

/** Keys come from our own code, but a file name can come from a user: refuse anything that could leave the bucket. */
export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * The key for every new stored file: `{folder}/{128 random bits}-{slug}.{extension}`, for example
 * `audio/9f86d081884c7d659a2feaa0c55ad015-spanish-a1-greetings-1.mp3`. Files are served publicly (static files, a
 * public bucket or a CDN), so the key is what keeps a locked lesson's audio or a draft's image from anyone who knows
 * only public ids: it cannot be guessed from them and nothing lists the keys. The slug is for people reading a listing.
 */
export function unguessableKey(folder: string, name: string, extension: string): string {
  const slug =
    name
      .replace(/\.[a-z0-9]{1,5}$/i, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 60)
      .replace(/^-+|-+$/g, "") || "file";
  const ext = extension.toLowerCase().replace(/[^a-z0-9]/g, "");
  const key = `${folder}/${randomBytes(16).toString("hex")}-${slug}${ext ? `.${ext}` : ""}`;
  assertSafeKey(key);
  return key;
}

/** Whether a key was made by unguessableKey (keys of earlier versions were derived from public ids). */
export function isUnguessableKey(key: string): boolean {
  return /(?:^|\/)[0-9a-f]{32}-[^/]*$/.test(key);
}

/**
 * A stored file's Cache-Control. A key made by unguessableKey names one file for ever (a new upload gets a new key, and
 * nothing overwrites one), so browsers may keep it for a year; other keys (an earlier version's) get SPEC §9's hour.
 */
export function storedFileCacheControl(key: string): string {
  return isUnguessableKey(key) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** Media types of the audio an installation may hold, for copies of files whose type was not recorded. */
const audioTypes: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  webm: "audio/webm",
  flac: "audio/flac",
};

const imageTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
};

const extensionOf = (key: string) => key.slice(key.lastIndexOf(".") + 1).toLowerCase();

export function audioTypeOf(key: string): string {
  return audioTypes[extensionOf(key)] ?? "application/octet-stream";
}

/** The media type of a stored audio or image file, by its key's extension (a file kept without its headers). */
export function mediaTypeOf(key: string): string {
  const extension = extensionOf(key);
  return audioTypes[extension] ?? imageTypes[extension] ?? "application/octet-stream";
}

/** Resolves site-relative addresses (local storage's are paths); never the origin of an absolute one. */
const RELATIVE_BASE = "http://site.invalid";

/**
 * The key a stored file's URL names under `prefix` (a storage's address for one bucket: a site path, or an absolute
 * one for S3), in whatever spelling it comes: percent-escapes decoded (`%34cb` is `4cb`, `%2E` is `.`), dot segments
 * resolved and the host's case ignored, as the server that serves the file reads it. Undefined for any other address
 * and for one with a query or fragment: the URLs our storage makes never carry one, so such an address is not ours
 * to delete. Whoever compares stored files compares these keys, never the spellings.
 */
export function keyUnder(prefix: string, url: string): string | undefined {
  if (/[?#]/.test(url)) return undefined;
  const sitePath = prefix.startsWith("/");
  if (sitePath ? !url.startsWith("/") || url.startsWith("//") : !/^https?:\/\//i.test(url)) return undefined;
  try {
    const base = new URL(prefix, RELATIVE_BASE);
    const parsed = new URL(url, RELATIVE_BASE);
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.pathname)) return undefined;
    const key = parsed.pathname.slice(base.pathname.length).split("/").map(decodeURIComponent).join("/");
    return isSafeKey(key) ? key : undefined;
  } catch {
    // A malformed address or escape names no file.
    return undefined;
  }
}

/**
 * The stored file a URL names, with its canonical URL (the one `storage.url` makes), or undefined when it names none
 * of ours (an external address, a default image under /images). The one mapping from addresses to files: the "still
 * referenced" checks and the deletes both go through it.
 */
export function storedFileAt(storage: Storage, url: string): StoredFile | undefined {
  for (const bucket of buckets) {
    const key = storage.keyOf(bucket, url);
    if (key !== undefined) return { bucket, key, url: storage.url(bucket, key) };
  }
  return undefined;
}

/**
 * What a record saves for an address an admin typed or pasted: our own file's canonical URL (a query or fragment
 * dropped, as the file served is the same), so that every row names a file in one spelling; any other address as is.
 */
export function canonicalFileUrl(storage: Storage, url: string): string {
  return storedFileAt(storage, url.replace(/[?#][\s\S]*$/, ""))?.url ?? url;
}
