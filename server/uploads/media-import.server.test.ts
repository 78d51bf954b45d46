import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mediaUrlText } from "#common/media-url.ts";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { publicAddressesOnly, type AddressPolicy } from "#server/uploads/address-policy.server.ts";
import { createMediaResolver, importMediaFile, MediaImportRefused } from "#server/uploads/media-import.server.ts";
import { fetchRemoteFile, RemoteFetchError } from "#server/uploads/remote-fetch.server.ts";
import { shortWav, tinyPng } from "#tests/support/files.ts";

/**
 * The importer of outside media addresses and its guard against server-side request forgery. Nothing here sends a
 * packet beyond loopback: the happy path uses a file server on 127.0.0.1 that a test policy allows (127.0.0.1 only,
 * everything else judged by the production policy), and every refusal happens before a connection is made.
 */

let server: http.Server;
let origin = "";
let port = 0;
/** Every path the file server was asked for, to prove a refused address was never requested. */
const requested: string[] = [];

const onlyOurLoopbackServer: AddressPolicy = (address) => address === "127.0.0.1" || publicAddressesOnly(address);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/flag.png") return res.writeHead(200, { "content-type": "image/png" }).end(tinyPng);
    if (url.pathname === "/tone.wav") return res.writeHead(200, { "content-type": "audio/wav" }).end(shortWav);
    if (url.pathname === "/page.html") return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>hi</p>");
    if (url.pathname === "/missing.png") return res.writeHead(404).end();
    if (url.pathname === "/redirect") return res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    if (url.pathname === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (url.pathname === "/endless") {
      // No Content-Length: the cap must be counted while the body streams in.
      res.writeHead(200, { "content-type": "image/png" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const write = () => {
        while (res.write(chunk));
      };
      res.on("drain", write);
      write();
      req.on("close", () => res.destroy());
      return;
    }
    if (url.pathname === "/silent") return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requested.length = 0;
});

describe("the production address policy", () => {
  it("refuses loopback, private, link-local, CGNAT, unique-local, multicast and IPv4-mapped forms of them", () => {
    for (const address of [
      "127.0.0.1",
      "127.1.2.3",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "[::1]",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "not an address",
    ]) {
      expect(publicAddressesOnly(address), address).toBe(false);
    }
  });

  it("allows public unicast addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"]) {
      expect(publicAddressesOnly(address), address).toBe(true);
    }
  });
});

describe("fetching an outside file under the production policy", () => {
  const refused = async (address: string) => {
    const error = await fetchRemoteFile(address, { maxBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error, address).toBeInstanceOf(RemoteFetchError);
    expect((error as RemoteFetchError).reason, address).toBe("blocked");
  };

  it("refuses addresses written as IPs before connecting: loopback, private, metadata, IPv6 loopback and mapped forms", async () => {
    await refused(`${origin}/flag.png`);
    await refused(`http://[::1]:${port}/flag.png`);
    await refused(`http://[::ffff:127.0.0.1]:${port}/flag.png`);
    await refused("http://10.0.0.1/flag.png");
    await refused("http://169.254.169.254/latest/meta-data/");
    await refused(`http://2130706433:${port}/flag.png`); // 127.0.0.1 as one number
    expect(requested).toEqual([]);
  });

  it("refuses a host name that resolves to loopback (localhost), checked at the connection's own lookup", async () => {
    await refused(`http://localhost:${port}/flag.png`);
    expect(requested).toEqual([]);
  });

  it("refuses addresses with credentials and other schemes", async () => {
    await refused(`http://user:pass@example.com/flag.png`);
    await refused("file:///etc/passwd");
  });
});

describe("fetching an outside file (a test policy allows the loopback file server only)", () => {
  const options = { maxBytes: 1024 * 1024, addressPolicy: onlyOurLoopbackServer };

  it("fetches the file's bytes and its name", async () => {
    const file = await fetchRemoteFile(`${origin}/flag.png`, options);
    expect(Buffer.from(file.bytes).equals(Buffer.from(tinyPng))).toBe(true);
    expect(file.name).toBe("flag.png");
  });

  it("follows a redirect to an allowed address, and checks each redirect's address afresh", async () => {
    expect((await fetchRemoteFile(`${origin}/redirect?to=/flag.png`, options)).name).toBe("flag.png");
    for (const target of [`http://127.0.0.2:${port}/flag.png`, "http://169.254.169.254/latest/meta-data/", `http://[::1]:${port}/`]) {
      requested.length = 0;
      const error = await fetchRemoteFile(`${origin}/redirect?to=${encodeURIComponent(target)}`, options).catch((e: unknown) => e);
      expect(error, target).toMatchObject({ reason: "blocked" });
      expect(requested, target).toEqual([`/redirect?to=${encodeURIComponent(target)}`]);
    }
  });

  it("stops after a few redirects", async () => {
    await expect(fetchRemoteFile(`${origin}/loop`, options)).rejects.toMatchObject({ reason: "unreachable" });
    expect(requested.length).toBe(4);
  });

  it("counts the bytes while they stream in and stops at the cap", async () => {
    await expect(fetchRemoteFile(`${origin}/endless`, { ...options, maxBytes: 256 * 1024 })).rejects.toMatchObject({ reason: "tooLarge" });
  });

  it("gives up at the deadline", async () => {
    await expect(fetchRemoteFile(`${origin}/silent`, { ...options, timeoutMs: 300 })).rejects.toMatchObject({ reason: "unreachable" });
  });

  it("treats an answer other than 200 as unreachable", async () => {
    await expect(fetchRemoteFile(`${origin}/missing.png`, options)).rejects.toMatchObject({ reason: "unreachable" });
  });
});

describe("importing an outside address into storage", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-import-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage(root);
  const options = { addressPolicy: onlyOurLoopbackServer };

  it("stores an image exactly as an upload of its kind would be: re-encoded as WebP under the kind's folder", async () => {
    const stored = await importMediaFile(storage, "flag", `${origin}/flag.png`, options);
    expect(stored.url).toMatch(/^\/storage\/content\/flags\/[0-9a-f]{32}-flag\.webp$/);
    const bytes = await storage.read(stored.bucket, stored.key);
    expect((await sharp(bytes!).metadata()).format).toBe("webp");
  });

  it("stores audio as audio, and refuses a page that is neither", async () => {
    const stored = await importMediaFile(storage, "audio", `${origin}/tone.wav`, options);
    expect(stored.url).toMatch(/^\/storage\/content\/audio\/[0-9a-f]{32}-tone\.wav$/);
    await expect(importMediaFile(storage, "audio", `${origin}/flag.png`, options)).rejects.toThrow(mediaUrlText.notAudio);
    await expect(importMediaFile(storage, "levelIcon", `${origin}/page.html`, options)).rejects.toThrow(mediaUrlText.notImage);
  });

  it("answers each failure with the field's words: private address, too large, unreachable", async () => {
    await expect(importMediaFile(storage, "flag", `${origin}/flag.png`)).rejects.toThrow(mediaUrlText.privateAddress);
    await expect(importMediaFile(storage, "flag", `${origin}/endless`, options)).rejects.toThrow("Image size should be less than 2MB");
    await expect(importMediaFile(storage, "flag", `${origin}/missing.png`, options)).rejects.toThrow(mediaUrlText.unreachable);
  });

  it("keeps our own addresses as they are and imports the rest", async () => {
    const media = createMediaResolver({ storage, publicUrl: "https://phrasewise.example" }, options);
    expect(await media.resolve("flag", "")).toEqual({ url: "" });
    expect(await media.resolve("flag", "/images/flags/spanish.svg")).toEqual({ url: "/images/flags/spanish.svg" });
    expect(await media.resolve("flag", "https://phrasewise.example/images/x.png")).toEqual({ url: "https://phrasewise.example/images/x.png" });
    const imported = await media.resolve("flag", `${origin}/flag.png`);
    expect(imported.url).toMatch(/^\/storage\/content\/flags\//);
    await media.discard(imported);
    expect(await storage.read(imported.imported!.bucket, imported.imported!.key)).toBeUndefined();
    await expect(media.resolve("flag", "/\\evil.example/x.png")).rejects.toBeInstanceOf(MediaImportRefused);
  });
});
