import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { fileUpload, shortWav } from "#tests/support/files.ts";
import { confirmedUser, signInThroughForm } from "#tests/support/site-fixtures.ts";

/** What an administrator's uploads may cost the server at once, over real HTTP. */

let site: TestSite;
let admin = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.7");
}, 120_000);

afterAll(() => site?.close());

describe("image decodes", () => {
  it("runs at most one per core at once, however many uploads arrive together", async () => {
    const cores = os.availableParallelism();
    // 16 megapixels of one colour: a small file, a full-size decode.
    const picture = new Uint8Array(await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#468" } }).png().toBuffer());
    const uploads = cores + 3;
    // sharp's own count of the images it is working on (process) and has handed to libuv's pool (queue).
    let most = 0;
    const sampler = setInterval(() => {
      const { queue, process } = sharp.counters();
      most = Math.max(most, queue + process);
    }, 1);
    try {
      const statuses = await Promise.all(
        Array.from({ length: uploads }, () =>
          site.request("/admin/uploads/hero", { ...fileUpload(picture, "hero.png", "image/png"), cookie: admin }).then((response) => response.status),
        ),
      );
      expect(statuses).toEqual(Array.from({ length: uploads }, () => 201));
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(cores);
  });
});

const MiB = 1024 * 1024;

/**
 * An upload sent chunked (no Content-Length, as a browser streams it), `file` then `fillerBytes` of padding inside the
 * file part, produced as the socket takes it (never held whole). Stops sending once answered.
 */
function chunkedUpload(
  kind: string,
  {
    file,
    fillerBytes = 0,
    name,
    type,
    pause,
  }: { file: Uint8Array; fillerBytes?: number; name: string; type: string; pause?: { after: number; until: () => Promise<void> } },
) {
  const { hostname, port } = new URL(site.url);
  const boundary = "----phrasewise-test";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const req = http.request({
      hostname,
      port,
      path: `/admin/uploads/${kind}`,
      method: "POST",
      agent: false,
      headers: { origin: site.url, cookie: admin, "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
    });
    const piece = Buffer.alloc(64 * 1024, 0);
    const total = head.length + file.length + fillerBytes + tail.length;
    let sent = 0;
    let answered = false;
    const pieces = (function* () {
      yield head;
      yield Buffer.from(file);
      for (let left = fillerBytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
      yield tail;
    })();
    let paused = false;
    const pump = () => {
      for (let next = pieces.next(); !answered && !next.done; next = pieces.next()) {
        sent += next.value.length;
        if (pause && !paused && sent >= pause.after) {
          paused = true;
          req.write(next.value);
          return void pause.until().then(pump, reject);
        }
        if (!req.write(next.value)) return void req.once("drain", pump);
      }
      if (!answered && sent === total) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body, sent });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    pump();
  });
}

describe("uploads arrive on disk, not in memory", () => {
  const leftovers = () => {
    const dir = path.join(site.runtime.env.DATA_DIR, "tmp");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it("stores a chunked upload, and leaves no temporary file behind", async () => {
    const picture = new Uint8Array(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#468" } }).png().toBuffer());
    const image = await chunkedUpload("hero", { file: picture, name: "hero.png", type: "image/png" });
    expect(image.status).toBe(201);
    expect(JSON.parse(image.body)).toEqual({ url: expect.stringMatching(/^\/storage\/assets\/settings\/hero\/.+\.webp$/) });
    const audio = await chunkedUpload("audio", { file: shortWav, name: "tone.wav", type: "audio/wav" });
    expect(audio.status).toBe(201);
    expect(leftovers()).toEqual([]);
  });

  it("writes an upload to a temporary file while it is still arriving", async () => {
    const tmp = path.join(site.runtime.env.DATA_DIR, "tmp");
    const onDisk = () => {
      const dirs = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
      return dirs.reduce((bytes, dir) => bytes + (fs.existsSync(path.join(tmp, dir, "file")) ? fs.statSync(path.join(tmp, dir, "file")).size : 0), 0);
    };
    const result = await chunkedUpload("audio", {
      file: shortWav,
      fillerBytes: 3 * MiB,
      name: "tone.wav",
      type: "audio/wav",
      pause: {
        after: 2 * MiB,
        // Half the body sent, the rest held back: the first megabyte must already be on disk.
        until: async () => {
          while (onDisk() < 1 * MiB) await new Promise((resolve) => setTimeout(resolve, 20));
        },
      },
    });
    expect(result.status).toBe(201);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a chunked upload over its cap as soon as the cap is crossed", async () => {
    const result = await chunkedUpload("audio", { file: shortWav, fillerBytes: 60 * MiB, name: "long.wav", type: "audio/wav" });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: "Audio file size should be less than 20MB" });
    // Answered at the 20 MB cap, long before the 60 MB were sent.
    expect(result.sent).toBeLessThan(40 * MiB);
    expect(leftovers()).toEqual([]);
  });
});
