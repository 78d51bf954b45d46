import type { Request, Response } from "express";
import { shutdownSignal } from "#server/http/graceful-shutdown.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";

/**
 * A Server-Sent Events answer for an operation whose response is "text/event-stream" (server/api/endpoint.server.ts).
 * The handler opens it and returns; the router leaves a response whose headers went out alone.
 *
 * What production puts in front of it must not hold messages back: `Cache-Control: no-transform` makes the
 * `compression` middleware (server/main.ts) and proxies leave the stream as it is (compression would buffer it),
 * `X-Accel-Buffering: no` turns nginx's buffering off, and the API router is never behind the page cache.
 */

export interface EventStreamOptions {
  /** Sent as `retry:`: how long a client's EventSource waits before reconnecting (ms). */
  retryMs: number;
  /**
   * A peer that takes no bytes for this long while a write is queued is gone or hostile: its socket is destroyed
   * rather than letting the queue grow.
   */
  stalledWriteMs: number;
}

export interface EventStream {
  /** One message: `event: <name>` and its data as one line of JSON. */
  send(event: string, data: unknown): void;
  /** A comment line, which clients ignore: keeps proxies and the peer from counting the connection idle. */
  heartbeat(): void;
  /** Ends the stream cleanly (the client reconnects after `retry`). */
  end(): void;
  readonly closed: boolean;
  /** Called once when the response is over, however it ended (the client left, end(), shutdown, a stalled peer). */
  onClose(callback: () => void): void;
}

export function openEventStream(req: Request, res: Response, { retryMs, stalledWriteMs }: EventStreamOptions): EventStream {
  const shutdown = shutdownSignal(req);
  // A server that is stopping takes no new stream: the client tries again, through the load balancer elsewhere.
  if (shutdown?.aborted) throw new ApiProblem(503, "The server is restarting. Reconnect shortly.", { retryAfter: 1 });

  res.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store, no-transform",
    "X-Accel-Buffering": "no",
  });
  req.socket.setNoDelay(true);
  res.flushHeaders();

  let closed = false;
  let stalled: NodeJS.Timeout | undefined;
  const callbacks: (() => void)[] = [];
  const stopOnShutdown = () => stream.end();

  const write = (chunk: string) => {
    if (closed || res.writableEnded) return;
    if (!res.write(chunk) && !stalled) {
      stalled = setTimeout(() => res.destroy(), stalledWriteMs).unref();
      res.once("drain", () => {
        clearTimeout(stalled);
        stalled = undefined;
      });
    }
  };

  const stream: EventStream = {
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    heartbeat() {
      write(": heartbeat\n\n");
    },
    end() {
      if (!res.writableEnded) res.end();
    },
    get closed() {
      return closed;
    },
    onClose(callback) {
      if (closed) callback();
      else callbacks.push(callback);
    },
  };

  res.once("close", () => {
    closed = true;
    clearTimeout(stalled);
    shutdown?.removeEventListener("abort", stopOnShutdown);
    for (const callback of callbacks.splice(0)) callback();
  });
  shutdown?.addEventListener("abort", stopOnShutdown, { once: true });

  // HEAD gets the headers only.
  if (req.method === "HEAD") res.end();
  else write(`retry: ${retryMs}\n\n`);
  return stream;
}
