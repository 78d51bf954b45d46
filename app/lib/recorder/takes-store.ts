import { openDB, type DBSchema, type IDBPDatabase } from "idb";

/**
 * The learner's own recordings, kept in this browser's IndexedDB and nowhere else: there is no endpoint that takes
 * them. One take per phrase, the latest (a new take replaces the old one).
 */
export interface Take {
  phraseId: string;
  audio: Blob;
  mimeType: string;
  durationMs: number;
  recordedAt: number;
}

interface RecordingsSchema extends DBSchema {
  takes: { key: string; value: Take };
}

const DATABASE = "phrasewise-recordings";
let opened: Promise<IDBPDatabase<RecordingsSchema>> | null = null;

function database() {
  opened ??= openDB<RecordingsSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore("takes", { keyPath: "phraseId" });
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

const listeners = new Set<() => void>();
function changed() {
  for (const listener of [...listeners]) listener();
}

/** Called after any take is saved or deleted (the "Delete all" count follows). */
export function onTakesChange(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function getTake(phraseId: string): Promise<Take | undefined> {
  return (await database()).get("takes", phraseId);
}

export async function saveTake(take: Take): Promise<void> {
  await (await database()).put("takes", take);
  changed();
}

export async function deleteTake(phraseId: string): Promise<void> {
  await (await database()).delete("takes", phraseId);
  changed();
}

export async function countTakes(): Promise<number> {
  return (await database()).count("takes");
}

export async function deleteAllTakes(): Promise<void> {
  await (await database()).clear("takes");
  changed();
}
