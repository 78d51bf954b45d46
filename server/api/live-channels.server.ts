import { ApiProblem } from "#server/api/problem.server.ts";
import type { EventStream } from "#server/api/event-stream.server.ts";

/**
 * The open live channels of this process (GET /api/v1/events): how many one client address and everyone together may
 * hold, and their shared heartbeat. The caps are per process on purpose: what they protect is this process's memory
 * and sockets (each channel holds a socket, its buffers and a few closures), and each app server has its own.
 */
export interface LiveChannelLimits {
  /** Open channels per client address; more is 429. A classroom behind one address fits. */
  perClient: number;
  /** Open channels in this process; more is 503 (the load balancer or the client's backoff finds another). */
  total: number;
  /** SPEC §9: realtime heartbeat 30 s. */
  heartbeatMs: number;
  /**
   * A channel is ended (cleanly; the client reconnects) after about this long, so an abandoned connection whose peer
   * vanished without a word holds nothing for longer, and the caller's credentials are checked afresh.
   */
  maxLifetimeMs: number;
  /** SPEC §9's first reconnect delay, sent as `retry:` (the website's client backs off 1, 2, 5, 10 s itself). */
  retryMs: number;
  /** See EventStreamOptions.stalledWriteMs. */
  stalledWriteMs: number;
}

export const LIVE_CHANNEL_LIMITS: LiveChannelLimits = {
  perClient: 64,
  total: 2_500,
  heartbeatMs: 30_000,
  maxLifetimeMs: 10 * 60_000,
  retryMs: 1_000,
  stalledWriteMs: 30_000,
};

export function createLiveChannels(limits: LiveChannelLimits) {
  const open = new Set<EventStream>();
  const perClient = new Map<string, number>();
  /** Places claimed, opened or still opening. */
  let admitted = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  return {
    limits,
    /** Channels open now. */
    get size() {
      return open.size;
    },
    /** Claims a place for a channel of this client, or refuses; `release` gives it back (call it exactly once). */
    admit(clientIp: string): () => void {
      const mine = perClient.get(clientIp) ?? 0;
      if (mine >= limits.perClient) throw new ApiProblem(429, `At most ${limits.perClient} live channels per client address.`, { retryAfter: 10 });
      if (admitted >= limits.total) {
        throw new ApiProblem(503, "This server holds as many live channels as it can. Try again shortly.", { retryAfter: 10 });
      }
      perClient.set(clientIp, mine + 1);
      admitted += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        admitted -= 1;
        const left = (perClient.get(clientIp) ?? 1) - 1;
        if (left > 0) perClient.set(clientIp, left);
        else perClient.delete(clientIp);
      };
    },
    /** Adds an opened stream to the heartbeat until it closes; ends it after about maxLifetimeMs. */
    track(stream: EventStream) {
      open.add(stream);
      heartbeat ??= setInterval(() => {
        for (const each of open) each.heartbeat();
      }, limits.heartbeatMs).unref();
      // Spread by ±10 %, so channels opened together (after a restart) do not all reconnect at once.
      const lifetime = setTimeout(() => stream.end(), limits.maxLifetimeMs * (0.9 + Math.random() * 0.2)).unref();
      stream.onClose(() => {
        clearTimeout(lifetime);
        open.delete(stream);
        if (open.size === 0) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
    },
  };
}

export type LiveChannels = ReturnType<typeof createLiveChannels>;
