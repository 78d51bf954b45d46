import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { listen, type ListenerTimings } from "#server/events/postgres-listener.server.ts";

/** What changed. Caches subscribe to the topics they depend on. */
export type Topic = "settings" | "catalog" | "blog";
const topics: readonly Topic[] = ["settings", "catalog", "blog"];

export interface EventBus {
  publish(topic: Topic): Promise<void>;
  subscribe(topic: Topic, handler: () => void): () => void;
  close(): Promise<void>;
}

/** For the embedded database: only one process can open it, so in-process delivery is complete. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic) {
      emitter.emit(topic);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const channel = "phrasewise_events";

/**
 * For a PostgreSQL server shared by several app servers: LISTEN/NOTIFY tells every process what changed.
 * After a reconnect every topic fires, since notifications sent while disconnected are lost. `timings` are for
 * tests; production uses the listener's defaults.
 */
export async function createPostgresEventBus(
  connectionString: string,
  db: Database,
  logger: Logger,
  timings?: Partial<ListenerTimings>,
): Promise<EventBus> {
  const local = createLocalEventBus();
  // Our own notifications come back to us too, but later: the publisher has already invalidated its caches at once.
  const origin = randomUUID();
  const listener = await listen({
    connectionString,
    channel,
    onNotification(payload) {
      const [topic, from] = payload.split(" ");
      if (from !== origin && topics.includes(topic as Topic)) void local.publish(topic as Topic);
    },
    onReconnect() {
      for (const topic of topics) void local.publish(topic);
    },
    logger,
    timings,
  });

  return {
    async publish(topic) {
      // This process's caches are invalidated before publish returns: a NOTIFY reaches our own listener only some
      // time after the commit, and a request in between (the public page right after an admin's save) read the old
      // snapshot. Other processes learn it from the notification.
      await local.publish(topic);
      await db.execute(sql`select pg_notify(${channel}, ${`${topic} ${origin}`})`);
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await listener.close();
    },
  };
}
