import os from "node:os";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { fileUpload } from "#tests/support/files.ts";
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
