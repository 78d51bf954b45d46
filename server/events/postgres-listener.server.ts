import pg from "pg";
import type { Logger } from "#server/logger.server.ts";

/**
 * How the LISTEN connection notices a database that stopped answering and comes back. The defaults are SPEC §9's
 * realtime figures: heartbeat 30 s, reconnect delays 1, 2, 5, 10 s, timeout 10 s. So a hang is noticed within 40 s,
 * and once the database answers again the listener is back within about 10 s (the longest delay) plus a connect.
 */
export interface ListenerTimings {
  /** How long connecting (TCP, startup, LISTEN) and each heartbeat may wait for an answer. */
  timeoutMs: number;
  /**
   * How often the idle connection is asked `SELECT 1`. A server that accepts but does not answer, or a network that
   * silently dropped the idle connection, never closes it, and TCP keepalive stops at the first proxy.
   */
  heartbeatMs: number;
  /** Waits before each reconnect attempt; the last one repeats, so the backoff is bounded. */
  reconnectDelaysMs: readonly number[];
}

export const defaultListenerTimings: ListenerTimings = {
  timeoutMs: 10_000,
  heartbeatMs: 30_000,
  reconnectDelaysMs: [1000, 2000, 5000, 10_000],
};

export interface ListenerOptions {
  connectionString: string;
  channel: string;
  onNotification(payload: string): void;
  /** The connection is back after a loss: whatever was notified in between was lost. */
  onReconnect(): void;
  logger: Logger;
  timings?: Partial<ListenerTimings>;
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * One connection that LISTENs on a channel and keeps doing so: a lost connection (closed, reset, or silent past the
 * heartbeat's timeout) is replaced after a bounded backoff, for as long as it takes. The log gets one line when the
 * connection is lost and one when it is back, not one per attempt. The first connection must succeed.
 */
export async function listen(options: ListenerOptions): Promise<Listener> {
  const { connectionString, channel, onNotification, onReconnect, logger } = options;
  const timings = { ...defaultListenerTimings, ...options.timings };
  let current: pg.Client | undefined;
  /** A reconnect attempt in flight, cut by close() rather than left to its timeout. */
  let connecting: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let failedAttempts = 0;
  let lostAt = 0;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (client === current && message.channel === channel && message.payload) onNotification(message.payload);
    });
    client.on("error", (error) => lose(client, error));
    client.on("end", () => lose(client, new Error("Connection closed")));
    connecting = client;
    try {
      await within(timings.timeoutMs, "Connecting", (async () => {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      })());
      return client;
    } catch (error) {
      drop(client);
      throw error;
    } finally {
      connecting = undefined;
    }
  };

  const beat = (client: pg.Client) => {
    heartbeat = setTimeout(() => {
      within(timings.timeoutMs, "The heartbeat", client.query("SELECT 1")).then(
        () => client === current && beat(client),
        (error: unknown) => lose(client, error),
      );
    }, timings.heartbeatMs);
    heartbeat.unref();
  };

  const adopt = (client: pg.Client) => {
    current = client;
    beat(client);
  };

  const lose = (client: pg.Client, error: unknown) => {
    if (client !== current || closed) return;
    current = undefined;
    clearTimeout(heartbeat);
    drop(client);
    lostAt = Date.now();
    failedAttempts = 0;
    logger.warn("Event listener connection lost; reconnecting", error);
    reconnectLater();
  };

  const reconnectLater = () => {
    const delays = timings.reconnectDelaysMs;
    retry = setTimeout(() => {
      retry = undefined;
      open().then(
        (client) => {
          if (closed) return drop(client);
          adopt(client);
          const seconds = Math.round((Date.now() - lostAt) / 1000);
          logger.info(`Event listener reconnected after ${seconds} s (${failedAttempts + 1} attempts)`);
          onReconnect();
        },
        () => {
          failedAttempts++;
          if (!closed) reconnectLater();
        },
      );
    }, delays[Math.min(failedAttempts, delays.length - 1)]);
    retry.unref();
  };

  adopt(await open());

  return {
    async close() {
      closed = true;
      clearTimeout(heartbeat);
      clearTimeout(retry);
      if (connecting) drop(connecting);
      const client = current;
      current = undefined;
      if (client) await within(timings.timeoutMs, "Closing", client.end()).catch(() => drop(client));
    },
  };
}

/** Cuts a connection at once: `end()` waits for the server's goodbye, which a hung server never sends. */
function drop(client: pg.Client) {
  client.connection.stream.destroy();
}

async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
