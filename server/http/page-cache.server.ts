import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { EventBus } from "#server/events/event-bus.server.ts";

/**
 * A micro-cache of public responses (pages and their .data payloads) for visitors without a session. It is emptied
 * by any content event, so several servers stay consistent, and bounded in size and age. Public responses are
 * buffered (no page streams deferred data) so each gets an ETag and a Content-Length, and a repeat visit
 * revalidates with a 304. Mounted after compression, so it stores and hashes the uncompressed body.
 */

interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
}

export interface PageCacheOptions {
  events: EventBus;
  /** Requests carrying a session must not be served from, or stored in, the shared cache. */
  isPersonal: (req: Request) => boolean;
  maxEntries?: number;
  maxAgeMs?: number;
}

const cacheableType = /^(text\/html|text\/x-script|application\/json|application\/xml|text\/plain)/;
/** Headers that belong to one response on one connection, or that the cache sets itself. */
const perResponseHeaders = new Set(["set-cookie", "content-length", "etag", "connection", "transfer-encoding", "date", "vary"]);

export function createPageCache({ events, isPersonal, maxEntries = 500, maxAgeMs = 5 * 60_000 }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const clear = () => entries.clear();
  for (const topic of ["settings", "catalog", "blog"] as const) events.subscribe(topic, clear);

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || isPersonal(req)) {
      res.setHeader("Cache-Control", "private, no-cache");
      return next();
    }
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < maxAgeMs) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      return sendWithEtag(req, res, hit.body, hit.etag, res.end.bind(res));
    }
    // Pages revalidate on every visit (cheaply, by ETag); routes that know better set their own Cache-Control.
    res.setHeader("Cache-Control", "no-cache");
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
      if (!res.getHeader("set-cookie")) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !perResponseHeaders.has(name)) headers[name] = String(value);
        }
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { headers, body, etag, storedAt: Date.now() });
      }
      return sendWithEtag(req, res, body, etag, end);
    }) as typeof res.end;
    next();
  }

  return { middleware, clear, size: () => entries.size };
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
