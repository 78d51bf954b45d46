import fs from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { typeMessage, uploadKinds, uploadText, type UploadKind, type UploadRule } from "#common/upload-rules.ts";
import { storedFileAt, unguessableKey, type Storage, type StoredFile } from "#server/storage/storage.server.ts";
import { imageDecodes } from "#server/uploads/decode-slots.server.ts";

/** A file the rules refuse: its message is for the person who picked it. */
export class UploadRefused extends Error {
  readonly status: 400 | 413 | 415;
  constructor(message: string, status: 400 | 413 | 415 = 415) {
    super(message);
    this.status = status;
  }
}

export interface PreparedFile {
  data: Uint8Array;
  contentType: string;
  extension: string;
}

/** What a stored audio file is saved as, by the type its bytes show (file-type's extension). */
const audioTypes: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  webm: "audio/webm",
  flac: "audio/flac",
};

const rasterTypes = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);

/** A decompression bomb (a tiny file of a huge picture) is refused before it is decoded: 40 megapixels at most. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Text that starts like XML or SVG markup, after an optional byte-order mark and white space. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, "").trimStart();
  return head.startsWith("<");
}

/** The first `length` bytes of a file. */
async function head(file: string, length: number): Promise<Uint8Array> {
  const handle = await fs.open(file);
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks a picked file against its kind's rules from its bytes (never the declared type or the name) and prepares
 * what is stored: raster images are decoded, turned upright, scaled down to the kind's size and re-encoded (WebP; PNG
 * for a favicon), which also drops their metadata (camera, location). SVG is refused rather than sanitized: it can
 * carry script, and every place an image is shown works with a raster one.
 *
 * `source` is the bytes, or the path of a file holding them (an upload received to disk): an image is then decoded
 * from the file, and only what is stored is ever in memory.
 */
export async function prepareUpload(rule: UploadRule, source: Uint8Array | string): Promise<PreparedFile> {
  const size = typeof source === "string" ? (await fs.stat(source)).size : source.byteLength;
  if (size === 0) throw new UploadRefused(uploadText.noFile, 400);
  if (size > rule.maxBytes) throw new UploadRefused(rule.sizeMessage, 413);
  const sniffed = typeof source === "string" ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);

  if (rule.media === "audio") {
    const contentType = sniffed && audioTypes[sniffed.ext];
    if (!sniffed || !contentType) throw new UploadRefused(typeMessage(rule));
    // Storage takes bytes: the one copy in memory, for an administrator's upload only.
    const data = typeof source === "string" ? new Uint8Array(await fs.readFile(source)) : source;
    return { data, contentType, extension: sniffed.ext };
  }

  const markup = !sniffed || sniffed.ext === "xml" || sniffed.ext === "svg";
  if (markup && looksLikeMarkup(typeof source === "string" ? await head(source, 512) : source)) throw new UploadRefused(uploadText.svgRefused);
  if (!sniffed) throw new UploadRefused(typeMessage(rule));
  if (!rasterTypes.has(sniffed.mime)) throw new UploadRefused(typeMessage(rule));
  const favicon = rule.folder.endsWith("favicon");
  try {
    const data = await imageDecodes.run(() => {
      let image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
      if (rule.maxSide) image = image.resize({ width: rule.maxSide, height: rule.maxSide, fit: "inside", withoutEnlargement: true });
      return favicon ? image.png({ compressionLevel: 9 }).toBuffer() : image.webp({ quality: 82 }).toBuffer();
    });
    return { data: new Uint8Array(data), contentType: favicon ? "image/png" : "image/webp", extension: favicon ? "png" : "webp" };
  } catch {
    throw new UploadRefused(uploadText.unreadable);
  }
}

/**
 * Checks, prepares and stores one upload (a File in memory, or one received to disk: receive-upload.server.ts); the
 * caller saves the returned URL with its record.
 */
export async function storeUpload(storage: Storage, kind: UploadKind, file: File | { path: string; name: string }): Promise<StoredFile> {
  if (file instanceof File && file.size > uploadKinds[kind].maxBytes) throw new UploadRefused(uploadKinds[kind].sizeMessage, 413);
  return storeBytes(storage, kind, file.name, file instanceof File ? new Uint8Array(await file.arrayBuffer()) : file.path);
}

/**
 * Checks, prepares and stores a file as `kind` (its bytes, or the path of a file received to disk), whichever way it
 * came (an upload, or a file imported from an outside address: server/uploads/media-import.server.ts). `name` only
 * makes the stored key readable.
 */
export async function storeBytes(storage: Storage, kind: UploadKind, name: string, source: Uint8Array | string): Promise<StoredFile> {
  const rule: UploadRule = uploadKinds[kind];
  const prepared = await prepareUpload(rule, source);
  return storage.put(rule.bucket, unguessableKey(rule.folder, name || kind, prepared.extension), prepared.data, prepared.contentType);
}

/**
 * Deletes the stored file a URL names, without asking whether anything references it: for a file this request just
 * made and no row took. Everything else goes through removeUnreferencedFiles. Returns whether the URL was ours.
 */
export async function deleteStoredFileByUrl(storage: Storage, url: string | null | undefined): Promise<boolean> {
  const file = url ? storedFileAt(storage, url) : undefined;
  if (!file) return false;
  await storage.delete(file.bucket, file.key);
  return true;
}
