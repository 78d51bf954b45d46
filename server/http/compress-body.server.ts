import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request } from "express";
import Negotiator from "negotiator";

/**
 * Compressing a whole body in one call, for the answers that are complete before they are sent (cached pages, the
 * API's JSON). The compression middleware streams instead, in 16 KB steps that each take a turn on the thread pool
 * (a 330 KB sync page: about 20 of them). The end-to-end gain was within the bench's noise on 2 shared cores; the
 * page cache and the API now share one negotiation and one encoder setting. What the middleware still compresses
 * (streamed pages, anything else) it leaves alone once Content-Encoding is set.
 */

export type Encoding = "br" | "gzip" | "identity";

/** Bodies this small go out as they are: compressing them saves less than the header costs. */
export const COMPRESS_THRESHOLD = 1024;

/** The encoding to send: brotli when the client takes it, then gzip; ties in the client's q-values go to brotli. */
export function negotiateEncoding(req: Request): Encoding {
  const [best] = new Negotiator(req).encodings(["br", "gzip", "identity"], { preferred: ["br", "gzip", "identity"] });
  return (best as Encoding | undefined) ?? "identity";
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's quality 5 gives most of quality 11's saving on HTML for a fraction of its CPU: for a body compressed once
 * and served many times (a cached page). A body compressed for each request (the API's JSON) takes quality 2: on a
 * 1,000-row sync page (208 KB) it makes 52.9 KB in 1.9 ms of CPU where quality 4 made 52.9 KB in 6.0 ms (quality 1:
 * 53.7 KB in 1.2 ms). A 256 KB window (lgwin 18) keeps the encoder's memory small.
 */
export function compressBody(body: Buffer, encoding: Exclude<Encoding, "identity">, { once = false } = {}): Promise<Buffer> {
  // An output buffer as large as the compressed answer lets the encoder finish in one turn on the thread pool: with
  // the default 16 KB it comes back to the main thread for every 16 KB it makes. A quarter of the body holds all of
  // it for JSON and HTML (they shrink 4 to 7 times). One as large as the body made 12 major collections in 200 sync
  // pages, 64 KB made 8 (a buffer is freed only by the collector, and V8 counts it towards the heap's limit).
  const chunkSize = Math.min(Math.max(Math.ceil(body.length / 4), 16 * 1024), 1024 * 1024);
  if (encoding === "gzip") return gzip(body, { level: 6, chunkSize });
  return brotli(body, {
    chunkSize,
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: once ? 5 : 2,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
