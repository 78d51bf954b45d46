import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadKinds, uploadText } from "#common/upload-rules.ts";
import { deleteStoredFileByUrl } from "#server/uploads/uploads.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { fileUpload, largeJpeg, shortWav, svgWithScript, tinyPng } from "#tests/support/files.ts";
import { confirmedUser, signInThroughForm, storedFiles } from "#tests/support/site-fixtures.ts";

/** The upload route over real HTTP: who may upload, what the bytes must be, and what is stored. */

let site: TestSite;
let admin = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.7");
}, 120_000);

afterAll(() => site?.close());

async function upload(kind: string, init: RequestInit, cookie = admin) {
  const response = await site.request(`/admin/uploads/${kind}`, { ...init, cookie });
  return { status: response.status, answer: (await response.json()) as { url?: string; error?: string } };
}

async function fetchStored(url: string) {
  const response = await site.request(url);
  return { type: response.headers.get("content-type"), headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("image uploads", () => {
  it("stores a photo scaled down to its kind's size, re-encoded as WebP, under the kind's folder", async () => {
    const { status, answer } = await upload("levelIcon", fileUpload(await largeJpeg(), "My Photo.jpg", "image/jpeg"));
    expect(status).toBe(201);
    expect(answer.url).toMatch(/^\/storage\/content\/icons\/level\/[0-9a-f]{32}-my-photo\.webp$/);
    const stored = await fetchStored(answer.url!);
    expect(stored.type).toBe("image/webp");
    // A new upload gets a new key, so a stored file never changes: browsers may keep it, and must not sniff it.
    expect(stored.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(stored.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width, meta.height)).toBe(uploadKinds.levelIcon.maxSide);
  });

  it("stores a favicon as a PNG", async () => {
    const { status, answer } = await upload("favicon", fileUpload(tinyPng, "favicon.png", "image/png"));
    expect(status).toBe(201);
    expect(answer.url).toMatch(/^\/storage\/assets\/settings\/favicon\/.+\.png$/);
    expect((await sharp((await fetchStored(answer.url!)).bytes).metadata()).format).toBe("png");
  });

  it("refuses an SVG, also one that claims to be a PNG, and stores nothing", async () => {
    const before = storedFiles(site);
    for (const init of [fileUpload(svgWithScript, "logo.svg", "image/svg+xml"), fileUpload(svgWithScript, "logo.png", "image/png")]) {
      expect(await upload("logo", init)).toEqual({ status: 415, answer: { error: uploadText.svgRefused } });
    }
    expect(storedFiles(site)).toEqual(before);
  });

  it("judges the type by the bytes: text named .png and audio sent as an image are refused", async () => {
    const before = storedFiles(site);
    expect(await upload("hero", fileUpload(new TextEncoder().encode("not an image"), "hero.png", "image/png"))).toEqual({
      status: 415,
      answer: { error: uploadText.notImage },
    });
    expect(await upload("hero", fileUpload(shortWav, "hero.png", "image/png"))).toEqual({ status: 415, answer: { error: uploadText.notImage } });
    expect(storedFiles(site)).toEqual(before);
  });

  it("refuses a file over the kind's limit before reading it, and stores nothing", async () => {
    const before = storedFiles(site);
    const tooLarge = new Uint8Array(uploadKinds.levelIcon.maxBytes + 200 * 1024);
    tooLarge.set(tinyPng);
    const response = await site.request("/admin/uploads/levelIcon", { ...fileUpload(tooLarge, "big.png", "image/png"), cookie: admin });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Image size should be less than 2MB" });
    expect(storedFiles(site)).toEqual(before);
  });

  it("refuses a file one byte over the limit with the spec's message, and stores nothing", async () => {
    const before = storedFiles(site);
    const oneOver = new Uint8Array(uploadKinds.levelIcon.maxBytes + 1);
    oneOver.set(tinyPng);
    expect(await upload("levelIcon", fileUpload(oneOver, "big.png", "image/png"))).toEqual({
      status: 413,
      answer: { error: "Image size should be less than 2MB" },
    });
    expect(storedFiles(site)).toEqual(before);
  });

  it("answers 'No file provided' without a file, and 404 for an unknown kind", async () => {
    expect(await upload("hero", { method: "POST", body: new FormData() })).toEqual({ status: 400, answer: { error: uploadText.noFile } });
    expect((await upload("avatar", fileUpload(tinyPng, "a.png", "image/png"))).status).toBe(404);
  });
});

describe("audio uploads", () => {
  it("stores a WAV file as audio, and refuses an image sent as audio", async () => {
    const { status, answer } = await upload("audio", fileUpload(shortWav, "Hola amigos.wav", "audio/wav"));
    expect(status).toBe(201);
    expect(answer.url).toMatch(/^\/storage\/content\/audio\/[0-9a-f]{32}-hola-amigos\.wav$/);
    expect((await fetchStored(answer.url!)).type).toBe("audio/wav");
    expect(await upload("audio", fileUpload(tinyPng, "song.mp3", "audio/mpeg"))).toEqual({ status: 415, answer: { error: uploadText.notAudio } });
  });
});

describe("who may upload", () => {
  it("refuses visitors and learners with the spec's messages, storing nothing", async () => {
    await confirmedUser(site, "learner@example.com", "learnerpass1");
    const learner = await signInThroughForm(site, "learner@example.com", "learnerpass1", "198.51.100.8");
    const before = storedFiles(site);
    expect(await upload("blogImage", fileUpload(tinyPng, "a.png", "image/png"), "")).toEqual({ status: 401, answer: { error: uploadText.signedOut } });
    expect(await upload("blogImage", fileUpload(tinyPng, "a.png", "image/png"), learner)).toEqual({ status: 403, answer: { error: uploadText.denied } });
    expect(storedFiles(site)).toEqual(before);
  });
});

describe("deleteStoredFileByUrl", () => {
  it("removes a file our storage made and ignores any other address", async () => {
    const { answer } = await upload("blogImage", fileUpload(tinyPng, "post.png", "image/png"));
    expect(await deleteStoredFileByUrl(site.runtime.storage, "https://example.com/flag.png")).toBe(false);
    expect(await deleteStoredFileByUrl(site.runtime.storage, answer.url)).toBe(true);
    expect((await site.request(answer.url!)).status).toBe(404);
  });
});
