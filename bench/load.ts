/**
 * Load rows for the benches: autocannon at 50 connections (10 s, or a number of requests), every request with a
 * browser's Accept-Encoding, after one probe request that says whether the page cache answered and in which encoding.
 */
import autocannon, { type Client } from "autocannon";

/** What Chromium sends. */
export const browserEncoding = { "accept-encoding": "gzip, deflate, br, zstd" };

/**
 * autocannon keeps every answer's body as a string (`body += chunk`), which decodes it as UTF-8: 300 µs for the
 * lesson page's 20 KB of brotli on a 2026-11-29 host, so the client, not the server, capped a row at about 3,000
 * requests/s (the bare server writing the same bytes measured the same). Rows that only count answers drop the body.
 */
export function discardBodies(client: Client) {
  client.pipelinedRequests.addBody = () => {};
}

export async function autocannonRow(url: string, headers: Record<string, string> = {}, amount?: number) {
  const probe = await fetch(url, { headers: { ...browserEncoding, ...headers } });
  await probe.arrayBuffer();
  const result = await autocannon({
    url,
    connections: 50,
    pipelining: 1,
    headers: { ...browserEncoding, ...headers },
    setupClient: discardBodies,
    ...(amount ? { amount } : { duration: 10 }),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    cache: probe.headers.get("x-cache") ?? "none",
    encoding: probe.headers.get("content-encoding") ?? "identity",
  };
}
