import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogSnapshot, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { languages, lessons, levels } from "#server/db/schema.ts";
import { courseProgress, nextAfterLesson, type Completion } from "#server/learning/lesson-flow.server.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
let catalog: CatalogSnapshot;

/**
 * Spanish, in course order (order_index, a missing one as 999, ties by title):
 * - a1 Beginner: greetings 0, numbers 1, directions 2 (locked), extra (none: 999), late 1000
 * - a2 Elementary: shopping 0, small-talk 1 (locked), hotel 2
 * - b1 Intermediate (locked level): doctor 0 (not locked itself)
 * - c1 Advanced (no index: after b1): final 0
 * French: a1 (locked level) basics; a2: cafe 0 (locked), menu 1.
 */
beforeAll(async () => {
  handle = await openTestDatabase();
  const { db } = handle;
  await db.insert(languages).values([
    { id: "spanish", name: "Spanish" },
    { id: "french", name: "French" },
  ]);
  await db.insert(levels).values([
    { languageId: "spanish", id: "c1", title: "Advanced", cefrLabel: "C1", orderIndex: null },
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 2, isLocked: true },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "french", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0, isLocked: true },
    { languageId: "french", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
  ]);
  const lesson = (languageId: string, levelId: string, id: string, orderIndex: number | null, isLocked = false) => ({
    languageId,
    levelId,
    id,
    title: id[0]!.toUpperCase() + id.slice(1),
    translatedTitle: `${id} (es)`,
    orderIndex,
    isLocked,
  });
  await db.insert(lessons).values([
    lesson("spanish", "a1", "late", 1000),
    lesson("spanish", "a1", "extra", null),
    lesson("spanish", "a1", "directions", 2, true),
    lesson("spanish", "a1", "numbers", 1),
    lesson("spanish", "a1", "greetings", 0),
    lesson("spanish", "a2", "hotel", 2),
    lesson("spanish", "a2", "small-talk", 1, true),
    lesson("spanish", "a2", "shopping", 0),
    lesson("spanish", "b1", "doctor", 0),
    lesson("spanish", "c1", "final", 0),
    lesson("french", "a1", "basics", 0),
    lesson("french", "a2", "cafe", 0, true),
    lesson("french", "a2", "menu", 1),
  ]);
  catalog = await loadCatalogSnapshot(db);
});
afterAll(() => handle.close());

const next = (levelId: string, lessonId: string, languageId = "spanish") => nextAfterLesson(catalog, languageId, levelId, lessonId);

describe("the next step after a lesson", () => {
  it("is the next lesson of the level in order", () => {
    expect(next("a1", "greetings")).toEqual({
      next: { kind: "lesson", title: "Numbers", detail: "numbers (es)", href: "/spanish/a1/numbers", locked: false },
    });
  });

  it("puts a lesson without order_index at 999: after 2, before 1000", () => {
    expect(next("a1", "directions")?.next.href).toBe("/spanish/a1/extra");
    expect(next("a1", "extra")?.next.href).toBe("/spanish/a1/late");
  });

  it("leads a locked next lesson to its promo, and names the next one the website opens", () => {
    expect(next("a1", "numbers")).toEqual({
      next: {
        kind: "lesson",
        title: "Directions",
        detail: "directions (es)",
        href: "/locked-content?type=lesson&id=directions&languageId=spanish&levelId=a1",
        locked: true,
      },
      open: { kind: "lesson", title: "Extra", detail: "extra (es)", href: "/spanish/a1/extra", locked: false },
    });
  });

  it("is the next level after the level's last lesson", () => {
    expect(next("a1", "late")).toEqual({
      next: { kind: "level", title: "Elementary", detail: "A2", href: "/spanish/a2", locked: false },
    });
  });

  it("leads a locked next level to its promo, and then to the next open level (a missing order_index last)", () => {
    expect(next("a2", "hotel")).toEqual({
      next: { kind: "level", title: "Intermediate", detail: "B1", href: "/locked-content?type=level&id=b1&languageId=spanish", locked: true },
      open: { kind: "level", title: "Advanced", detail: "C1", href: "/spanish/c1", locked: false },
    });
    // A locked lesson, then the level's last open lesson before any level.
    expect(next("a2", "shopping")?.open?.href).toBe("/spanish/a2/hotel");
  });

  it("is nothing after the last lesson of the last level", () => {
    expect(next("c1", "final")).toBeNull();
  });

  it("offers only the promo when nothing after a locked next is open", () => {
    expect(next("a2", "menu", "french")).toBeNull();
    expect(nextAfterLesson(catalog, "french", "a2", "cafe")).toEqual({
      next: { kind: "lesson", title: "Menu", detail: "menu (es)", href: "/french/a2/menu", locked: false },
    });
  });

  it("is nothing for a lesson or level the catalogue does not have", () => {
    expect(next("a1", "nope")).toBeNull();
    expect(next("zz", "greetings")).toBeNull();
    expect(nextAfterLesson(catalog, "klingon", "a1", "greetings")).toBeNull();
  });
});

describe("progress in a language", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, minutes));
  const done = (levelId: string, lessonId: string, minutes: number): Completion => ({ levelId, lessonId, at: at(minutes) });

  it("counts only lessons the website opens: a locked lesson and every lesson of a locked level count apart", () => {
    const progress = courseProgress(catalog, "spanish", [done("a1", "greetings", 0), done("a1", "numbers", 1), done("a1", "directions", 2), done("b1", "doctor", 3)]);
    expect(progress).toMatchObject({ completed: 2, total: 7, locked: 3 });
  });

  it("goes on after the latest completion, skipping locked and completed lessons", () => {
    // numbers is the latest completion the website opens (directions is locked): extra comes next.
    expect(courseProgress(catalog, "spanish", [done("a1", "greetings", 0), done("a1", "numbers", 1), done("a1", "directions", 2)]).resume).toEqual({
      title: "Extra",
      href: "/spanish/a1/extra",
    });
    // greetings is the latest; numbers is done already, so extra again.
    expect(courseProgress(catalog, "spanish", [done("a1", "numbers", 1), done("a1", "greetings", 5)]).resume?.href).toBe("/spanish/a1/extra");
    // hotel is the latest; c1's final follows past the locked level b1.
    expect(courseProgress(catalog, "spanish", [done("a2", "hotel", 1)]).resume?.href).toBe("/spanish/c1/final");
  });

  it("starts again from the first open lesson not completed after the course's last lesson", () => {
    expect(courseProgress(catalog, "spanish", [done("a1", "greetings", 0), done("c1", "final", 1)]).resume?.href).toBe("/spanish/a1/numbers");
  });

  it("starts at the first open lesson without completions, past a locked level and a locked lesson", () => {
    expect(courseProgress(catalog, "spanish", []).resume?.href).toBe("/spanish/a1/greetings");
    expect(courseProgress(catalog, "french", [])).toEqual({ completed: 0, total: 1, locked: 2, resume: { title: "Menu", href: "/french/a2/menu" } });
  });

  it("has nowhere to go on when every open lesson is completed", () => {
    const all = ["greetings", "numbers", "extra", "late"].map((id, i) => done("a1", id, i));
    const rest = [done("a2", "shopping", 10), done("a2", "hotel", 11), done("c1", "final", 12)];
    expect(courseProgress(catalog, "spanish", [...all, ...rest])).toEqual({ completed: 7, total: 7, locked: 3, resume: null });
  });

  it("ignores completions of lessons the catalogue no longer has", () => {
    expect(courseProgress(catalog, "spanish", [done("a1", "gone", 9)])).toMatchObject({ completed: 0, resume: { href: "/spanish/a1/greetings" } });
  });
});
