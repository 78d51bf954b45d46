import type { Runtime } from "#server/runtime.server.ts";

/**
 * Tells a learner's other devices and open pages (their live channel, `sync.available`) that their synced data
 * changed, after a write through any of the website's forms or a push from one of their devices (`deviceId`: the
 * pusher, which need not pull). A notice that cannot be sent only delays their next pull: it is logged, never thrown.
 */
export async function announceLearnerChange(runtime: Pick<Runtime, "events" | "logger">, userId: string, deviceId?: string) {
  try {
    await runtime.events.publishLearner(userId, { type: "sync.available", ...(deviceId ? { deviceId } : {}) });
  } catch (error) {
    runtime.logger.warn("Telling a learner's devices about a change failed", error);
  }
}
