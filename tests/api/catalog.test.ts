import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessons, phrases, storedFileDigests } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { apiClient, expectDocumented, type ApiClient } from "#tests/api/support/api-client.ts";
import { A2_LESSON_IDS, createApiWorld, LOCKED_MARKERS, type ApiWorld } from "#tests/api/support/api-fixture.ts";

/**
 * The catalogue as an app reads it for offline use: through the typed client generated from the served document
 * (every answer checked against it), following cursors, downloading each audio file and checking it against the size
 * and SHA-256 the lesson gave; conditional reads; what a catalogue change does to them.
 */

let site: TestSite;
let world: ApiWorld;
let client: ApiClient;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  world = await createApiWorld(site);
  client = apiClient(site, { token: await world.credentials("learner").then((c) => c.token!) });
}, 120_000);
afterAll(() => site?.close());

async function catalogChanged(change: () => Promise<unknown>) {
  await change();
  await site.runtime.events.publish("catalog");
}

const sha256 = (bytes: ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

describe("an app downloading the catalogue", () => {
  it("lists languages, levels and every page of lessons, then downloads and checks each open lesson's audio", async () => {
    const { data: languageList } = await client.GET("/languages");
    expect(languageList?.languages.map((l) => l.id)).toEqual(["spanish"]);

    const { data: levelList } = await client.GET("/languages/{languageId}/levels", { params: { path: { languageId: "spanish" } } });
    // Images as an app can fetch them: a site-relative address made absolute, an outside one as it is.
    expect(levelList?.language.flagUrl).toBe("https://cdn.example/flags/es.svg");
    expect(levelList?.levels[0]?.iconUrl).toBe(`${site.url}/images/levels/a1.svg`);
    expect(levelList?.levels[1]?.iconUrl).toBe("");
    expect(levelList?.levels.map((l) => [l.id, l.locked])).toEqual([
      ["a1", false],
      ["a2", false],
      ["b1", true],
    ]);

    const downloaded: string[] = [];
    for (const level of levelList!.levels) {
      const path = { languageId: "spanish", levelId: level.id };
      if (level.locked) {
        const { response } = await client.GET("/languages/{languageId}/levels/{levelId}/lessons", { params: { path } });
        expect(response.status).toBe(403);
        continue;
      }
      const listed: { id: string; locked: boolean }[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data } = await client.GET("/languages/{languageId}/levels/{levelId}/lessons", { params: { path, query: { limit: 4, ...(cursor ? { cursor } : {}) } } });
        expect(data!.lessons.length).toBeLessThanOrEqual(4);
        listed.push(...data!.lessons);
        cursor = data!.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(Math.max(1, Math.ceil(listed.length / 4)));
      expect(listed.length).toBe(level.lessonCount);
      if (level.id === "a2") expect(listed.map((l) => l.id)).toEqual(A2_LESSON_IDS);

      for (const summary of listed) {
        const { data, response } = await client.GET("/languages/{languageId}/levels/{levelId}/lessons/{lessonId}", {
          params: { path: { ...path, lessonId: summary.id } },
        });
        if (summary.locked) {
          expect(response.status).toBe(403);
          continue;
        }
        for (const group of data!.audioGroups) {
          expect(group.audio.url).toMatch(/^https?:\/\//);
          if (group.audio.byteSize === null) continue;
          const file = await fetch(group.audio.url);
          expect(file.status).toBe(200);
          const bytes = await file.arrayBuffer();
          expect(bytes.byteLength).toBe(group.audio.byteSize);
          expect(sha256(bytes)).toBe(group.audio.sha256);
          downloaded.push(summary.id);
        }
      }
    }
    expect(downloaded).toEqual(["greetings"]);
  });

  it("gives a lesson's texts, cues and readings, and null size and hash for a missing or outside file", async () => {
    const { data: greetings } = await client.GET("/languages/{languageId}/levels/{levelId}/lessons/{lessonId}", {
      params: { path: { languageId: "spanish", levelId: "a1", lessonId: "greetings" } },
    });
    expect(greetings).toEqual({
      lesson: { id: "greetings", title: "Greetings", translatedTitle: "Saludos", iconUrl: "", locked: false, phraseCount: 2 },
      audioGroups: [
        {
          audio: { url: `${site.url}${world.audio.greetings.url}`, byteSize: 4321, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
          phrases: [
            { id: world.phraseIds.hola, originalText: "Hola", translatedText: "Hello", cue: { startMs: 0, endMs: 800 }, reading: "OH-lah" },
            { id: world.phraseIds.adios, originalText: "Adiós", translatedText: "Goodbye", cue: { startMs: 900, endMs: 1700 }, reading: null },
          ],
        },
      ],
    });
    const { data: gaps } = await client.GET("/languages/{languageId}/levels/{levelId}/lessons/{lessonId}", {
      params: { path: { languageId: "spanish", levelId: "a2", lessonId: "gaps" } },
    });
    expect(gaps!.audioGroups.map((g) => g.audio)).toEqual([
      { url: `${site.url}${world.audio.missing}`, byteSize: null, sha256: null },
      { url: world.audio.external, byteSize: null, sha256: null },
    ]);
  });

  it("keeps a file's digest by its storage key: computed once, recorded, used after the snapshot is rebuilt", async () => {
    const { greetings } = world.audio;
    const lessonPath = { params: { path: { languageId: "spanish", levelId: "a1", lessonId: "greetings" } } };
    const first = await client.GET("/languages/{languageId}/levels/{levelId}/lessons/{lessonId}", lessonPath);
    const [row] = await site.runtime.database.db
      .select()
      .from(storedFileDigests)
      .where(and(eq(storedFileDigests.bucket, greetings.bucket), eq(storedFileDigests.key, greetings.key)));
    expect(row).toMatchObject({ byteSize: 4321, sha256: first.data!.audioGroups[0]!.audio.sha256 });
    // A recorded digest is not recomputed: a different one in the table is what the next snapshot answers with.
    await catalogChanged(() =>
      site.runtime.database.db.update(storedFileDigests).set({ byteSize: 1 }).where(eq(storedFileDigests.key, greetings.key)),
    );
    const again = await client.GET("/languages/{languageId}/levels/{levelId}/lessons/{lessonId}", lessonPath);
    expect(again.data!.audioGroups[0]!.audio.byteSize).toBe(1);
    await catalogChanged(() =>
      site.runtime.database.db.update(storedFileDigests).set({ byteSize: 4321 }).where(eq(storedFileDigests.key, greetings.key)),
    );
  });
});

describe("conditional reads", () => {
  const reads = [
    "/languages",
    "/languages/spanish/levels",
    "/languages/spanish/levels/a2/lessons?limit=3",
    "/languages/spanish/levels/a1/lessons/greetings",
  ] as const;
  const templates = ["/languages", "/languages/{languageId}/levels", "/languages/{languageId}/levels/{levelId}/lessons", "/languages/{languageId}/levels/{levelId}/lessons/{lessonId}"];

  it("answers If-None-Match with a current ETag by 304 and no body, on every catalogue read", async () => {
    for (const [i, path] of reads.entries()) {
      const first = await site.request(`/api/v1${path}`);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      await first.text();
      const again = await site.request(`/api/v1${path}`, { headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      await expectDocumented(site, "get", templates[i]!, again);
      // The same content, the same tag: another server of the installation (or this one later) agrees.
      expect((await site.request(`/api/v1${path}`)).headers.get("etag")).toBe(etag);
    }
  });

  it("sends the same answer and tag gzipped to a client that takes gzip, and plain to one that does not", async () => {
    for (const path of reads) {
      const plain = await site.request(`/api/v1${path}`, { headers: { "accept-encoding": "identity" } });
      const zipped = await site.request(`/api/v1${path}`, { headers: { "accept-encoding": "gzip;q=1, br;q=0.5" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(zipped.headers.get("cache-control")).toBe(plain.headers.get("cache-control"));
      expect(await zipped.json()).toEqual(await plain.json());
    }
    // An answer of a kilobyte or more (the whole big level) is kept gzipped; smaller ones are sent as they are.
    const big = "/api/v1/languages/spanish/levels/a2/lessons?limit=200";
    const zipped = await site.request(big, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    await expectDocumented(site, "get", templates[2]!, zipped);
    const plain = await site.request(big, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("etag")).toBe(zipped.headers.get("etag"));
    expect(await plain.json()).toEqual(await zipped.json());
    const refused = await site.request(big, { headers: { "accept-encoding": "gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    await refused.text();
  });

  it("gives each page of a paged list its own tag", async () => {
    const first = await site.request("/api/v1/languages/spanish/levels/a2/lessons?limit=3");
    const { nextCursor } = (await first.json()) as { nextCursor: string };
    const second = await site.request(`/api/v1/languages/spanish/levels/a2/lessons?limit=3&cursor=${encodeURIComponent(nextCursor)}`);
    const other = await site.request("/api/v1/languages/spanish/levels/a2/lessons?limit=4");
    expect(new Set([first, second, other].map((r) => r.headers.get("etag"))).size).toBe(3);
    const stale = await site.request(`/api/v1/languages/spanish/levels/a2/lessons?limit=3&cursor=${encodeURIComponent(nextCursor)}`, {
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(stale.status).toBe(200);
  });

  it("changes the ETag after an admin's change to the catalogue, and a locked lesson stops answering", async () => {
    const path = "/api/v1/languages/spanish/levels/a1/lessons/greetings";
    const before = await site.request(path);
    const etag = before.headers.get("etag")!;
    const listBefore = (await site.request("/api/v1/languages/spanish/levels/a1/lessons")).headers.get("etag")!;
    await catalogChanged(() => site.runtime.database.db.update(phrases).set({ translatedText: "Hi" }).where(eq(phrases.id, world.phraseIds.hola)));
    const changed = await site.request(path, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain('"translatedText":"Hi"');
    // The list did not change: its tag is the same as before.
    expect((await site.request("/api/v1/languages/spanish/levels/a1/lessons", { headers: { "if-none-match": listBefore } })).status).toBe(304);

    const lessonRow = and(eq(lessons.languageId, "spanish"), eq(lessons.levelId, "a1"), eq(lessons.id, "greetings"));
    await catalogChanged(() => site.runtime.database.db.update(lessons).set({ isLocked: true }).where(lessonRow));
    const locked = await site.request(path, { headers: { "if-none-match": changed.headers.get("etag")! } });
    expect(locked.status).toBe(403);
    expect(locked.headers.get("content-type")).toContain("application/problem+json");
    expect(await locked.text()).not.toContain("Hola");
    const list = await site.request("/api/v1/languages/spanish/levels/a1/lessons", { headers: { "if-none-match": listBefore } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { lessons: { id: string; locked: boolean }[] }).lessons[0]).toMatchObject({ id: "greetings", locked: true });

    await catalogChanged(async () => {
      await site.runtime.database.db.update(lessons).set({ isLocked: false }).where(lessonRow);
      await site.runtime.database.db.update(phrases).set({ translatedText: "Hello" }).where(eq(phrases.id, world.phraseIds.hola));
    });
    const reopened = await site.request(path, { headers: { "if-none-match": etag } });
    expect(reopened.status).toBe(304);
  });
});

describe("cursors", () => {
  const lessonsPath = (level: string, query: string) => `/api/v1/languages/spanish/levels/${level}/lessons?${query}`;

  async function cursorOf(level: string, limit: number) {
    const body = (await (await site.request(lessonsPath(level, `limit=${limit}`))).json()) as { nextCursor: string | null };
    return body.nextCursor!;
  }

  it("refuses an altered cursor, and one another level gave, with a 400 problem", async () => {
    const cursor = await cursorOf("a2", 2);
    const [payload, signature] = cursor.split(".") as [string, string];
    const forgedPayload = Buffer.from(Buffer.from(payload, "base64url").toString().replace("a2-02", "a2-09")).toString("base64url");
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("A") ? "B" : "A"}${signature.slice(-1)}`;
    for (const bad of [`${forgedPayload}.${signature}`, `${payload}.${flipped}`, payload, `${cursor}.x`, "%%%", cursor.replace(".", "..")]) {
      const response = await site.request(lessonsPath("a2", `cursor=${encodeURIComponent(bad)}`));
      expect(response.status, bad).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      await expectDocumented(site, "get", "/languages/{languageId}/levels/{levelId}/lessons", response);
    }
    // A cursor of a1's list (1 lesson per page) is not one of a2's.
    const a1Cursor = await cursorOf("a1", 1);
    expect((await site.request(lessonsPath("a2", `cursor=${encodeURIComponent(a1Cursor)}`))).status).toBe(400);
    expect((await site.request(lessonsPath("a1", `cursor=${encodeURIComponent(a1Cursor)}`))).status).toBe(200);
  });

  it("resumes after the last lesson listed even when lessons are added or removed between pages", async () => {
    const cursor = await cursorOf("a2", 3); // after a2-03
    await catalogChanged(async () => {
      await site.runtime.database.db.delete(lessons).where(and(eq(lessons.levelId, "a2"), eq(lessons.id, "a2-03")));
      await site.runtime.database.db
        .insert(lessons)
        .values({ languageId: "spanish", levelId: "a2", id: "a2-00", title: "Lesson a2-00", translatedTitle: "Lección 0", orderIndex: 0 });
    });
    const body = (await (await site.request(lessonsPath("a2", `limit=2&cursor=${encodeURIComponent(cursor)}`))).json()) as { lessons: { id: string }[] };
    expect(body.lessons.map((l) => l.id)).toEqual(["a2-04", "a2-05"]);
    await catalogChanged(async () => {
      await site.runtime.database.db.delete(lessons).where(and(eq(lessons.levelId, "a2"), eq(lessons.id, "a2-00")));
      await site.runtime.database.db
        .insert(lessons)
        .values({ languageId: "spanish", levelId: "a2", id: "a2-03", title: "Lesson a2-03", translatedTitle: "Lección 3", orderIndex: 3 });
    });
  });

  it("never lists a locked lesson's contents on any page", async () => {
    const texts: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await site.request(lessonsPath("a2", `limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`));
      const text = await response.text();
      texts.push(text);
      cursor = (JSON.parse(text) as { nextCursor: string | null }).nextCursor;
    } while (cursor);
    expect(texts).toHaveLength(A2_LESSON_IDS.length);
    for (const text of texts) for (const marker of LOCKED_MARKERS) expect(text).not.toContain(marker);
  });
});
