import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { FLASH_COOKIE } from "#server/auth/flash.server.ts";
import { COMPRESS_THRESHOLD, compressBody, type Encoding, negotiateEncoding } from "#server/http/compress-body.server.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";

/**
 * A micro-cache of public responses (pages and their .data payloads), shared by visitors and signed-in learners
 * alike: a learner's own state comes from /api/viewer (docs/decisions/008-shared-pages-private-viewer.md). It is
 * emptied by any content event, so several servers stay consistent, and bounded in count, bytes and age. Public responses
 * are buffered (no page streams deferred data) so each gets an ETag and a Content-Length, and a repeat visit
 * revalidates with a 304.
 *
 * An entry keeps the compressed variants it has served (brotli and gzip, each made once, on first demand), so a hit
 * costs no compression: the variant goes out with its Content-Encoding, which the compression middleware mounted
 * in front leaves alone. Each variant has its own ETag (`"hash-br"`, `"hash-gz"`), as RFC 9110 asks of different
 * representations, and a 304 works for each.
 *
 * An entry is one render, headers and body together: a page's Content-Security-Policy nonce is in both, so a
 * cached page keeps the nonce of its render (see docs/decisions/006-content-security-policy.md). `X-Cache` says
 * whether a shared response came from the cache (HIT) or was rendered for it (MISS).
 */

interface Entry {
  /** 200, or 404 for the shared not-found render. */
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The identity body's hash; a variant's ETag adds its suffix. */
  hash: string;
  storedAt: number;
  variants: Partial<Record<Exclude<Encoding, "identity">, Promise<Buffer>>>;
  /** The bytes this entry holds, variants included (for the cache's byte bound). */
  bytes: number;
}

export interface PageCacheOptions {
  events: EventBus;
  /**
   * Whether a request is someone's before anything is rendered (a verified flash message): then it is neither served
   * from nor stored in the shared cache. Anything else may be answered from the cache: a session alone does not make
   * a request personal, since public pages do not depend on who asks.
   */
  isPersonal: (req: Request) => boolean | Promise<boolean>;
  /**
   * Whether the render turned out to depend on who asks (it read the session): then the answer is sent `private`
   * and not stored, whoever asked, so a page that shows anyone's own state can never be shared.
   */
  renderedPersonal?: (res: Response) => boolean;
  /**
   * A key shared by every path whose answer does not depend on the path: the catch-all 404 page. Asked only on a miss
   * for the URL's own key. Its answer is stored (with its 404) once, so strangers asking for made-up paths, each one
   * new, cost a lookup instead of a render (they held 140-200 renders a second and slowed cached pages to 1.1-1.6 s).
   */
  sharedKey?: (req: Request) => string | undefined;
  maxEntries?: number;
  /** The bodies' total size, compressed variants included. */
  maxBytes?: number;
  maxAgeMs?: number;
}

const etagSuffix: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

const cacheableType = /^(text\/html|text\/x-script|application\/json|application\/xml|text\/plain)/;
/** A route that says so keeps its response out of shared caches, ours included. */
const notShared = /\b(?:no-store|private)\b/i;
/** Headers that belong to one response on one connection, or that the cache sets itself. */
const perResponseHeaders = new Set(["set-cookie", "content-length", "etag", "connection", "transfer-encoding", "date", "vary", "x-cache"]);

export function createPageCache({
  events,
  isPersonal,
  renderedPersonal = () => false,
  sharedKey = () => undefined,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  maxAgeMs = 5 * 60_000,
}: PageCacheOptions) {
  // Insertion order is age order: the first entry is the oldest, evicted first.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  // Counts the clears: a render that started before one may have read the old content, so it is not stored.
  let generation = 0;
  const clear = () => {
    entries.clear();
    totalBytes = 0;
    generation++;
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };
  const grow = (key: string, entry: Entry, bytes: number) => {
    // The entry may have been cleared or replaced while its variant was made: then it no longer counts.
    if (entries.get(key) !== entry) return;
    entry.bytes += bytes;
    totalBytes += bytes;
    while (totalBytes > maxBytes && entries.size > 0) remove(entries.keys().next().value as string);
  };

  /** The entry's body in the request's encoding, made once per entry and encoding. */
  async function variant(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    if (encoding === "identity") return entry.body;
    let pending = entry.variants[encoding];
    if (!pending) {
      pending = compressBody(entry.body, encoding, { once: true });
      entry.variants[encoding] = pending;
      pending.then(
        (made) => grow(key, entry, made.length),
        () => delete entry.variants[encoding],
      );
    }
    return pending;
  }

  async function send(req: Request, res: Response, key: string, entry: Entry, end: (body?: Buffer) => Response) {
    const encoding = entry.body.length < COMPRESS_THRESHOLD ? "identity" : negotiateEncoding(req);
    const body = await variant(key, entry, encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    if (entry.status !== 200) {
      res.setHeader("Content-Length", body.length);
      return end(body);
    }
    return sendWithEtag(req, res, body, `"${entry.hash}${etagSuffix[encoding]}"`, end);
  }
  for (const topic of ["settings", "catalog", "blog"] as const) events.subscribe(topic, clear);

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || (await isPersonal(req))) {
      defaultCacheControl(res, "private, no-cache");
      return next();
    }
    // The key is the URL alone. A render that reads the session marks itself personal and is not stored; the one
    // other cookie a render reads is the flash message, which did not verify here, so it is not passed on.
    dropCookie(req, FLASH_COOKIE);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    // Pages revalidate on every visit (cheaply, by ETag); routes that know better set their own Cache-Control.
    defaultCacheControl(res, "no-cache");
    let key = req.originalUrl;
    let hit = entries.get(key);
    if (!hit) {
      const shared = sharedKey(req);
      if (shared !== undefined) hit = entries.get((key = shared));
    }
    if (hit && Date.now() - hit.storedAt < maxAgeMs) {
      res.statusCode = hit.status;
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      return send(req, res, key, hit, res.end.bind(res)).catch(next);
    }
    if (hit) remove(key);

    const renderedFrom = generation;
    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (body?: Buffer) => Response;
    res.write = ((chunk: unknown, encoding?: unknown) => {
      chunks.push(toBuffer(chunk, encoding));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      if (chunk != null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
      const body = Buffer.concat(chunks);
      if (renderedPersonal(res)) {
        if (!notShared.test(String(res.getHeader("cache-control") ?? ""))) res.setHeader("Cache-Control", "private, no-cache");
        return end(body);
      }
      const type = String(res.getHeader("content-type") ?? "");
      const storable = res.statusCode === (key === req.originalUrl ? 200 : 404);
      if (!storable || !cacheableType.test(type)) return end(body);
      const hash = createHash("sha1").update(body).digest("base64url");
      res.setHeader("X-Cache", "MISS");
      const staleAlready = generation !== renderedFrom;
      if (staleAlready || res.getHeader("set-cookie") || notShared.test(String(res.getHeader("cache-control") ?? ""))) {
        // Not stored: the compression middleware in front encodes it as any other answer.
        return sendWithEtag(req, res, body, `"${hash}"`, end);
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !perResponseHeaders.has(name)) headers[name] = String(value);
      }
      remove(key);
      while (entries.size >= maxEntries || (entries.size > 0 && totalBytes + body.length > maxBytes)) {
        remove(entries.keys().next().value as string);
      }
      const entry: Entry = { status: res.statusCode, headers, body, hash, storedAt: Date.now(), variants: {}, bytes: body.length };
      if (body.length <= maxBytes) {
        entries.set(key, entry);
        totalBytes += body.length;
      }
      void send(req, res, key, entry, end).catch((error: unknown) => {
        remove(key);
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return res;
    }) as typeof res.end;
    next();
  }

  return { middleware, clear, size: () => entries.size, bytes: () => totalBytes };
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

function dropCookie(req: Request, name: string) {
  const cookies = req.headers.cookie;
  if (!cookies) return;
  const kept = cookies
    .split(";")
    .filter((part) => part.slice(0, part.indexOf("=")).trim() !== name)
    .join(";")
    .trim();
  if (kept) req.headers.cookie = kept;
  else delete req.headers.cookie;
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
