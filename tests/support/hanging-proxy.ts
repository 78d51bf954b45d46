import net from "node:net";

export interface HangingProxy {
  /** `host:port` to connect to instead of the target. */
  address: string;
  /** Connections accepted so far (hung or not). */
  accepted(): number;
  /**
   * From now on nothing is forwarded either way, like a server that froze: open connections stay open and silent,
   * and new ones are accepted but get no answer.
   */
  hang(): void;
  /** Closes every connection open now, as a server restart or a network reset would. */
  cut(): void;
  /** Forwards again: what was held back goes through, and connections accepted meanwhile reach the target. */
  recover(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of `target` that can stop answering without closing anything. */
export async function startHangingProxy(target: { host: string; port: number }): Promise<HangingProxy> {
  let hung = false;
  let accepted = 0;
  const open = new Set<net.Socket>();
  /** Connections accepted while hung, to be put through on recovery. */
  const waiting = new Set<() => void>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    // A reset on one side is the other side's business (it sees its own socket close), not the proxy's.
    socket.on("error", () => {});
    // A paused socket reads nothing, not even the peer's FIN: like a frozen server, it neither answers nor closes.
    if (hung) socket.pause();
  };
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk: Buffer) => to.write(chunk));
    from.on("close", () => to.destroy());
  };

  const server = net.createServer((client) => {
    accepted++;
    track(client);
    const connectUpstream = () => {
      if (client.destroyed) return;
      const upstream = net.connect(target.port, target.host);
      track(upstream);
      forward(client, upstream);
      forward(upstream, client);
    };
    if (hung) waiting.add(connectUpstream);
    else connectUpstream();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    address: `127.0.0.1:${port}`,
    accepted: () => accepted,
    hang() {
      hung = true;
      for (const socket of open) socket.pause();
    },
    cut() {
      for (const socket of open) socket.destroy();
    },
    recover() {
      hung = false;
      for (const connect of waiting) connect();
      waiting.clear();
      for (const socket of open) socket.resume();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
