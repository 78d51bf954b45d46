import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { appMeta, languages } from "#server/db/schema.ts";
import { createLocalEventBus } from "#server/events/event-bus.server.ts";
import { demoBlogPosts } from "#server/seed/demo-blog.ts";
import { demoCatalog } from "#server/seed/demo-catalog.ts";
import { initializeInstallation } from "#server/seed/seed.server.ts";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";

describe("first start", () => {
  let handle: DatabaseHandle;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-seed-"));
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("records the first start, and never seeds later even when the catalogue is empty", async () => {
    const deps = {
      db: handle.db,
      storage: createLocalStorage(storageDir),
      tts: createEspeakTextToSpeech(),
      events: createLocalEventBus(),
      logger: quietLogger,
    };
    await initializeInstallation(deps, { seedDemo: false });
    expect(await handle.db.$count(appMeta)).toBe(1);
    expect(await handle.db.$count(languages)).toBe(0);
    await initializeInstallation(deps, { seedDemo: true });
    expect(await handle.db.$count(languages)).toBe(0);
  });
});

describe("demo content", () => {
  it("covers the eight FAQ languages, each with three CEFR levels (one locked) and a locked lesson per level", () => {
    expect(demoCatalog.map((l) => l.name)).toEqual([
      "Spanish", "French", "Italian", "German", "Japanese", "Mandarin Chinese", "Portuguese", "Russian",
    ]);
    for (const language of demoCatalog) {
      expect(language.levels.length).toBeGreaterThanOrEqual(3);
      expect(language.levels.filter((l) => l.locked)).toHaveLength(1);
      for (const level of language.levels) {
        expect(level.lessons.length).toBeGreaterThanOrEqual(2);
        expect(level.lessons.filter((l) => l.locked)).toHaveLength(1);
        for (const lesson of level.lessons) {
          expect(lesson.id).toMatch(/^[a-z0-9-]+$/);
          expect(lesson.groups.length).toBeGreaterThanOrEqual(1);
          for (const group of lesson.groups) {
            expect(group.length).toBeGreaterThan(0);
            for (const phrase of group) {
              expect(phrase.original.trim()).not.toBe("");
              expect(phrase.translation.trim()).not.toBe("");
            }
          }
        }
      }
    }
  });

  it("has three published blog posts and one draft, whose samples point at unlocked lessons", () => {
    expect(demoBlogPosts.filter((p) => p.published)).toHaveLength(3);
    expect(demoBlogPosts.filter((p) => !p.published)).toHaveLength(1);
    for (const post of demoBlogPosts) {
      if (!post.sample) continue;
      const level = demoCatalog.find((l) => l.id === post.sample?.languageId)?.levels.find((l) => l.id === post.sample?.levelId);
      const lesson = level?.lessons.find((l) => l.id === post.sample?.lessonId);
      expect(lesson, `${post.title} sample`).toBeDefined();
      expect(level?.locked || lesson?.locked).toBeFalsy();
    }
  });
});
