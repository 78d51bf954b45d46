import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import type { ReadingAid } from "#server/reading/reading-aids.ts";

export interface ReadingItem {
  aid: ReadingAid;
  text: string;
}
export interface ReadingRequest {
  id: number;
  items: ReadingItem[];
}
export type ReadingReply = { id: number; readings: string[] } | { id: number; error: string };

/** Computes readings away from the request path and the server's memory. */
export interface ReadingHelper {
  /** One reading per item, in order ("" when the text has nothing to read). */
  compute(items: ReadingItem[]): Promise<string[]>;
  /** Whether the reading process is running now (it stops when idle). */
  running(): boolean;
  close(): Promise<void>;
}

/** Long enough for a run of saves to share one dictionary load (0.8 s), short enough to give its memory back soon. */
const IDLE_EXIT_MS = 15_000;

/**
 * The reading process's source file, found through package.json's "#server/*" import map: this module also runs
 * bundled into build/server/, where a path relative to it would name nothing.
 */
const entry = createRequire(import.meta.url).resolve("#server/reading/reading-process.server.ts");

/**
 * The readings' libraries run in a child process, started on the first request and stopped after IDLE_EXIT_MS
 * without one. A worker thread would share the server's heap and allocator: measured with kuromoji, the server kept
 * 125 MB after such a worker ended; a process gives all of it back when it exits. Requests go one at a time.
 */
export function createReadingHelper(options: { idleExitMs?: number } = {}): ReadingHelper {
  const idleExitMs = options.idleExitMs ?? IDLE_EXIT_MS;
  let child: ChildProcess | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, { resolve: (readings: string[]) => void; reject: (error: Error) => void; sentTo: ChildProcess }>();
  let queue: Promise<unknown> = Promise.resolve();

  const stop = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    const running = child;
    child = undefined;
    if (running?.connected) running.disconnect();
  };

  const start = () => {
    // Plain Node (it runs TypeScript itself): none of the parent's loaders or flags, such as a test runner's.
    const started = fork(entry, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
    started.on("message", (reply: ReadingReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if ("error" in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.readings);
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = undefined;
      for (const [id, waiting] of pending) {
        // An idle process may still be exiting while its successor already works.
        if (waiting.sentTo !== started) continue;
        pending.delete(id);
        waiting.reject(new Error(`The reading process stopped (${signal ?? `exit code ${code}`})`));
      }
    });
    started.on("error", () => {}); // also reported as exit
    return started;
  };

  const request = (items: ReadingItem[]) =>
    new Promise<string[]>((resolve, reject) => {
      if (closed) return reject(new Error("The reading helper is closed"));
      clearTimeout(idleTimer);
      const target = (child ??= start());
      // Held open while an answer is awaited (a CLI command waits for nothing else), not while idle.
      target.ref();
      target.channel?.ref();
      const id = nextId++;
      pending.set(id, { resolve, reject, sentTo: target });
      target.send({ id, items } satisfies ReadingRequest);
    }).finally(() => {
      if (closed || pending.size > 0) return;
      child?.unref();
      child?.channel?.unref();
      idleTimer = setTimeout(stop, idleExitMs).unref();
    });

  return {
    compute(items) {
      if (items.length === 0) return Promise.resolve([]);
      const result = queue.then(() => request(items));
      queue = result.catch(() => {});
      return result;
    },
    running: () => child !== undefined,
    async close() {
      closed = true;
      const running = child;
      stop();
      if (running && running.exitCode === null && running.signalCode === null) {
        // An idle helper is unreferenced: referenced again, the process waits for its end rather than exiting mid-close.
        running.ref();
        await new Promise<void>((resolve) => {
          running.once("exit", () => resolve());
          // A process stuck in a long computation is not waited for.
          setTimeout(() => running.kill(), 2000).unref();
        });
      }
    },
  };
}
