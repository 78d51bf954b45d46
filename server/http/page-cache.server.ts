import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { EventBus } from "#server/events/event-bus.server.ts";

/**
 * A micro-cache of public responses (pages and their .data payloads) for visitors without a session. It is emptied
 * by any content event, so several servers stay consistent, and bounded in size and age. Public responses are
 * buffered (no page streams deferred data) so each gets an ETag and a Content-Length, and a repeat visit
 * revalidates with a 304. Mounted after compression, so it stores and hashes the uncompressed body.
 *
 * An entry is one render, headers and body together: a page's Content-Security-Policy nonce is in both, so a
 * cached page keeps the nonce of its render (see docs/decisions/006-content-security-policy.md). `X-Cache` says
 * whether a shared response came from the cache (HIT) or was rendered for it (MISS).
 */

interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
}

export interface PageCacheOptions {
  events: EventBus;
  /**
   * Whether a request is someone's (a valid session, a verified flash message): then it is neither served from nor
   * stored in the shared cache. Anything else is answered as for a visitor without cookies.
   */
  isPersonal: (req: Request) => boolean | Promise<boolean>;
  maxEntries?: number;
  maxAgeMs?: number;
}

const cacheableType = /^(text\/html|text\/x-script|application\/json|application\/xml|text\/plain)/;
/** A route that says so keeps its response out of shared caches, ours included. */
const notShared = /\b(?:no-store|private)\b/i;
/** Headers that belong to one response on one connection, or that the cache sets itself. */
const perResponseHeaders = new Set(["set-cookie", "content-length", "etag", "connection", "transfer-encoding", "date", "vary", "x-cache"]);

export function createPageCache({ events, isPersonal, maxEntries = 500, maxAgeMs = 5 * 60_000 }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const clear = () => entries.clear();
  for (const topic of ["settings", "catalog", "blog"] as const) events.subscribe(topic, clear);

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || (await isPersonal(req))) {
      defaultCacheControl(res, "private, no-cache");
      return next();
    }
    // The key is the URL alone, so the render must not depend on cookies: cookies that merely look like ours (a
    // forged session or flash) are not passed on, and the response is the one any visitor gets.
    delete req.headers.cookie;
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    // Pages revalidate on every visit (cheaply, by ETag); routes that know better set their own Cache-Control.
    defaultCacheControl(res, "no-cache");
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < maxAgeMs) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      return sendWithEtag(req, res, hit.body, hit.etag, res.end.bind(res));
    }
    if (hit) entries.delete(key);

    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (body?: Buffer) => Response;
    res.write = ((chunk: unknown, encoding?: unknown) => {
      chunks.push(toBuffer(chunk, encoding));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      if (chunk != null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
      const body = Buffer.concat(chunks);
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || !cacheableType.test(type)) return end(body);
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      if (!res.getHeader("set-cookie") && !notShared.test(String(res.getHeader("cache-control") ?? ""))) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !perResponseHeaders.has(name)) headers[name] = String(value);
        }
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { headers, body, etag, storedAt: Date.now() });
      }
      res.setHeader("X-Cache", "MISS");
      return sendWithEtag(req, res, body, etag, end);
    }) as typeof res.end;
    next();
  }

  return { middleware, clear, size: () => entries.size };
}

/**
 * Sets Cache-Control as the headers go out, unless the route set its own: a default set earlier would be sent
 * beside the route's (React Router's adapter appends headers).
 */
function defaultCacheControl(res: Response, value: string) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", value);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}

function sendWithEtag(req: Request, res: Response, body: Buffer, etag: string, end: (body?: Buffer) => Response) {
  res.setHeader("ETag", etag);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    return end();
  }
  res.setHeader("Content-Length", body.length);
  return end(body);
}
