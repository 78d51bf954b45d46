import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCARD_UPLOADS_PATH } from "#app/lib/dialog-files.ts";
import { blogPosts, levels, phrases, settings } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { fileUpload, shortWav, tinyPng } from "#tests/support/files.ts";
import { seedSmallCatalog, signedInAdminAndLearner, storedFiles } from "#tests/support/site-fixtures.ts";

/** Files a dialog stored and did not keep: POST /admin/uploads/discard over real HTTP, on the real database and disk. */

let site: TestSite;
let admin = "";
let learner = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await seedSmallCatalog(site);
  ({ admin, learner } = await signedInAdminAndLearner(site));
}, 120_000);

afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const fileOf = (url: string) => url.replace(/^\/storage\//, "");

async function upload(kind: string, bytes: Parameters<typeof fileUpload>[0] = tinyPng, name = "icon.png", type = "image/png") {
  const response = await site.request(`/admin/uploads/${kind}`, { ...fileUpload(bytes, name, type), cookie: admin });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

const discard = (urls: unknown, cookie = admin) =>
  site.request(DISCARD_UPLOADS_PATH, { method: "POST", cookie, headers: { "content-type": "application/json" }, body: JSON.stringify({ urls }) });

describe("discarding a cancelled dialog's files", () => {
  it("deletes an upload that no row uses", async () => {
    const url = await upload("levelIcon");
    expect(storedFiles(site)).toContain(fileOf(url));
    const response = await discard([url]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ removed: [url] });
    expect(storedFiles(site)).not.toContain(fileOf(url));
    // Again (a repeated request, another server): harmless.
    expect((await discard([url])).status).toBe(200);
  });

  it("keeps every file a row references: icons, phrase audio, blog images and text, settings images", async () => {
    const icon = await upload("levelIcon");
    const audio = await upload("audio", shortWav, "voice.wav", "audio/wav");
    const cover = await upload("blogImage");
    const inText = await upload("blogImage");
    const logo = await upload("logo");
    const unused = await upload("lessonIcon");
    await db().insert(levels).values({ languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", iconUrl: icon });
    await db().insert(phrases).values({ languageId: "spanish", levelId: "a1", lessonId: "numbers", originalText: "Uno", translatedText: "One", audioUrl: audio });
    await db().insert(blogPosts).values({ title: "Post", slug: "post", content: `See ![a picture](${inText}) here.`, featuredImage: cover });
    await db().insert(settings).values({ id: "main", logo }).onConflictDoUpdate({ target: settings.id, set: { logo } });
    const before = storedFiles(site);
    const response = await discard([icon, audio, cover, inText, logo, unused, "https://cdn.example/elsewhere.png"]);
    expect(await response.json()).toEqual({ removed: [unused] });
    expect(storedFiles(site)).toEqual(before.filter((file) => file !== fileOf(unused)));
  });

  it("names a file by its storage key, however the URL spells it: a referenced one stays, whatever the spelling", async () => {
    const audio = await upload("audio", shortWav, "voice.wav", "audio/wav");
    const [, folder, first, rest] = /^(\/storage\/content\/audio\/)(.)(.*)\.(?:mp3|wav)$/.exec(audio) ?? [];
    expect(folder).toBeDefined();
    const extension = audio.slice(audio.lastIndexOf(".") + 1);
    const escaped = `%${first!.charCodeAt(0).toString(16)}`;
    const spellings = [
      `${folder}${escaped}${rest}.${extension}`,
      `${folder}${first}${rest}%2E${extension}`,
      `${folder}${escaped}${rest}%2e${extension}`,
      `/storage/content/audio/../audio/${first}${rest}.${extension}`,
      `/storage/content/%61udio/${first}${rest}.${extension}`,
    ];
    await db().insert(phrases).values({ languageId: "spanish", levelId: "a1", lessonId: "numbers", originalText: "Seis", translatedText: "Six", audioUrl: audio });
    expect(await (await discard(spellings)).json()).toEqual({ removed: [] });
    expect(storedFiles(site)).toContain(fileOf(audio));

    // A query or fragment: not an address our storage makes, so nothing is deleted or reported.
    await db().delete(phrases).where(eq(phrases.audioUrl, audio));
    expect(await (await discard([`${audio}?x`, `${audio}#frag`, `${audio}?`])).json()).toEqual({ removed: [] });
    expect(storedFiles(site)).toContain(fileOf(audio));

    // Once nothing plays it, any spelling removes it.
    expect(await (await discard([spellings[0]!])).json()).toEqual({ removed: [spellings[0]] });
    expect(storedFiles(site)).not.toContain(fileOf(audio));
  });

  it("refuses a non-admin, a signed-out caller and a malformed list, and deletes nothing", async () => {
    const url = await upload("levelIcon");
    const before = storedFiles(site);
    expect((await discard([url], learner)).status).toBe(403);
    expect((await discard([url], "")).status).toBe(401);
    expect((await discard([])).status).toBe(400);
    expect((await discard(Array.from({ length: 21 }, () => url))).status).toBe(400);
    expect((await discard([`/storage/${"x".repeat(2049)}`])).status).toBe(400);
    expect((await discard("nope")).status).toBe(400);
    // Over the route's body cap (64 KiB): refused before it is read.
    expect((await discard([url, "x".repeat(66 * 1024)])).status).toBe(413);
    expect(storedFiles(site)).toEqual(before);
  });
});
