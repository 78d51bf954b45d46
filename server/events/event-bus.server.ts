import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { listen, type ListenerTimings } from "#server/events/postgres-listener.server.ts";

/** What changed. Caches subscribe to the topics they depend on. */
export type Topic = "settings" | "catalog" | "blog";
const topics: readonly Topic[] = ["settings", "catalog", "blog"];

/**
 * Something that happened to one learner's own data, delivered only to that learner's subscribers (their live
 * channel, server/api/): `sync.available` after a push from one of their devices or a change on the website.
 */
export interface LearnerEvent {
  type: "sync.available";
  /** The device whose push caused it (that device need not pull); absent for a change made on the website. */
  deviceId?: string;
}

export interface EventBus {
  publish(topic: Topic): Promise<void>;
  subscribe(topic: Topic, handler: () => void): () => void;
  publishLearner(userId: string, event: LearnerEvent): Promise<void>;
  subscribeLearner(userId: string, handler: (event: LearnerEvent) => void): () => void;
  close(): Promise<void>;
}

const learnerKey = (userId: string) => `learner:${userId}`;

/** For the embedded database: only one process can open it, so in-process delivery is complete. */
export function createLocalEventBus(): EventBus {
  return localBus().bus;
}

function localBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const bus: EventBus = {
    async publish(topic) {
      emitter.emit(topic);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async publishLearner(userId, event) {
      emitter.emit(learnerKey(userId), event);
    },
    subscribeLearner(userId, handler) {
      emitter.on(learnerKey(userId), handler);
      return () => emitter.off(learnerKey(userId), handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
  /** Every learner with a subscriber in this process. */
  const learners = () =>
    emitter
      .eventNames()
      .filter((name): name is string => typeof name === "string" && name.startsWith("learner:"))
      .map((name) => name.slice("learner:".length));
  return { bus, learners };
}

const channel = "phrasewise_events";

/** A learner notification's payload (base64url JSON, so it holds no spaces), or null when it is not one of ours. */
function parseLearnerNotification(encoded: string): { userId: string; event: LearnerEvent } | null {
  try {
    const value = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as { userId?: unknown; event?: { type?: unknown; deviceId?: unknown } };
    if (typeof value.userId !== "string" || value.event?.type !== "sync.available") return null;
    const deviceId = typeof value.event.deviceId === "string" ? value.event.deviceId : undefined;
    return { userId: value.userId, event: { type: "sync.available", ...(deviceId ? { deviceId } : {}) } };
  } catch {
    return null;
  }
}

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
  const { bus: local, learners } = localBus();
  // Our own notifications come back to us too, but later: the publisher has already invalidated its caches at once.
  const origin = randomUUID();
  const listener = await listen({
    connectionString,
    channel,
    onNotification(payload) {
      const [topic, from, learner] = payload.split(" ");
      if (from === origin) return;
      if (topic === "learner" && learner) {
        const event = parseLearnerNotification(learner);
        if (event) void local.publishLearner(event.userId, event.event);
      } else if (topics.includes(topic as Topic)) void local.publish(topic as Topic);
    },
    onReconnect() {
      for (const topic of topics) void local.publish(topic);
      // What a learner's other device pushed meanwhile is unknown: each listening learner is told to pull.
      for (const userId of learners()) void local.publishLearner(userId, { type: "sync.available" });
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
    async publishLearner(userId, event) {
      await local.publishLearner(userId, event);
      const learner = Buffer.from(JSON.stringify({ userId, event })).toString("base64url");
      await db.execute(sql`select pg_notify(${channel}, ${`learner ${origin} ${learner}`})`);
    },
    subscribeLearner: local.subscribeLearner,
    async close() {
      await local.close();
      await listener.close();
    },
  };
}
