import type http from "node:http";
import net from "node:net";

/**
 * Stops an HTTP server without resetting a request, even under keep-alive load.
 *
 * Once `close()` is called the listener stops accepting, and every response still to be written says
 * `Connection: close`, so a busy keep-alive connection ends cleanly after its current answer. A connection with
 * nothing in flight is closed after `idleGraceMs` unless a request arrives first (it is then answered, with
 * `Connection: close`): closing it at once would reset a request the client may already have sent on it. Whatever is
 * still open after `graceMs` is cut.
 *
 * Plain `server.close()` is not enough: it leaves busy keep-alive connections open for their next request (so
 * shutdown waits for the whole grace period and then resets them), and it destroys idle ones at once.
 */
export interface GracefulShutdownOptions {
  graceMs: number;
  idleGraceMs: number;
}

/**
 * Where a request finds the shutdown signal. A global symbol, not a module's WeakMap: server/main.ts and the
 * application bundle each load their own copy of this module.
 */
const shutdownSignalKey = Symbol.for("phrasewise.shutdownSignal");
type WithShutdownSignal = { [shutdownSignalKey]?: AbortSignal };

/**
 * Aborted when the server starts shutting down. A response that never ends on its own (a live event stream) ends
 * itself on it; the connection is then idle and closed like any other, so shutdown need not wait out the grace period
 * and cut it. Undefined for a server without graceful shutdown.
 */
export function shutdownSignal(req: http.IncomingMessage): AbortSignal | undefined {
  return (req as WithShutdownSignal)[shutdownSignalKey];
}

export function gracefulShutdown(server: http.Server, { graceMs, idleGraceMs }: GracefulShutdownOptions) {
  let closing = false;
  const shuttingDown = new AbortController();
  /** Responses not yet finished, by connection. */
  const inFlight = new Map<net.Socket, Set<http.ServerResponse>>();
  const sockets = new Set<net.Socket>();

  const closeWhenIdle = (socket: net.Socket) => {
    setTimeout(() => {
      if (!inFlight.get(socket)?.size) socket.destroy();
    }, idleGraceMs).unref();
  };

  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  // Ahead of the application's listener, so the header is set before anything is written.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (closing) res.setHeader("Connection", "close");
    (req as WithShutdownSignal)[shutdownSignalKey] = shuttingDown.signal;
    const socket = req.socket;
    let responses = inFlight.get(socket);
    if (!responses) inFlight.set(socket, (responses = new Set()));
    responses.add(res);
    res.once("close", () => {
      responses.delete(res);
      // A response whose headers went out before shutdown said keep-alive; its connection is idle now.
      if (closing && responses.size === 0 && !socket.destroyed) closeWhenIdle(socket);
    });
  });

  return {
    get closing() {
      return closing;
    },
    /** Resolves once every connection has ended. */
    close(): Promise<void> {
      if (closing) return Promise.reject(new Error("The server is already closing"));
      closing = true;
      shuttingDown.abort();
      const closed = new Promise<void>((resolve) => {
        // net.Server's close, not http.Server's: the latter also destroys idle connections at once.
        net.Server.prototype.close.call(server, () => resolve());
      });
      for (const socket of sockets) {
        const responses = inFlight.get(socket);
        if (!responses?.size) closeWhenIdle(socket);
        else for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
      }
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      return closed.finally(() => clearTimeout(force));
    },
  };
}
