import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { storedFileDigests } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { isUnguessableKey, storedFileAt, type Bucket, type Storage } from "#server/storage/storage.server.ts";
import { forEachConcurrently } from "#server/tts/each-concurrently.server.ts";

/** What an app needs to check a downloaded file: its length and its SHA-256 (lowercase hex). */
export interface FileDigest {
  byteSize: number;
  sha256: string;
}

export interface FileDigestDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
}

export interface DigestLookup {
  /** Per address asked for: its digest, or null when the server cannot vouch for it (see `complete`). */
  digests: Map<string, FileDigest | null>;
  /**
   * False when a file could not be read for a passing reason (storage unreachable): its null is not final and the
   * caller should not keep the answer. A missing file or an outside address is final (null until the address changes).
   */
  complete: boolean;
}

/** Files hashed at once: each is read whole into memory, so a lesson's first read holds at most this many. */
const HASH_CONCURRENCY = 4;

/**
 * The digests of the stored files these addresses name, from the stored_file_digests table, computed (one read of the
 * file) and recorded for those not there yet. A key names one file for ever, so a recorded digest is never stale and
 * several servers computing the same one record the same row (the second insert does nothing).
 * An address that is not one of our stored files (an outside URL) or whose file is missing gets null.
 */
export async function fileDigests(deps: FileDigestDeps, urls: readonly string[]): Promise<DigestLookup> {
  const digests = new Map<string, FileDigest | null>();
  const files = new Map<string, { url: string; bucket: Bucket; key: string }>();
  for (const url of new Set(urls)) {
    const file = storedFileAt(deps.storage, url);
    if (file) files.set(url, { url, bucket: file.bucket, key: file.key });
    else digests.set(url, null);
  }
  if (files.size === 0) return { digests, complete: true };

  const wanted = [...files.values()];
  const known = new Map<string, FileDigest>();
  for (const bucket of new Set(wanted.map((f) => f.bucket))) {
    const keys = wanted.filter((f) => f.bucket === bucket).map((f) => f.key);
    const rows = await deps.db
      .select({ key: storedFileDigests.key, byteSize: storedFileDigests.byteSize, sha256: storedFileDigests.sha256 })
      .from(storedFileDigests)
      .where(and(eq(storedFileDigests.bucket, bucket), inArray(storedFileDigests.key, keys)));
    for (const row of rows) known.set(`${bucket}/${row.key}`, { byteSize: row.byteSize, sha256: row.sha256 });
  }

  let complete = true;
  const unknown = wanted.filter((f) => !known.has(`${f.bucket}/${f.key}`));
  await forEachConcurrently(unknown, HASH_CONCURRENCY, async (file) => {
    let data: Uint8Array | undefined;
    try {
      data = await deps.storage.read(file.bucket, file.key);
    } catch (error) {
      complete = false;
      deps.logger.warn(`Could not read ${file.key} to compute its digest`, error);
      return;
    }
    if (!data) {
      deps.logger.warn(`Stored file ${file.key} is missing; the catalogue API gives no size or hash for it`);
      return;
    }
    const digest = { byteSize: data.byteLength, sha256: createHash("sha256").update(data).digest("hex") };
    // Only keys that name one file for ever: an earlier version's keys (derived from public ids) are moved at start
    // (audio-keys.server.ts) and are not worth a row that could outlive their content.
    if (isUnguessableKey(file.key)) {
      await deps.db
        .insert(storedFileDigests)
        .values({ bucket: file.bucket, key: file.key, ...digest })
        .onConflictDoNothing();
    }
    known.set(`${file.bucket}/${file.key}`, digest);
  });

  for (const file of wanted) digests.set(file.url, known.get(`${file.bucket}/${file.key}`) ?? null);
  return { digests, complete };
}
