import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { canonicalFileUrl, isUnguessableKey, storedFileAt, unguessableKey, type Storage } from "#server/storage/storage.server.ts";
import { storageBackendsForFile } from "#tests/support/s3-server.ts";

const storageDirs = storageBackendsForFile("phrasewise-storage-");

const implementations: [string, () => Storage, (url: string) => Promise<Response>][] = [
  [
    "local disk",
    () => createLocalStorage(storageDirs.localRoot),
    // The HTTP server maps /storage/... onto the directory; read the file the URL names.
    async (url) => new Response(fs.readFileSync(path.join(storageDirs.localRoot, decodeURIComponent(url.replace(/^\/storage\//, ""))))),
  ],
  ["S3-compatible", () => storageDirs.s3().storage(), (url) => fetch(url)],
];

describe.each(implementations)("%s storage", (_name, create, fetchUrl) => {
  it("stores a file, reports it, serves it at its URL, reads it back, and deletes it", async () => {
    const storage = create();
    const stored = await storage.put("content", "audio/1700000000_hola mundo.wav", new Uint8Array([82, 73, 70, 70]), "audio/wav");
    expect(stored.url).toContain("audio/1700000000_hola%20mundo.wav");
    expect(storage.keyOf("content", stored.url)).toBe("audio/1700000000_hola mundo.wav");
    const body = new Uint8Array(await (await fetchUrl(stored.url)).arrayBuffer());
    expect(Array.from(body)).toEqual([82, 73, 70, 70]);
    expect(Array.from((await storage.read("content", "audio/1700000000_hola mundo.wav")) ?? [])).toEqual([82, 73, 70, 70]);
    await storage.delete("content", "audio/1700000000_hola mundo.wav");
    expect(await storage.read("content", "audio/1700000000_hola mundo.wav")).toBeUndefined();
  });

  it("names no key for an address outside its buckets", () => {
    const storage = create();
    expect(storage.keyOf("content", "https://cdn.example.com/content/audio/a.mp3")).toBeUndefined();
    expect(storage.keyOf("content", storage.url("assets", "logo.svg"))).toBeUndefined();
  });

  it("names the same key for every spelling of a file's URL, and none for a query, a fragment or an escape from the bucket", () => {
    const storage = create();
    const url = storage.url("content", "audio/4cbf-hola.mp3");
    const [origin, path] = url.startsWith("/") ? ["", url] : [new URL(url).origin, new URL(url).pathname];
    const spell = (pathname: string) => `${origin}${pathname}`;
    for (const spelling of [
      spell(path.replace("/4cbf", "/%34cbf")),
      spell(path.replace(".mp3", "%2Emp3")),
      spell(path.replace("/audio/", "/audio/../audio/")),
      spell(path.replace("/audio/", "/%61udio/")),
      origin ? spell(path).replace(/^http:\/\/([^/]+)/, (_, host: string) => `HTTP://${host.toUpperCase()}`) : url,
    ]) {
      expect(storage.keyOf("content", spelling), spelling).toBe("audio/4cbf-hola.mp3");
      expect(storedFileAt(storage, spelling), spelling).toEqual({ bucket: "content", key: "audio/4cbf-hola.mp3", url });
    }
    for (const other of [`${url}?x`, `${url}#frag`, `${url}?`, spell(path.replace("/audio/", "/audio/%2e%2e/%2e%2e/")), spell(path.replace("hola", "%E0%A4%A"))]) {
      expect(storedFileAt(storage, other), other).toBeUndefined();
    }
    expect(canonicalFileUrl(storage, `${spell(path.replace(".mp3", "%2Emp3"))}?v=2`)).toBe(url);
    expect(canonicalFileUrl(storage, "https://cdn.example.com/a.mp3?v=2")).toBe("https://cdn.example.com/a.mp3?v=2");
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

describe("unguessable keys", () => {
  it("are a folder, 128 random bits, a readable slug and the extension", () => {
    const key = unguessableKey("audio", "Spanish A1: ¿Qué tal? Greetings.WAV", "mp3");
    expect(key).toMatch(/^audio\/[0-9a-f]{32}-spanish-a1-que-tal-greetings\.mp3$/);
    expect(isUnguessableKey(key)).toBe(true);
    expect(unguessableKey("icons/lesson", "", "png")).toMatch(/^icons\/lesson\/[0-9a-f]{32}-file\.png$/);
  });

  it("never repeat", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => unguessableKey("audio", "same name", "mp3")));
    expect(keys.size).toBe(1000);
  });

  it("are told apart from the keys earlier versions derived from public ids", () => {
    expect(isUnguessableKey("audio/demo/spanish-a1-greetings-1.wav")).toBe(false);
    expect(isUnguessableKey("audio/1700000000_hola.wav")).toBe(false);
    expect(isUnguessableKey("audio/e2e_greetings.wav")).toBe(false);
  });
});
