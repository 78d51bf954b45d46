import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Env } from "#server/env.server.ts";
import { CSP_REPORT_PATH } from "#server/http/csp-report.server.ts";

/**
 * The security headers of every response: pages, their .data requests and the API (`pages`), and files served as
 * they are (`files`: the build's assets, public/ and /storage). See docs/decisions/006-content-security-policy.md.
 *
 * Pages get a Content-Security-Policy with a fresh nonce per response (left in `res.locals.cspNonce` for the render):
 * only scripts carrying it run, and, through 'strict-dynamic', the scripts they load ('self' is only a fallback for
 * browsers without 'strict-dynamic'; newer ones ignore it). Styles allow 'unsafe-inline': the server renders style
 * attributes (progress bars, the toaster's colours), sonner and Radix set styles at run time, and CSS cannot run
 * script. In development (`npm run dev`) the page policy is sent report-only: Vite injects scripts of its own.
 */

export interface SecurityHeaders {
  /** Middleware for everything the site handler answers. */
  pages(req: Request, res: Response, next: NextFunction): void;
  /** For express.static's `setHeaders`. */
  files(res: ServerResponse): void;
  /**
   * For the service worker's script (/sw.js): its policy governs what the worker itself fetches (the site's pages,
   * files and audio), so it is the site's origin and the storage's, not the files' `default-src 'none'`.
   */
  worker(res: ServerResponse): void;
}

type SecurityEnv = Pick<Env, "NODE_ENV" | "PUBLIC_URL">;

const NONCE_MARKER = "\u0000nonce\u0000";
const NONCE_BYTES = 16;
/**
 * Random bytes drawn a block at a time, each nonce a slice never handed out twice (Node's randomUUID keeps such a
 * cache too). Every answer of the site gets a nonce, cached pages and /api/viewer included, and one `randomBytes(16)`
 * each, a call into the system's generator, was 5% of the server's CPU under /api/viewer's load (issue 28).
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

function freshNonce() {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64url", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** The reporting endpoint's name in Reporting-Endpoints and report-to. */
const REPORT_GROUP = "csp";

export function createSecurityHeaders(env: SecurityEnv, options: { storageUrl?: string | undefined } = {}): SecurityHeaders {
  const common: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
  ];
  if (env.PUBLIC_URL.startsWith("https://")) common.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  // Uploads and generated audio may live on an S3 bucket or a CDN (S3_PUBLIC_URL).
  const storage = options.storageUrl ? ` ${new URL(options.storageUrl).origin}` : "";
  const pageHeader = env.NODE_ENV === "development" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  // Built once around a marker: each answer only puts its nonce in.
  const [policyBefore, policyAfter] = [
    "default-src 'self'",
    `script-src 'nonce-${NONCE_MARKER}' 'strict-dynamic' 'self'`,
    // The service worker (/sw.js): without its own directive, workers fall back to script-src, whose
    // 'strict-dynamic' ignores 'self'.
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${storage}`,
    `media-src 'self' blob:${storage}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${REPORT_GROUP}`,
  ].join("; ").split(NONCE_MARKER) as [string, string];
  // A file opened on its own (an uploaded SVG, say) runs no script and stays in an opaque origin.
  const filePolicy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' data:${storage}`,
    "media-src 'self'",
    "font-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "sandbox",
  ].join("; ");

  const workerPolicy = [`default-src 'self'${storage}`, "object-src 'none'", "base-uri 'none'"].join("; ");

  const setCommon = (res: ServerResponse) => {
    for (const [name, value] of common) res.setHeader(name, value);
  };
  return {
    pages(_req, res, next) {
      setCommon(res);
      const nonce = freshNonce();
      res.locals.cspNonce = nonce;
      res.setHeader(pageHeader, policyBefore + nonce + policyAfter);
      res.setHeader("Reporting-Endpoints", `${REPORT_GROUP}="${CSP_REPORT_PATH}"`);
      next();
    },
    files(res) {
      setCommon(res);
      res.setHeader("Content-Security-Policy", filePolicy);
    },
    worker(res) {
      setCommon(res);
      res.setHeader("Content-Security-Policy", workerPolicy);
    },
  };
}
