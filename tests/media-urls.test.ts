import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogMessages } from "#common/catalog-admin.ts";
import { mediaUrlText } from "#common/media-url.ts";
import { phraseText } from "#common/phrase-form.ts";
import { blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { readSettingsForAdmin } from "#server/settings/settings-admin.server.ts";
import { publicAddressesOnly } from "#server/uploads/address-policy.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { shortWav, tinyPng } from "#tests/support/files.ts";
import { confirmedUser, signInThroughForm, storedFiles } from "#tests/support/site-fixtures.ts";

/**
 * Media addresses through every door that saves one (issue 22, item 9): an address that would leave the site once a
 * browser reads it ("/\evil.example/x.png") is refused; an outside http(s) address is copied into our storage and our
 * address saved, so the page's Content-Security-Policy lets the public pages show it; an address on a private network
 * is refused before any connection. The "outside" file server is on 127.0.0.1, which this site's test policy allows
 * (and nothing else that the production policy refuses).
 */

let site: TestSite;
let admin = "";
let files: http.Server;
let outside = "";

beforeAll(async () => {
  files = http.createServer((req, res) => {
    if (req.url === "/flag.png") return res.writeHead(200, { "content-type": "image/png" }).end(tinyPng);
    if (req.url === "/tone.wav") return res.writeHead(200, { "content-type": "audio/wav" }).end(shortWav);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  outside = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  site = await startTestSite({ mediaImport: { addressPolicy: (address) => address === "127.0.0.1" || publicAddressesOnly(address) } });
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.40");
}, 120_000);

afterAll(async () => {
  await site?.close();
  await new Promise<void>((resolve) => files.close(() => resolve()));
});

const db = () => site.runtime.database.db;
const post = (path: string, values: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, v] of Object.entries(values)) for (const item of Array.isArray(v) ? v : [v]) body.append(name, item);
  return site.request(path, { ...form({}), body, cookie: admin });
};

const evil = "/\\evil.example/x.png";
const metadata = "http://169.254.169.254/latest/meta-data/flag.png";

describe("the language flag", () => {
  it("refuses an address a browser would read as another site's, and saves nothing", async () => {
    for (const flagUrl of [evil, "//evil.example/x.png", "/images/../\\evil.example/x.png", "/a b.png"]) {
      const response = await post("/admin/languages", { intent: "create", id: "xx", name: "Xx", flagUrl });
      expect(response.status, flagUrl).toBe(400);
      expect(await response.text(), flagUrl).toContain(catalogMessages.flagUrl);
    }
    expect(await db().$count(languages)).toBe(0);
  });

  it("copies an outside image into storage on save and saves our address, which the public page shows", async () => {
    const before = storedFiles(site).length;
    const response = await post("/admin/languages", { intent: "create", id: "tl", name: "Tagalog", flagUrl: `${outside}/flag.png` });
    expect(response.status).toBe(200);
    const [row] = await db().select().from(languages).where(eq(languages.id, "tl"));
    expect(row!.flagUrl).toMatch(/^\/storage\/content\/flags\/[0-9a-f]{32}-flag\.webp$/);
    expect(storedFiles(site).length).toBe(before + 1);
    expect(await (await site.request("/languages")).text()).toContain(row!.flagUrl);
    expect((await site.request(row!.flagUrl)).headers.get("content-type")).toBe("image/webp");
  });

  it("refuses an address on a private network with the field's message, before connecting, and changes nothing", async () => {
    const response = await post("/admin/languages", { intent: "update", id: "tl", name: "Tagalog", flagUrl: metadata });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(mediaUrlText.privateAddress);
    const [row] = await db().select().from(languages).where(eq(languages.id, "tl"));
    expect(row!.flagUrl).toMatch(/^\/storage\/content\/flags\//);
  });

  it("removes the copied file again when the record is not saved (a duplicate ID)", async () => {
    const before = storedFiles(site);
    const response = await post("/admin/languages", { intent: "create", id: "tl", name: "Again", flagUrl: `${outside}/flag.png` });
    expect(response.status).toBe(400);
    expect(storedFiles(site)).toEqual(before);
  });
});

describe("level and lesson icons", () => {
  it("refuse the backslash address and copy an outside icon", async () => {
    const refused = await post("/admin/levels", { intent: "create", languageId: "tl", id: "a1", title: "Basics", cefrLabel: "A1", iconUrl: evil });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(catalogMessages.iconUrl);

    const level = await post("/admin/levels", { intent: "create", languageId: "tl", id: "a1", title: "Basics", cefrLabel: "A1", iconUrl: `${outside}/flag.png` });
    expect(level.status).toBe(200);
    const [levelRow] = await db().select().from(levels).where(eq(levels.id, "a1"));
    expect(levelRow!.iconUrl).toMatch(/^\/storage\/content\/icons\/level\/[0-9a-f]{32}-flag\.webp$/);

    const lessonRefused = await post("/admin/lessons", { intent: "create", languageId: "tl", levelId: "a1", id: "one", title: "One", translatedTitle: "Isa", iconUrl: evil });
    expect(lessonRefused.status).toBe(400);
    expect(await lessonRefused.text()).toContain(catalogMessages.iconUrl);

    const lesson = await post("/admin/lessons", { intent: "create", languageId: "tl", levelId: "a1", id: "one", title: "One", translatedTitle: "Isa", iconUrl: `${outside}/flag.png` });
    expect(lesson.status).toBe(200);
    const [lessonRow] = await db().select().from(lessons).where(eq(lessons.id, "one"));
    expect(lessonRow!.iconUrl).toMatch(/^\/storage\/content\/icons\/lesson\/[0-9a-f]{32}-flag\.webp$/);
  });
});

describe("phrase audio", () => {
  const fields = { intent: "add", languageId: "tl", levelId: "a1", lessonId: "one", originalText: ["Salamat"], translatedText: ["Thank you"] };

  it("refuses the backslash address, copies outside audio, and refuses an image as audio", async () => {
    const refused = await post("/admin/phrases", { ...fields, audioUrl: evil });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(phraseText.invalidAudioUrl);

    const notAudio = await post("/admin/phrases", { ...fields, audioUrl: `${outside}/flag.png` });
    expect(notAudio.status).toBe(400);
    expect(await notAudio.text()).toContain(mediaUrlText.notAudio);
    expect(await db().$count(phrases)).toBe(0);

    const added = await post("/admin/phrases", { ...fields, audioUrl: `${outside}/tone.wav` });
    expect(added.status).toBe(200);
    const [row] = await db().select().from(phrases);
    expect(row!.audioUrl).toMatch(/^\/storage\/content\/audio\/[0-9a-f]{32}-tone\.wav$/);
  });
});

describe("the blog's featured image and the settings images", () => {
  it("refuse the backslash address and copy an outside image", async () => {
    const refused = await post("/admin/blog", { intent: "create", title: "Evil", content: "x", featuredImage: evil });
    expect(refused.status).toBe(400);
    expect(await db().$count(blogPosts)).toBe(0);

    const created = await post("/admin/blog", { intent: "create", title: "Outside", content: "x", featuredImage: `${outside}/flag.png` });
    expect(created.status).toBe(200);
    const [row] = await db().select().from(blogPosts);
    expect(row!.featuredImage).toMatch(/^\/storage\/assets\/blog\/[0-9a-f]{32}-flag\.webp$/);

    const settingRefused = await post("/admin/settings", { intent: "set-image", field: "hero_image", url: evil });
    expect(settingRefused.status).toBe(400);
    const setting = await post("/admin/settings", { intent: "set-image", field: "hero_image", url: `${outside}/flag.png` });
    expect(setting.status).toBe(200);
    expect((await readSettingsForAdmin(site.runtime)).hero_image).toMatch(/^\/storage\/assets\/settings\/hero\/[0-9a-f]{32}-flag\.webp$/);
  });
});
