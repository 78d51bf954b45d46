import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileDigests } from "#server/catalog/file-digests.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { storedFileDigests } from "#server/db/schema.ts";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { createS3Storage } from "#server/storage/s3-storage.server.ts";
import { unguessableKey, type Storage } from "#server/storage/storage.server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { storageBackendsForFile } from "#tests/support/s3-server.ts";

/** The size and SHA-256 of stored audio for the app's offline download, on both storage backends. */
const storageDirs = storageBackendsForFile("phrasewise-file-digests-");

const backends: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(storageDirs.localRoot)],
  ["S3-compatible", () => storageDirs.s3().storage()],
];

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(backends)("file digests on %s storage", (_name, createStorage) => {
  let handle: DatabaseHandle;
  let storage: Storage;
  const deps = () => ({ db: handle.db, storage, logger: quietLogger });

  beforeAll(async () => {
    handle = await openTestDatabase();
    storage = createStorage();
  });
  afterAll(() => handle?.close());

  it("computes a stored file's size and hash once and records them by key", async () => {
    const bytes = randomBytes(3_000);
    const file = await storage.put("content", unguessableKey("audio", "hola", "mp3"), bytes, "audio/mpeg");
    const first = await fileDigests(deps(), [file.url, file.url]);
    expect(first).toEqual({ complete: true, digests: new Map([[file.url, { byteSize: 3_000, sha256: sha256(bytes) }]]) });
    expect(await handle.db.select().from(storedFileDigests).where(eq(storedFileDigests.key, file.key))).toMatchObject([
      { bucket: "content", byteSize: 3_000, sha256: sha256(bytes) },
    ]);
    // The next lookup reads the row, not the file: a key never names other bytes.
    await storage.delete("content", file.key);
    expect((await fileDigests(deps(), [file.url])).digests.get(file.url)).toEqual({ byteSize: 3_000, sha256: sha256(bytes) });
  });

  it("gives null for a missing file and an outside address, and records nothing for them", async () => {
    const missing = storage.url("content", unguessableKey("audio", "gone", "mp3"));
    const outside = "https://cdn.example/hola.mp3";
    const before = await handle.db.$count(storedFileDigests);
    expect(await fileDigests(deps(), [missing, outside])).toEqual({
      complete: true,
      digests: new Map([
        [outside, null],
        [missing, null],
      ]),
    });
    expect(await handle.db.$count(storedFileDigests)).toBe(before);
  });

  it("hashes a file under an earlier version's key without recording it (such keys are moved, not kept)", async () => {
    const bytes = randomBytes(500);
    const legacy = await storage.put("content", "audio/demo/spanish-a1-greetings-1.wav", bytes, "audio/wav");
    expect((await fileDigests(deps(), [legacy.url])).digests.get(legacy.url)).toEqual({ byteSize: 500, sha256: sha256(bytes) });
    expect(await handle.db.select().from(storedFileDigests).where(eq(storedFileDigests.key, legacy.key))).toEqual([]);
  });
});

describe("file digests when storage cannot be read", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  it("gives null and says the lookup is not complete, so the answer is not kept", async () => {
    // A bucket whose endpoint refuses connections: every read fails, as during an outage.
    const storage = createS3Storage({
      bucket: "audio",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      publicUrl: "http://127.0.0.1:9/audio",
      forcePathStyle: true,
      accessKeyId: "test",
      secretAccessKey: "test",
    });
    const url = storage.url("content", unguessableKey("audio", "hola", "mp3"));
    expect(await fileDigests({ db: handle.db, storage, logger: quietLogger }, [url])).toEqual({ complete: false, digests: new Map([[url, null]]) });
  });
});
