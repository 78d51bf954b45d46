import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { createS3Storage } from "#server/storage/s3-storage.server.ts";
import type { Storage } from "#server/storage/storage.server.ts";

/** A real S3 API on loopback (s3rver) with the bucket the app is configured for, served as a public bucket. */
export interface TestS3 {
  url: string;
  /** Where browsers fetch objects from, as S3_PUBLIC_URL. */
  publicUrl: string;
  storage(): Storage;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-s3-"));
  const s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "phrasewise", configs: [] }] });
  const { address, port } = (await s3.run()) as unknown as { address: string; port: number };
  const url = `http://${address}:${port}`;
  const publicUrl = `${url}/phrasewise`;
  return {
    url,
    publicUrl,
    storage: () =>
      createS3Storage({
        endpoint: url,
        region: "us-east-1",
        bucket: "phrasewise",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        publicUrl,
        forcePathStyle: true,
      }),
    async close() {
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Both storage backends for one test file: a local directory and an s3rver, started before the file's tests and
 * removed after them.
 */
export function storageBackendsForFile(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { localRoot: path.join(root, "local"), s3: () => s3! };
}
