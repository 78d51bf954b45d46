import { describe, expect, it } from "vitest";
import { syncChangeSchema } from "#server/learning/sync-push.server.ts";
import { changeFromLessonForm, isQueuedResult, pendingState, progressAfter, supersededBy, waitingText, type OutboxChange, type OutboxEntry } from "#common/outbox.ts";

const lesson = { languageId: "spanish", levelId: "a1", lessonId: "greetings" };
const phraseId = "0b6f8f0e-4a4f-4f57-9a39-3a3f0a0b1c2d";
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
let nextId = 1;
const entry = (change: OutboxChange, owner = "ana@example.test"): OutboxEntry => ({ id: nextId++, pushId: crypto.randomUUID(), owner, change, queuedAt: 0 });

describe("the lesson page's forms as sync intents", () => {
  it("maps completion and favourites to the sync push's changes, which its schema accepts", () => {
    const changes = [
      changeFromLessonForm(lesson, form({ intent: "complete", value: "true" })),
      changeFromLessonForm(lesson, form({ intent: "complete", value: "false" })),
      changeFromLessonForm(lesson, form({ intent: "favorite", phraseId, value: "true" })),
      changeFromLessonForm(lesson, form({ intent: "favorite", phraseId, value: "false" })),
    ];
    expect(changes).toEqual([
      { type: "progress.set", ...lesson, completed: true },
      { type: "progress.set", ...lesson, completed: false },
      { type: "favorite.add", phraseId },
      { type: "favorite.remove", phraseId },
    ]);
    for (const change of changes) expect(syncChangeSchema.safeParse(change).success).toBe(true);
  });

  it("knows no other form", () => {
    expect(changeFromLessonForm(lesson, form({ intent: "delete" }))).toBeNull();
    expect(changeFromLessonForm(lesson, form({ intent: "favorite", value: "true" }))).toBeNull();
  });
});

describe("coalescing", () => {
  it("a new change makes the same learner's waiting change of the same lesson or phrase stale, and nothing else", () => {
    const completion = entry({ type: "progress.set", ...lesson, completed: true });
    const otherLesson = entry({ type: "progress.set", ...lesson, lessonId: "numbers", completed: true });
    const favorite = entry({ type: "favorite.add", phraseId });
    const othersCompletion = entry({ type: "progress.set", ...lesson, completed: true }, "ben@example.test");
    const waiting = [completion, otherLesson, favorite, othersCompletion];
    expect(supersededBy(waiting, "ana@example.test", { type: "progress.set", ...lesson, completed: false })).toEqual([completion]);
    expect(supersededBy(waiting, "ana@example.test", { type: "favorite.remove", phraseId })).toEqual([favorite]);
    expect(supersededBy(waiting, "ana@example.test", { type: "favorite.add", phraseId: crypto.randomUUID() })).toEqual([]);
  });

  it("the page shows the last waiting intent of each lesson and phrase, only for its own learner", () => {
    const state = pendingState(
      [
        entry({ type: "favorite.add", phraseId }),
        entry({ type: "progress.set", ...lesson, completed: true }),
        entry({ type: "favorite.remove", phraseId }),
        entry({ type: "progress.set", ...lesson, lessonId: "numbers", completed: true }, "ben@example.test"),
      ],
      "ana@example.test",
    );
    expect([...state.completions]).toEqual([["spanish/a1/greetings", true]]);
    expect([...state.favorites]).toEqual([[phraseId, false]]);
    expect(pendingState([entry({ type: "favorite.add", phraseId })], null).favorites.size).toBe(0);
  });
});

describe("the rest", () => {
  it("tells a queued answer from the server's", () => {
    expect(isQueuedResult({ queued: true })).toBe(true);
    expect(isQueuedResult({ ok: true })).toBe(false);
    expect(isQueuedResult(undefined)).toBe(false);
  });

  it("counts in words", () => {
    expect(waitingText(1)).toBe("1 change waiting to sync");
    expect(waitingText(3)).toBe("3 changes waiting to sync");
  });
});

describe("the page's state once a change is sent", () => {
  const none = { completedLessons: [], favorites: [] };
  it("a completion shows on its level's page and its lessons' pages, and nowhere else", () => {
    const done = { type: "progress.set", ...lesson, completed: true } as const;
    expect(progressAfter(none, "/spanish/a1", done).completedLessons).toEqual(["greetings"]);
    expect(progressAfter(none, "/spanish/a1/numbers", done).completedLessons).toEqual(["greetings"]);
    expect(progressAfter(none, "/spanish/a10", done)).toBe(none);
    expect(progressAfter(none, "/spanish/a2/greetings", done)).toBe(none);
    const undone = progressAfter({ completedLessons: ["greetings", "numbers"], favorites: [] }, "/spanish/a1", { ...done, completed: false });
    expect(undone.completedLessons).toEqual(["numbers"]);
    expect(progressAfter({ completedLessons: ["greetings"], favorites: [] }, "/spanish/a1", done).completedLessons).toEqual(["greetings"]);
  });

  it("a favourite shows on a lesson page, once, and goes when removed", () => {
    const added = progressAfter(none, "/spanish/a1/greetings", { type: "favorite.add", phraseId });
    expect(added.favorites).toEqual([phraseId]);
    expect(progressAfter(added, "/spanish/a1/greetings", { type: "favorite.add", phraseId }).favorites).toEqual([phraseId]);
    expect(progressAfter(added, "/spanish/a1/greetings", { type: "favorite.remove", phraseId }).favorites).toEqual([]);
    expect(progressAfter(none, "/spanish/a1", { type: "favorite.add", phraseId })).toBe(none);
  });
});
