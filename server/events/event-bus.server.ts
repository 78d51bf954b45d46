import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "#server/db/client.server.ts";
import type { Logger } from "#server/logger.server.ts";

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
/** Reconnect delays after a lost LISTEN connection (SPEC §9 realtime: 1, 2, 5, 10 s). */
const reconnectDelaysMs = [1000, 2000, 5000, 10_000];

/**
 * For a PostgreSQL server shared by several app servers: LISTEN/NOTIFY tells every process what changed.
 * After a reconnect every topic fires, since notifications sent while disconnected are lost.
 */
export async function createPostgresEventBus(
  connectionString: string,
  db: Database,
  logger: Logger,
): Promise<EventBus> {
  const local = createLocalEventBus();
  // Our own notifications come back to us too, but later: the publisher has already invalidated its caches at once.
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      const [topic, from] = message.payload.split(" ");
      if (from !== origin && topics.includes(topic as Topic)) void local.publish(topic as Topic);
    });
    next.on("error", (error) => {
      logger.warn("Event listener connection lost", error);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const old = client;
    client = undefined;
    void old?.end().catch(() => {});
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 10_000;
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      connect()
        .then(() => {
          attempt = 0;
          for (const topic of topics) void local.publish(topic);
        })
        .catch((error) => {
          logger.warn("Event listener reconnect failed", error);
          scheduleReconnect();
        });
    }, delay);
    timer.unref();
  };

  await connect();

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
      closed = true;
      if (timer) clearTimeout(timer);
      await local.close();
      await client?.end().catch(() => {});
    },
  };
}
