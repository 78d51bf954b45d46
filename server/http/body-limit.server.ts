import type { NextFunction, Request, Response } from "express";
import { CATALOG_IMPORT_PATH, catalogArchiveText } from "#common/catalog-archive.ts";
import { PHRASE_IMPORT_MAX_BYTES, PHRASE_IMPORT_PATH } from "#common/phrase-import.ts";
import { uploadKinds } from "#common/upload-rules.ts";

/**
 * A cap on every request body, enforced before anything buffers it (an action's `request.formData()`, the auth
 * library's JSON parser, anything added later).
 *
 * - A declared `Content-Length` over the cap is answered 413 at once, before a byte of the body is read. Under the
 *   cap the body streams on untouched: Node's parser never delivers more than the declared length.
 * - A chunked body (no length) is read here, up to the cap, and handed on as `req.body` (text for JSON, form and text
 *   types, as the auth library expects; bytes otherwise). One byte over the cap and it is answered 413 instead.
 *
 * A 413 says `Connection: close`: the rest of the body is never buffered, and the connection ends once the answer
 * is out.
 *
 * Mounted after the Origin check and the admin gate (admin-submissions.server.ts): a stranger's body to the admin area
 * is never read, and what anyone else may make the server hold is the public cap, for at most the body deadline
 * (bodyDeadline below), per connection.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** Every admin form and JSON body fits with a wide margin (the largest, a blog post, is text). */
export const DEFAULT_BODY_LIMIT = 1 * MiB;
/**
 * Everywhere outside the admin area (sign-in, registration, the support form, the auth library's JSON): the largest
 * valid body is the support form's, about 5.4 kB.
 */
export const PUBLIC_BODY_LIMIT = 64 * KiB;
/**
 * How long a body may go without a byte arriving before the connection is closed (a stalled upload held its
 * connection and buffers for 306 s, Node's default request timeout). Generous for any working connection.
 */
export const BODY_IDLE_MS = 10_000;

export interface BodyLimitRule {
  /** A route's exact pathname; its `.data` twin (a form submitted by the client-side router) shares the rule. */
  path: string;
  maxBytes: number;
  /** Answer a 413 as JSON `{ error }` with this text (the upload route's callers read it), instead of plain text. */
  message?: string;
  /**
   * The route reads a chunked body as a stream and enforces the cap itself as it goes (the upload route writes the
   * file to disk): it is not buffered here.
   */
  streamed?: boolean;
  /** Answer a 413 as an RFC 9457 problem document (the app API's refusals). */
  problem?: boolean;
}

/**
 * Routes whose stated cap differs from the default, smaller or larger. An upload route adds its row here, e.g.
 * `{ path: "/admin/uploads/image", maxBytes: 2 * MiB }` (SPEC: images under 2 MB) or an audio upload's few MB.
 */
export const bodyLimitRules: BodyLimitRule[] = [
  // The support form's largest valid submission is about 5.4 kB.
  { path: "/support", maxBytes: 64 * KiB },
  // A review rating is under 300 bytes (two ids, a rating, a duration, a time zone name of at most 64 characters).
  { path: "/review", maxBytes: 4 * KiB },
  // The audio backfill's largest valid request (a skip list of 100 groups with 200-character ids) is about 65 kB.
  { path: "/admin/audio-backfill", maxBytes: 128 * KiB },
  // Import phrases: 2 MB of rows (PHRASE_IMPORT_MAX_BYTES), sent as multipart so no character is escaped, and the envelope.
  { path: PHRASE_IMPORT_PATH, maxBytes: PHRASE_IMPORT_MAX_BYTES + 64 * KiB },
  // The browser's time zone (app/routes/api/time-zone.ts): one name of at most 64 characters.
  { path: "/api/time-zone", maxBytes: 1 * KiB },
  // A dialog's discard list: 20 addresses of at most 2,048 characters, about 41 kB.
  { path: "/admin/uploads/discard", maxBytes: 64 * KiB },
  // Each upload kind's largest file, plus room for the multipart envelope.
  ...Object.entries(uploadKinds).map(([kind, rule]) => ({
    path: `/admin/uploads/${kind}`,
    maxBytes: rule.maxBytes + 64 * KiB,
    message: rule.sizeMessage,
    streamed: true,
  })),
];

/** The admin's Import catalog upload (CATALOG_UPLOAD_MAX_BYTES), streamed to disk by its route as an upload is. */
export function catalogImportBodyLimit(maxBytes: number): BodyLimitRule {
  return { path: CATALOG_IMPORT_PATH, maxBytes: maxBytes + 64 * KiB, message: catalogArchiveText.tooLarge(maxBytes), streamed: true };
}

const adminPath = /^\/admin(?:\/|$)/;
const apiPath = /^\/api\/v1(?:\/|$)/i;
/** An app API operation without a rule of its own (server/api/api-router.server.ts lists theirs). */
export const API_BODY_LIMIT = 16 * KiB;

export function bodyLimitFor(pathname: string, rules: readonly BodyLimitRule[], defaultMaxBytes: number, publicMaxBytes = defaultMaxBytes): BodyLimitRule {
  const path = pathname.replace(/\.data$/, "").replace(/(?<=.)\/+$/, "");
  const rule = rules.find((rule) => rule.path === path);
  if (rule) return rule;
  if (apiPath.test(path)) return { path, maxBytes: API_BODY_LIMIT, problem: true };
  return { path, maxBytes: adminPath.test(path) ? defaultMaxBytes : publicMaxBytes };
}

/** Whether the request says a body follows (chunked, or a length over zero). */
export function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

const textBody = /^(?:application\/(?:json|x-www-form-urlencoded)|text\/)/i;

export function bodyLimit({ defaultMaxBytes = DEFAULT_BODY_LIMIT, publicMaxBytes = PUBLIC_BODY_LIMIT, rules = bodyLimitRules } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!chunked && !(declared > 0)) return next();
    const rule = bodyLimitFor(req.path, rules, defaultMaxBytes, publicMaxBytes);
    const { maxBytes } = rule;
    if (!chunked) return declared > maxBytes ? refuse(res, rule) : next();
    if (rule.streamed) return next();

    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return void chunks.push(chunk);
      req.off("data", onData).off("end", onEnd);
      chunks.length = 0;
      refuse(res, rule);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks);
      req.body = textBody.test(req.headers["content-type"] ?? "") ? body.toString("utf8") : body;
      next();
    };
    req.on("data", onData).on("end", onEnd);
  };
}

/**
 * Closes the connection of a body that stops arriving for `idleMs` (the socket's idle timeout; Node destroys a socket
 * whose timeout nobody answers). Lifted once the body is complete, so a slow answer is not cut short; while the
 * answer is out the server's keep-alive handling owns the timeout again.
 */
export function bodyDeadline(idleMs = BODY_IDLE_MS) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const socket = req.socket;
    socket.setTimeout(idleMs);
    req.once("end", () => {
      if (!res.writableFinished && !socket.destroyed) socket.setTimeout(0);
    });
    next();
  };
}

function refuse(res: Response, { message, problem, maxBytes }: BodyLimitRule) {
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" });
  if (problem) {
    res.type("application/problem+json").send(
      JSON.stringify({ type: "about:blank", title: "Payload Too Large", status: 413, detail: `The body is larger than ${maxBytes} bytes.` }),
    );
  } else if (message) res.json({ error: message });
  else res.type("text/plain").send("Payload Too Large");
}
