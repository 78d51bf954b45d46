import { isHttpAddress, isSitePath, mediaUrlText } from "#common/media-url.ts";
import { uploadKinds, uploadText, type UploadKind } from "#common/upload-rules.ts";
import type { AddressPolicy } from "#server/uploads/address-policy.server.ts";
import { fetchRemoteFile, RemoteFetchError } from "#server/uploads/remote-fetch.server.ts";
import { storeBytes, UploadRefused } from "#server/uploads/uploads.server.ts";
import { buckets, canonicalFileUrl, type Storage, type StoredFile } from "#server/storage/storage.server.ts";

/**
 * Media addresses on save (docs/decisions/009-outside-media-addresses.md): an address of ours is kept; an http(s)
 * address elsewhere is fetched (SSRF-guarded, see remote-fetch.server.ts), checked and prepared exactly as an upload
 * of the same kind, stored, and our address saved instead. The page's Content-Security-Policy loads media only from
 * this site and its storage, so the public pages can show everything that is saved.
 */

/** Why an address could not be used, in words for the field that held it. */
export class MediaImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaImportRefused";
  }
}

export interface MediaImportOptions {
  /** Tests allow their own loopback server; production uses public addresses only. */
  addressPolicy?: AddressPolicy;
  timeoutMs?: number;
}

export interface ResolvedMedia {
  /** What to save. */
  url: string;
  /** The file stored for an outside address, to remove again if the record is not saved after all. */
  imported?: StoredFile;
}

export interface MediaResolver {
  /** An empty value stays empty; anything else comes back as an address the site can show, or is refused. */
  resolve(kind: UploadKind, value: string): Promise<ResolvedMedia>;
  /** Removes a file `resolve` imported, when the save it was for failed. */
  discard(media: ResolvedMedia): Promise<void>;
}

export function createMediaResolver(deps: { storage: Storage; publicUrl: string }, options: MediaImportOptions = {}): MediaResolver {
  const siteOrigin = new URL(deps.publicUrl).origin;
  const isOurs = (address: string) =>
    isSitePath(address) || new URL(address).origin === siteOrigin || buckets.some((bucket) => deps.storage.keyOf(bucket, address) !== undefined);

  return {
    async resolve(kind, raw) {
      const value = raw.trim();
      if (value === "") return { url: "" };
      if (!isSitePath(value) && !isHttpAddress(value)) throw new MediaImportRefused(mediaUrlText.unreachable);
      // Our own file is saved in its one canonical spelling, so the "still referenced" checks see it.
      if (isOurs(value)) return { url: canonicalFileUrl(deps.storage, value) };
      const imported = await importMediaFile(deps.storage, kind, value, options);
      return { url: imported.url, imported };
    },
    async discard(media) {
      if (media.imported) await deps.storage.delete(media.imported.bucket, media.imported.key);
    },
  };
}

/** Fetches, checks, prepares and stores the file at an outside address as an upload of `kind`. */
export async function importMediaFile(storage: Storage, kind: UploadKind, address: string, options: MediaImportOptions = {}): Promise<StoredFile> {
  const rule = uploadKinds[kind];
  let bytes: Uint8Array | undefined;
  try {
    const file = await fetchRemoteFile(address, {
      maxBytes: rule.maxBytes,
      accept: rule.media === "image" ? "image/*" : "audio/*",
      ...(options.addressPolicy ? { addressPolicy: options.addressPolicy } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    bytes = file.bytes;
    return await storeBytes(storage, kind, file.name, file.bytes);
  } catch (error) {
    if (error instanceof RemoteFetchError) {
      if (error.reason === "blocked") throw new MediaImportRefused(mediaUrlText.privateAddress);
      if (error.reason === "tooLarge") throw new MediaImportRefused(rule.sizeMessage);
      throw new MediaImportRefused(mediaUrlText.unreachable);
    }
    if (error instanceof UploadRefused) {
      if (error.status === 413) throw new MediaImportRefused(rule.sizeMessage);
      if (error.status === 400) throw new MediaImportRefused(mediaUrlText.unreachable);
      // A web page starts with markup too: only an actual SVG gets the upload's SVG message.
      if (error.message === uploadText.svgRefused && bytes && isSvg(bytes)) throw new MediaImportRefused(error.message);
      throw new MediaImportRefused(rule.media === "image" ? mediaUrlText.notImage : mediaUrlText.notAudio);
    }
    throw error;
  }
}

function isSvg(bytes: Uint8Array): boolean {
  return /<svg[\s>]/i.test(new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 2048)));
}
