/**
 * The live channel under load (issue 25): `npm run build && npm run bench:events`.
 *
 * The production server as `npm run serve` starts it (embedded database, fresh data directory). The bench opens
 * 1,000 channels (GET /api/v1/events, each its own connection, from 20 loopback addresses: a client address may hold
 * 64), waits for every `ready`, has an admin add a language through the real admin form and times until every channel
 * has its `catalog.changed`, then holds them past one heartbeat (30 s) and checks every channel got it. The server's
 * RSS is read before the channels open (after a warm-up), while they are held, and after they are closed.
 * Last, SIGTERM with 1,000 channels open: every stream must end cleanly (no reset) and the server exit well inside
 * its 10 s grace period. Target: RSS growth < 50 MB with 1,000 channels open, and no error.
 */
import http from "node:http";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase } from "./bench-setup.ts";
import { rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";

// The embedded database: the channels' memory is the server's, whatever the database (BENCH_DATABASE_URL is not read).
const port = Number(process.env.BENCH_PORT ?? 3654);
const database = benchDatabase("events", port, { embedded: true });
const { base, serverEnv } = database;
const channelCount = Number(process.env.BENCH_CHANNELS ?? 1_000);
const addresses = 20;
const holdMs = Number(process.env.BENCH_HOLD_MS ?? 35_000);
const admin = { email: "bench-admin@example.com", password: "bench-admin-1" };

interface Channel {
  request: http.ClientRequest;
  events: string[];
  heartbeats: number;
  /** How the stream ended: "end" (cleanly), "error: …", or undefined while open. */
  ended?: string;
  ready: Promise<void>;
  onEvent?: (name: string) => void;
}

let errors = 0;
const errorSamples: string[] = [];
function fail(what: string) {
  errors += 1;
  if (errorSamples.length < 5) errorSamples.push(what);
}

function openChannel(n: number): Channel {
  const channel = { events: [], heartbeats: 0 } as unknown as Channel;
  channel.ready = new Promise<void>((resolve, reject) => {
    channel.request = http.get({ host: "127.0.0.1", port, path: "/api/v1/events", agent: false, localAddress: `127.0.0.${2 + (n % addresses)}` }, (res) => {
      if (res.statusCode !== 200) {
        fail(`channel ${n}: status ${res.statusCode}`);
        res.resume();
        reject(new Error(`status ${res.statusCode}`));
        return;
      }
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        const messages = buffer.split("\n\n");
        buffer = messages.pop()!;
        for (const message of messages) {
          if (message.startsWith(":")) channel.heartbeats += 1;
          const name = /^event: (.+)$/m.exec(message)?.[1];
          if (!name) continue;
          channel.events.push(name);
          if (name === "ready") resolve();
          channel.onEvent?.(name);
        }
      });
      res.on("end", () => (channel.ended ??= "end"));
      res.on("error", (error) => (channel.ended ??= `error: ${error.message}`));
    });
    channel.request.on("error", (error) => {
      channel.ended ??= `error: ${error.message}`;
      reject(error);
    });
  });
  return channel;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main() {
  const runtime = await createRuntime(loadEnv(serverEnv));
  await createConfirmedUser(runtime.auth, runtime.database.db, { ...admin, admin: true });
  await runtime.close();

  const { server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` });
  const pid = server.pid!;
  try {
    const cookie = await signInThroughForm(base, admin);
    // Warm-up: the code paths of a channel's life, and a catalogue change, before the baseline.
    const warm = await Promise.all(Array.from({ length: 50 }, (_, n) => openChannel(n))).then(async (channels) => {
      await Promise.all(channels.map((c) => c.ready));
      return channels;
    });
    for (const channel of warm) channel.request.destroy();
    await waitFor("the warm-up channels to close", () => warm.every((c) => c.ended !== undefined), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = await rssMb(pid);

    const opening = performance.now();
    const channels = Array.from({ length: channelCount }, (_, n) => openChannel(n));
    const opened = await Promise.allSettled(channels.map((c) => c.ready));
    const openSeconds = (performance.now() - opening) / 1000;
    const refused = opened.filter((result) => result.status === "rejected").length;
    const held = await rssMb(pid);

    // One admin change reaches every channel.
    let received = 0;
    const allReceived = new Promise<void>((resolve) => {
      for (const channel of channels) {
        channel.onEvent = (name) => {
          if (name === "catalog.changed" && ++received === channels.length) resolve();
        };
      }
    });
    const changed = performance.now();
    const save = await fetch(`${base}/admin/languages`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", id: "benchlang", name: "Bench Language", flagUrl: "/favicon.svg" }),
    });
    if (save.status !== 200) fail(`admin save answered ${save.status}`);
    await Promise.race([allReceived, waitFor("every catalog.changed", () => false, 10_000)]);
    const fanOutMs = performance.now() - changed;

    // Past one heartbeat: every channel still open, and each got one.
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    const afterHold = await rssMb(pid);
    const withoutHeartbeat = channels.filter((c) => c.heartbeats === 0).length;
    const closedEarly = channels.filter((c) => c.ended !== undefined).length;
    if (withoutHeartbeat > 0 && holdMs >= 30_000) fail(`${withoutHeartbeat} channels without a heartbeat`);
    if (closedEarly > 0) fail(`${closedEarly} channels closed while held`);

    // Shutdown with every channel open: each must end cleanly.
    const stopping = performance.now();
    await stopServer(server);
    const shutdownSeconds = (performance.now() - stopping) / 1000;
    await waitFor("every stream to end", () => channels.every((c) => c.ended !== undefined), 5_000).catch(() => fail("streams still open after exit"));
    const resets = channels.filter((c) => c.ended !== "end").length;
    if (resets > 0) fail(`${resets} streams reset on shutdown (${channels.find((c) => c.ended !== "end")?.ended})`);
    if (refused > 0) fail(`${refused} channels refused`);

    const growth = held - before;
    const rows: [string, string][] = [
      ["channels", `${channelCount - refused} of ${channelCount} open (from ${addresses} addresses), in ${openSeconds.toFixed(2)} s`],
      ["RSS", `${before.toFixed(1)} MB before, ${held.toFixed(1)} MB with them open (+${growth.toFixed(1)} MB, ${((growth * 1024) / channelCount).toFixed(1)} KB each), ${afterHold.toFixed(1)} MB after ${holdMs / 1000} s`],
      ["catalog.changed to every channel", `${fanOutMs.toFixed(0)} ms after the admin's save began`],
      ["heartbeats", `${channels.length - withoutHeartbeat} of ${channels.length} channels got one`],
      ["SIGTERM with them open", `server exited in ${shutdownSeconds.toFixed(2)} s, ${channels.length - resets} streams ended cleanly, ${resets} reset`],
      ["errors", errors === 0 ? "none" : `${errors}: ${errorSamples.join("; ")}`],
    ];
    for (const [what, value] of rows) console.log(`${what.padEnd(34)} ${value}`);
    const ok = errors === 0 && growth < 50;
    console.log(ok ? "PASS: RSS growth < 50 MB and no error" : "FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stopServer(server);
    await database.remove();
  }
}

await main();
