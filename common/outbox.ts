/**
 * The website's offline writes (issue 26, docs/decisions/015-website-outbox.md): what a learner does on the lesson
 * page without a connection waits in the browser's outbox as sync-push intents (the same changes the app pushes,
 * server/learning/sync-push.server.ts), each with the push id it will always be sent with. Pure code: the browser
 * store is app/lib/outbox/outbox-store.ts.
 */
import { levelHref } from "#common/catalog.ts";
import type { ViewerProgress } from "#common/viewer.ts";

/** The intents the website queues: the lesson page's two writes. Their shapes are the sync push's. */
export type OutboxChange =
  | { type: "progress.set"; languageId: string; levelId: string; lessonId: string; completed: boolean }
  | { type: "favorite.add"; phraseId: string }
  | { type: "favorite.remove"; phraseId: string };

export interface OutboxEntry {
  /** IndexedDB's key: the order the learner acted in. */
  id: number;
  /** Made when the change was queued and sent with it on every try, so the server applies it once. */
  pushId: string;
  /** Whose change it is (the signed-in email): a change is only ever sent under its own learner's session. */
  owner: string;
  change: OutboxChange;
  /** When the learner acted (ms since the epoch). */
  queuedAt: number;
}

/** What an action answers when it queued the write instead of sending it: the page must not reload its data. */
export interface QueuedResult {
  queued: true;
}

export const isQueuedResult = (value: unknown): value is QueuedResult =>
  typeof value === "object" && value !== null && (value as { queued?: unknown }).queued === true;

/** Two changes with one key are about the same thing (a lesson's completion, a phrase's favourite): the later wins. */
export function changeKey(change: OutboxChange): string {
  return change.type === "progress.set"
    ? `progress:${change.languageId}/${change.levelId}/${change.lessonId}`
    : `favorite:${change.phraseId}`;
}

/**
 * The entries that a new change makes stale: the same learner's waiting changes with its key. Dropping them keeps
 * the last intent (each change says what to become, not what to toggle), and one that is already on its way does no
 * harm: the new one is sent after it.
 */
export function supersededBy(entries: readonly OutboxEntry[], owner: string, change: OutboxChange): OutboxEntry[] {
  const key = changeKey(change);
  return entries.filter((entry) => entry.owner === owner && changeKey(entry.change) === key);
}

/** The lesson page's form (intent, value, phraseId) as a sync intent, or null for a form it does not know. */
export function changeFromLessonForm(
  lesson: { languageId: string; levelId: string; lessonId: string },
  form: { get(name: string): unknown },
): OutboxChange | null {
  const on = form.get("value") === "true";
  const intent = form.get("intent");
  if (intent === "complete") return { type: "progress.set", ...lesson, completed: on };
  const phraseId = form.get("phraseId");
  if (intent === "favorite" && typeof phraseId === "string" && phraseId !== "") return { type: on ? "favorite.add" : "favorite.remove", phraseId };
  return null;
}

/** What the waiting changes make of the server's state, for the page to show until they are sent. */
export interface PendingState {
  /** Lesson key (language/level/lesson) to the completion waiting for it. */
  completions: Map<string, boolean>;
  /** Phrase id to whether it is to be a favourite. */
  favorites: Map<string, boolean>;
}

export const lessonKey = (lesson: { languageId: string; levelId: string; lessonId: string }) => `${lesson.languageId}/${lesson.levelId}/${lesson.lessonId}`;

export function pendingState(entries: readonly OutboxEntry[], owner: string | null): PendingState {
  const state: PendingState = { completions: new Map(), favorites: new Map() };
  for (const { owner: whose, change } of [...entries].sort((a, b) => a.id - b.id)) {
    if (whose !== owner) continue;
    if (change.type === "progress.set") state.completions.set(lessonKey(change), change.completed);
    else state.favorites.set(change.phraseId, change.type === "favorite.add");
  }
  return state;
}

/** The indicator's words (US spelling; the count is the learner's waiting changes). */
export function waitingText(count: number): string {
  return count === 1 ? "1 change waiting to sync" : `${count} changes waiting to sync`;
}

/**
 * The learner's state on the page at `path` (as /api/viewer gave it) once the server has applied `change`: what the
 * tab that sent it shows from then on, even if reading the page again finds no connection.
 */
export function progressAfter(progress: ViewerProgress, path: string, change: OutboxChange): ViewerProgress {
  if (change.type === "progress.set") {
    const level = levelHref(change.languageId, change.levelId);
    if (path !== level && !path.startsWith(`${level}/`)) return progress;
    const others = progress.completedLessons.filter((id) => id !== change.lessonId);
    return { ...progress, completedLessons: change.completed ? [...others, change.lessonId] : others };
  }
  // Only a lesson page lists favourites, and only its own phrases' ids are ever looked up in it.
  if (path.split("/").length !== 4) return progress;
  const others = progress.favorites.filter((id) => id !== change.phraseId);
  return { ...progress, favorites: change.type === "favorite.add" ? [...others, change.phraseId] : others };
}
