import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogSnapshot, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { levelsOf, lessonsOf, openLesson } from "#server/catalog/public-catalog.server.ts";
import type { Database } from "#server/db/client.server.ts";
import { blogPosts, phrases } from "#server/db/schema.ts";
import { demoCatalog, type DemoLanguage } from "#server/seed/demo-catalog.ts";
import { seedDemoContent } from "#server/seed/seed.server.ts";
import { isUnguessableKey, type Storage } from "#server/storage/storage.server.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { readMp3 } from "#tests/support/mp3.ts";
import { startTestS3, type TestS3 } from "#tests/support/s3-server.ts";

/**
 * The demo seed's audio as a visitor meets it, over HTTP: compressed, and out of reach for locked content. Spanish,
 * cut down to four audio groups: the open lesson a1/greetings in full, the locked lesson a1/asking-directions and a
 * lesson of the locked level b1.
 */
const spanish = demoCatalog.find((l) => l.id === "spanish")!;
const level = (id: string) => spanish.levels.find((l) => l.id === id)!;
const lesson = (levelId: string, id: string) => level(levelId).lessons.find((l) => l.id === id)!;
const firstGroup = (levelId: string, id: string) => ({ ...lesson(levelId, id), groups: lesson(levelId, id).groups.slice(0, 1) });
const smallCatalog: DemoLanguage[] = [
  {
    ...spanish,
    levels: [
      { ...level("a1"), lessons: [lesson("a1", "greetings"), firstGroup("a1", "asking-directions")] },
      { ...level("b1"), lessons: [firstGroup("b1", "at-the-doctor")] },
    ],
  },
];

interface Backend {
  db: Database;
  storage: Storage;
  /** What a visitor's browser gets for a file's address. */
  fetch(url: string): Promise<Response>;
  dataDir?: string;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    "local disk, served by the site",
    async () => {
      const site: TestSite = await startTestSite();
      return {
        db: site.runtime.database.db,
        storage: site.runtime.storage,
        fetch: (url) => site.request(url),
        dataDir: site.runtime.env.DATA_DIR,
        close: () => site.close(),
      };
    },
  ],
  [
    "S3-compatible bucket, public",
    async () => {
      const s3: TestS3 = await startTestS3();
      const database = await openTestDatabase();
      return {
        db: database.db,
        storage: s3.storage(),
        fetch: (url) => fetch(url),
        async close() {
          await database.close();
          await s3.close();
        },
      };
    },
  ],
];

/** Seconds of sound in a stored file: WAV (what earlier versions stored) or MP3. */
function durationOf(data: Uint8Array) {
  if (Buffer.from(data.subarray(0, 4)).toString("latin1") === "RIFF") return (data.length - 44) / (22050 * 2);
  return readMp3(data).durationSeconds;
}

describe.each(backends)("demo audio on %s", (_name, open) => {
  let backend: Backend;
  let catalog: CatalogSnapshot;
  beforeAll(async () => {
    backend = await open();
    await seedDemoContent({ db: backend.db, storage: backend.storage, tts: createEspeakTextToSpeech(), logger: quietLogger }, smallCatalog);
    catalog = await loadCatalogSnapshot(backend.db);
  }, 60_000);
  afterAll(async () => {
    await backend.close();
  });

  const audioUrls = async () => [...new Set((await backend.db.select({ url: phrases.audioUrl }).from(phrases)).map((r) => r.url))];

  it("stores every audio group as mono MP3, served as audio/mpeg, under an unguessable key", async () => {
    const urls = await audioUrls();
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const key = backend.storage.keyOf("content", url)!;
      expect(isUnguessableKey(key), key).toBe(true);
      expect(key).toMatch(/^audio\/[0-9a-f]{32}-spanish-[a-z0-9-]+\.mp3$/);
      const response = await backend.fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      const stream = readMp3(new Uint8Array(await response.arrayBuffer()));
      expect([...stream.channelModes]).toEqual(["mono"]);
      expect([...stream.layers]).toEqual([3]);
    }
  });

  it("gives every demo phrase its cue: where it is spoken in its group's audio, in order, a pause apart", async () => {
    let multiPhraseGroups = 0;
    for (const [levelId, lessonId] of [["a1", "greetings"], ["a1", "asking-directions"], ["b1", "at-the-doctor"]] as const) {
      const access = openLesson(catalog, "spanish", levelId, lessonId);
      // Locked lessons keep their phrases out of the snapshot's open view: read their rows instead.
      const groups =
        access.kind === "open"
          ? access.groups.map((group) => ({ audioUrl: group.audioUrl, cues: group.phrases.map((phrase) => phrase.cue) }))
          : await lockedGroups(lessonId);
      for (const group of groups) {
        if (group.cues.length > 1) multiPhraseGroups++;
        // Locked audio is out of a visitor's reach (below): its length is checked on the open lessons.
        const seconds = access.kind === "open" ? durationOf(new Uint8Array(await (await backend.fetch(group.audioUrl)).arrayBuffer())) : Infinity;
        for (const [i, cue] of group.cues.entries()) {
          expect(cue, `${lessonId} phrase ${i + 1}`).toBeDefined();
          const [start, end] = cue!;
          expect(end).toBeGreaterThan(start + 200);
          expect(end).toBeLessThanOrEqual(seconds * 1000);
          // Joined with a fixed pause (PHRASE_PAUSE_MS); the first phrase starts after the MP3 decoder's delay.
          if (i === 0) expect(start).toBeGreaterThanOrEqual(50);
          else expect(start - group.cues[i - 1]![1]).toBeGreaterThanOrEqual(499);
          if (i > 0) expect(start - group.cues[i - 1]![1]).toBeLessThanOrEqual(501);
        }
      }
    }
    expect(multiPhraseGroups).toBeGreaterThan(0);
  });

  async function lockedGroups(lessonId: string) {
    const rows = await backend.db
      .select({ audioUrl: phrases.audioUrl, start: phrases.cueStartMs, end: phrases.cueEndMs })
      .from(phrases)
      .where(eq(phrases.lessonId, lessonId))
      .orderBy(asc(phrases.position));
    const groups = new Map<string, (readonly [number, number] | undefined)[]>();
    for (const row of rows) {
      const cues = groups.get(row.audioUrl) ?? [];
      cues.push(row.start !== null && row.end !== null ? [row.start, row.end] : undefined);
      groups.set(row.audioUrl, cues);
    }
    return [...groups].map(([audioUrl, cues]) => ({ audioUrl, cues }));
  }

  it("points the demo blog post's sample at the audio group it names (Spanish greetings, group 1)", async () => {
    const access = openLesson(catalog, "spanish", "a1", "greetings");
    if (access.kind !== "open") throw new Error("greetings should be open");
    const posts = await backend.db.select({ lessonId: blogPosts.lessonId, url: blogPosts.phraseAudioUrl }).from(blogPosts);
    expect(posts.find((p) => p.lessonId === "greetings")?.url).toBe(access.groups[0]!.audioUrl);
    // The French sample's lesson is not in this cut-down catalogue: no sample audio rather than a wrong one.
    expect(posts.find((p) => p.lessonId === "at-the-cafe")?.url).toBeNull();
  });

  it("makes a lesson's audio at least five times smaller than the WAV eSpeak speaks (16-bit, 22.05 kHz)", async () => {
    const access = openLesson(catalog, "spanish", "a1", "greetings");
    if (access.kind !== "open") throw new Error("greetings should be open");
    let bytes = 0;
    let wavBytes = 0;
    for (const group of access.groups) {
      const data = new Uint8Array(await (await backend.fetch(group.audioUrl)).arrayBuffer());
      bytes += data.length;
      wavBytes += 44 + Math.round(durationOf(data) * 22050) * 2;
    }
    expect(access.groups).toHaveLength(2);
    expect(bytes * 5).toBeLessThanOrEqual(wavBytes);
  });

  it("keeps locked audio from a visitor who knows every public id, while open lessons play", async () => {
    // Every language, level and lesson id is public: in the pages, or in the locked-content redirect.
    const probes: string[] = [];
    let lockedLessons = 0;
    for (const language of catalog.languages) {
      for (const lvl of levelsOf(catalog, language.id)) {
        for (const item of lessonsOf(catalog, language.id, lvl.id)) {
          if (!lvl.isLocked && !item.isLocked) continue;
          lockedLessons++;
          for (let n = 1; n <= 4; n++) {
            for (const ext of ["wav", "mp3"]) {
              for (const folder of ["audio/demo", "audio"]) {
                probes.push(backend.storage.url("content", `${folder}/${language.id}-${lvl.id}-${item.id}-${n}.${ext}`));
              }
            }
          }
        }
      }
    }
    expect(lockedLessons).toBe(2);
    for (const url of probes) expect([403, 404], url).toContain((await backend.fetch(url)).status);

    const access = openLesson(catalog, "spanish", "a1", "greetings");
    if (access.kind !== "open") throw new Error("greetings should be open");
    for (const group of access.groups) expect((await backend.fetch(group.audioUrl)).status).toBe(200);

    // Nothing lists the keys. Local disk: no directory index. (An S3 bucket's policy must not grant public listing;
    // s3rver has no policies to test that with.)
    if (backend.dataDir) {
      for (const url of ["/storage/content/", "/storage/content/audio/", "/storage/content/audio"]) {
        const response = await backend.fetch(url);
        // Without the slash, express.static redirects to the slash (301), which answers 404.
        expect([301, 404]).toContain(response.status);
        expect(await response.text()).not.toContain(".mp3");
      }
    }
  });

  it("generates no audio again for lessons that exist when it runs again", async () => {
    const before = await audioUrls();
    await seedDemoContent({ db: backend.db, storage: backend.storage, tts: createEspeakTextToSpeech(), logger: quietLogger }, smallCatalog);
    expect(await audioUrls()).toEqual(before);
    if (backend.dataDir) expect(fs.readdirSync(path.join(backend.dataDir, "storage/content/audio"))).toHaveLength(4);
  });
});
