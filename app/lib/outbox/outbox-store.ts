import { openDB, type IDBPDatabase } from "idb";
import { useSyncExternalStore } from "react";
import { DEVICE_ID_KEY, readStorage, writeStorage } from "#app/lib/browser-storage.ts";
import { applySentChange, currentViewer } from "#app/lib/viewer.ts";
import { changeFromLessonForm, supersededBy, type OutboxChange, type OutboxEntry, type QueuedResult } from "#common/outbox.ts";

/**
 * The browser's outbox of offline writes (docs/decisions/015-website-outbox.md), in IndexedDB so that it outlives
 * the tab. A change is stored, with its push id, before the page says it is saved; it is sent through the app API's
 * sync push and removed only once the server has answered for that push id. Every tab of the site shares the store;
 * one at a time sends (a Web Lock), and the others hear of each change over a BroadcastChannel.
 *
 * Loaded only for a signed-in learner (by the indicator and the lesson page's learner controls), never on a
 * visitor's first visit; but loaded by then, while online: the lesson route's clientAction imports it when the
 * connection is gone, when a chunk not yet fetched could not load.
 */

const DB_NAME = "phrasewise-outbox";
const STORE = "entries";
const LOCK = "phrasewise-outbox";
const PUSH_URL = "/api/v1/sync/push";

let opened: Promise<IDBPDatabase> | undefined;
const database = () =>
  (opened ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    },
  }));

/** All waiting entries, oldest first (IndexedDB returns them in key order). */
const readAll = async () => (await (await database()).getAll(STORE)) as OutboxEntry[];

let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();
const sentListeners = new Set<() => void>();
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(DB_NAME);

async function refresh() {
  entries = await readAll();
  for (const listener of listeners) listener();
}

channel?.addEventListener("message", (event: MessageEvent) => {
  void refresh();
  if (event.data === "sent") for (const listener of sentListeners) listener();
});

/** Tells this tab and the others that the store changed ("sent": the server has new state to show). */
async function changed(what: "queued" | "sent") {
  await refresh();
  channel?.postMessage(what);
  if (what === "sent") for (const listener of sentListeners) listener();
}

/**
 * Stores a change to send later; resolves once it is in IndexedDB. The same learner's waiting changes of the same
 * lesson or phrase go in the same transaction: the new one says what the learner wants now.
 */
export async function enqueue(owner: string, change: OutboxChange): Promise<void> {
  const tx = (await database()).transaction(STORE, "readwrite");
  const waiting = (await tx.store.getAll()) as OutboxEntry[];
  for (const stale of supersededBy(waiting, owner, change)) await tx.store.delete(stale.id);
  const entry: Omit<OutboxEntry, "id"> = { pushId: crypto.randomUUID(), owner, change, queuedAt: Date.now() };
  await tx.store.add(entry);
  await tx.done;
  await changed("queued");
}

function deviceId(): string {
  const known = readStorage("local", DEVICE_ID_KEY);
  if (known) return known;
  const made = `web-${crypto.randomUUID()}`;
  writeStorage("local", DEVICE_ID_KEY, made);
  return made;
}

/** What an answer means for the entry: gone (applied now or before, or refused for good) or still waiting. */
function settles(status: number): boolean {
  // 200: applied (or a replay of this push id). 400/409/422: the server will never apply it (the lesson was locked
  // or the phrase deleted meanwhile): sending it again would block the ones behind it. 401, 429, 5xx: later.
  return status === 200 || status === 400 || status === 409 || status === 422;
}

/** One change as one sync push; null when no answer came (no connection). */
async function push(pushId: string, change: OutboxChange): Promise<Response | null> {
  try {
    return await fetch(PUSH_URL, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pushId, deviceId: deviceId(), changes: [change] }),
    });
  } catch {
    return null;
  }
}

/** Sends the learner's waiting changes one push each, oldest first; stops at the first that cannot go now. */
async function sendWaiting(owner: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const entry = (await readAll()).find((waiting) => waiting.owner === owner);
    if (!entry) return sent;
    const response = await push(entry.pushId, entry.change);
    if (!response) return sent;
    if (!settles(response.status)) return sent;
    if (!response.ok) console.warn(`The server refused a change made offline (${response.status}); it was dropped.`, entry.change);
    await (await database()).delete(STORE, entry.id);
    if (response.ok) applySentChange(entry.change);
    sent += 1;
  }
}

let flushing: Promise<number> | null = null;

/**
 * Sends this learner's waiting changes, if any and if online. One tab at a time holds the lock, and each reads the
 * store afresh under it, so an entry another tab already sent is not there to send again.
 */
export function flush(owner: string): Promise<number> {
  if (!navigator.onLine) return Promise.resolve(0);
  flushing ??= (async () => {
    try {
      const run = () => sendWaiting(owner);
      const sent = navigator.locks ? await navigator.locks.request(LOCK, run) : await run();
      if (sent > 0) await changed("sent");
      return sent;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Starts reading the store (once per page). */
let started = false;
export function startOutbox() {
  if (started) return;
  started = true;
  void refresh();
}

/** Calls `listener` whenever the waiting entries change, in this tab or another. */
export function subscribeEntries(listener: () => void): () => void {
  startOutbox();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** The waiting entries as last read (all learners'; filter by owner). */
export const entriesNow = () => entries;
const noEntries: OutboxEntry[] = [];
const getServerSnapshot = () => noEntries;

/** The waiting entries (all learners'; filter by owner), kept current across tabs. */
export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(subscribeEntries, entriesNow, getServerSnapshot);
}

/** Runs `listener` whenever a tab has sent changes (the page then reloads its data to show the server's state). */
export function onSent(listener: () => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/**
 * The lesson page's write (mark complete, favourite) that could not reach the server (the lesson route's
 * clientAction): stored as its sync intent, and the page told so (it keeps its data and shows the waiting change).
 */
export async function queueLessonWrite(lesson: { language?: string; level?: string; lesson?: string }, form: FormData): Promise<QueuedResult> {
  const owner = currentViewer()?.user?.email;
  const change = changeFromLessonForm({ languageId: lesson.language ?? "", levelId: lesson.level ?? "", lessonId: lesson.lesson ?? "" }, form);
  // Only a signed-in learner's controls post here, and only these two forms.
  if (!owner || !change) throw new Error("This change cannot be saved offline.");
  await enqueue(owner, change);
  // Online but the request failed (the server was out of reach for a moment): try again now rather than at the next
  // page or connection change. Offline, this returns at once.
  void flush(owner);
  return { queued: true };
}

export type LessonWriteOutcome =
  | { kind: "applied"; change: OutboxChange }
  | { kind: "queued" }
  | { kind: "refused" }
  | { kind: "signed-out" };

/**
 * The lesson page's write as the lesson document sends it (app/lesson-document/document-router.tsx): at once through
 * the sync push while online, into the outbox when no answer comes or the browser is offline, as the lesson route's
 * clientAction does for the pages React Router hydrates.
 */
export async function writeLessonNow(lesson: { language?: string; level?: string; lesson?: string }, form: FormData): Promise<LessonWriteOutcome> {
  const change = changeFromLessonForm({ languageId: lesson.language ?? "", levelId: lesson.level ?? "", lessonId: lesson.lesson ?? "" }, form);
  if (!change) throw new Error("Not a lesson page's write.");
  if (navigator.onLine) {
    const response = await push(crypto.randomUUID(), change);
    if (response?.ok) {
      applySentChange(change);
      return { kind: "applied", change };
    }
    if (response?.status === 401) return { kind: "signed-out" };
    if (response && settles(response.status)) return { kind: "refused" };
  }
  await queueLessonWrite(lesson, form);
  return { kind: "queued" };
}

/**
 * For the status below the header (app/components/sync-status.tsx), once per page: counts this learner's waiting
 * changes for it, sends them now, when the connection returns and when the tab is shown again, and tells it when a
 * tab has sent some (to reload the page's data). Here rather than there, so that the first visit's script stays small.
 */
export function watchOutbox(owner: string, on: { count: (waiting: number) => void; sent: () => void }): () => void {
  const count = () => on.count(entriesNow().filter((entry) => entry.owner === owner).length);
  const send = () => void flush(owner);
  const sendWhenShown = () => {
    if (document.visibilityState === "visible") send();
  };
  const unsubscribe = subscribeEntries(count);
  const offSent = onSent(on.sent);
  window.addEventListener("online", send);
  document.addEventListener("visibilitychange", sendWhenShown);
  count();
  send();
  return () => {
    unsubscribe();
    offSent();
    window.removeEventListener("online", send);
    document.removeEventListener("visibilitychange", sendWhenShown);
  };
}
