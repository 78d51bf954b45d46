import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { createS3Storage } from "#server/storage/s3-storage.server.ts";
import type { Storage } from "#server/storage/storage.server.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-storage-"));
let s3: S3rver;
let s3Url = "";

beforeAll(async () => {
  // A real S3 API on loopback (s3rver), with the bucket the app is configured for.
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(root, "s3"),
    configureBuckets: [{ name: "phrasewise", configs: [] }],
  });
  const { address, port } = (await s3.run()) as unknown as { address: string; port: number };
  s3Url = `http://${address}:${port}`;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const implementations: [string, () => Storage, (url: string) => Promise<Response>][] = [
  [
    "local disk",
    () => createLocalStorage(path.join(root, "local")),
    // The HTTP server maps /storage/... onto the directory; read the file the URL names.
    async (url) => new Response(fs.readFileSync(path.join(root, "local", decodeURIComponent(url.replace(/^\/storage\//, ""))))),
  ],
  [
    "S3-compatible",
    () =>
      createS3Storage({
        endpoint: s3Url,
        region: "us-east-1",
        bucket: "phrasewise",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        publicUrl: `${s3Url}/phrasewise`,
        forcePathStyle: true,
      }),
    (url) => fetch(url),
  ],
];

describe.each(implementations)("%s storage", (_name, create, fetchUrl) => {
  it("stores a file, reports it, serves it at its URL, and deletes it", async () => {
    const storage = create();
    const stored = await storage.put("content", "audio/1700000000_hola mundo.wav", new Uint8Array([82, 73, 70, 70]), "audio/wav");
    expect(stored.url).toContain("audio/1700000000_hola%20mundo.wav");
    expect(await storage.exists("content", "audio/1700000000_hola mundo.wav")).toBe(true);
    const body = new Uint8Array(await (await fetchUrl(stored.url)).arrayBuffer());
    expect(Array.from(body)).toEqual([82, 73, 70, 70]);
    await storage.delete("content", "audio/1700000000_hola mundo.wav");
    expect(await storage.exists("content", "audio/1700000000_hola mundo.wav")).toBe(false);
  });

  it("overwrites an existing key", async () => {
    const storage = create();
    await storage.put("assets", "settings/logo_1.svg", new TextEncoder().encode("<svg>1</svg>"), "image/svg+xml");
    const stored = await storage.put("assets", "settings/logo_1.svg", new TextEncoder().encode("<svg>2</svg>"), "image/svg+xml");
    expect(await (await fetchUrl(stored.url)).text()).toBe("<svg>2</svg>");
  });

  it("refuses keys that could leave the bucket", async () => {
    const storage = create();
    for (const key of ["../etc/passwd", "/absolute", "a/../../b", ""]) {
      await expect(storage.put("assets", key, new Uint8Array([1]), "text/plain")).rejects.toThrow("Invalid storage key");
    }
  });
});
