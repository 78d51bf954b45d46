/**
 * Load rows for the benches: autocannon at 50 connections (10 s, or a number of requests), every request with a
 * browser's Accept-Encoding, after one probe request that says whether the page cache answered and in which encoding.
 */
import autocannon from "autocannon";

/** What Chromium sends. */
export const browserEncoding = { "accept-encoding": "gzip, deflate, br, zstd" };

export async function autocannonRow(url: string, headers: Record<string, string> = {}, amount?: number) {
  const probe = await fetch(url, { headers: { ...browserEncoding, ...headers } });
  await probe.arrayBuffer();
  const result = await autocannon({
    url,
    connections: 50,
    pipelining: 1,
    headers: { ...browserEncoding, ...headers },
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
