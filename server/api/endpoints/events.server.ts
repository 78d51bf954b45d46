import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "#server/db/client.server.ts";
import { sessions, users } from "#server/db/schema.ts";
import type { LearnerEvent } from "#server/events/event-bus.server.ts";
import { endpoint, type Endpoint } from "#server/api/endpoint.server.ts";
import { openEventStream } from "#server/api/event-stream.server.ts";
import { createLiveChannels, LIVE_CHANNEL_LIMITS, type LiveChannelLimits } from "#server/api/live-channels.server.ts";

/**
 * GET /api/v1/events, the live channel (Server-Sent Events), fed by the event bus, so it works across app servers
 * (LISTEN/NOTIFY on PostgreSQL): what an admin changes through one server reaches channels held by every other.
 *
 * Who hears what: everyone hears `catalog.changed` and `settings.changed` (public facts: a client refetches what it
 * shows). Only the signed-in learner hears their own `sync.available`, and before each one is written the session the
 * channel was opened with is read again: a signed-out or revoked session's channel is ended instead (its client
 * reconnects, and is then a visitor, or refused with 401 for a bearer token). A learner event is the only private
 * thing a channel carries, so this is where the check belongs; the channel's limited lifetime (live-channels.server.ts)
 * re-checks credentials for everything else.
 */

const empty = z.strictObject({});

function message<E extends string, D extends z.ZodType>(event: E, data: D, description: string) {
  return z.strictObject({ event: z.literal(event), data }).meta({ description });
}

export const liveEventSchema = z
  .discriminatedUnion("event", [
    message("ready", z.strictObject({ signedIn: z.boolean() }), "First message: the channel listens now. `signedIn` says whether it carries the caller's own events. After a reconnect, refetch what you show: events sent meanwhile are not replayed."),
    message("catalog.changed", empty, "The catalogue (languages, levels, lessons, phrases) changed: refetch what you show of it."),
    message("settings.changed", empty, "The site settings changed."),
    message(
      "sync.available",
      z.strictObject({ deviceId: z.string().optional().meta({ description: "The device whose push caused it: that device need not pull." }) }),
      "Only on a signed-in learner's channel: their own data changed elsewhere (another device pushed, or the website). Pull.",
    ),
  ])
  .meta({
    id: "LiveEvent",
    description:
      "One message of the stream, written as `event: <event>` and `data: <data as JSON>` lines. Besides these, a `retry:` line " +
      "(reconnect after 1 s; back off to 2, 5 then 10 s) and a comment line every 30 s (heartbeat).",
  });

/** Whether the session a channel was opened with still stands (not signed out, revoked, expired or its user gone). */
async function sessionStands(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), eq(users.emailVerified, true)))
    .limit(1);
  return row !== undefined;
}

/** The operation with its own set of channels and caps (tests pass smaller caps). */
export function liveEventsEndpoint(limits: LiveChannelLimits = LIVE_CHANNEL_LIMITS): Endpoint {
  const channels = createLiveChannels(limits);
  return endpoint({
    method: "get",
    path: "/events",
    operationId: "listenToEvents",
    summary: "Live channel (Server-Sent Events)",
    description:
      "Holds the connection open and writes an event whenever something the client shows changed. A visitor hears public " +
      "events; with a bearer token (apps) or the website's cookie (EventSource sends no headers) the learner also hears " +
      "their own `sync.available`. Each client address may hold a limited number of channels (429), and each server a " +
      "limited total (503). A channel ends now and then, and when its server stops: reconnect after the `retry` delay.",
    tag: "Live channel",
    access: "optional",
    problems: [429, 503],
    response: { status: 200, description: "The event stream.", schema: liveEventSchema, contentType: "text/event-stream" },
    async handler({ runtime, req, res, caller, clientIp }) {
      const release = channels.admit(clientIp);
      let stream;
      try {
        stream = openEventStream(req, res, { retryMs: limits.retryMs, stalledWriteMs: limits.stalledWriteMs });
      } catch (error) {
        release();
        throw error;
      }
      const channel = stream;
      channel.onClose(release);
      if (channel.closed) return {};
      channels.track(channel);

      const unsubscribe = [
        runtime.events.subscribe("catalog", () => channel.send("catalog.changed", {})),
        runtime.events.subscribe("settings", () => channel.send("settings.changed", {})),
      ];
      if (caller) {
        const onLearnerEvent = async (event: LearnerEvent) => {
          try {
            if (!(await sessionStands(runtime.database.db, caller.sessionId))) {
              channel.end();
              return;
            }
          } catch (error) {
            // The database is briefly away: the client reconnects and is checked then.
            runtime.logger.warn("Live channel: could not check a session; ending the channel", error);
            channel.end();
            return;
          }
          channel.send("sync.available", event.deviceId ? { deviceId: event.deviceId } : {});
        };
        unsubscribe.push(runtime.events.subscribeLearner(caller.userId, (event) => void onLearnerEvent(event)));
      }
      channel.onClose(() => {
        for (const stop of unsubscribe) stop();
      });
      channel.send("ready", { signedIn: caller !== null });
      return {};
    },
  });
}

export const eventsEndpoint = liveEventsEndpoint();
