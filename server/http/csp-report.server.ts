import express from "express";
import type { Logger } from "#server/logger.server.ts";

/**
 * Where browsers report Content-Security-Policy violations (see security-headers.server.ts): `report-uri` posts one
 * `{"csp-report": …}` (application/csp-report), the Reporting API (`report-to`) a batch
 * `[{type: "csp-violation", body: …}]` (application/reports+json). Each violation becomes one warning line in the
 * log. Anyone can post here, so the body is small and uncompressed, and the log takes at most LINES_PER_WINDOW
 * lines a minute per process; what is dropped is counted in one line when the next minute's first report arrives.
 */
export const CSP_REPORT_PATH = "/api/csp-report";
export const MAX_REPORT_BYTES = 16 * 1024;
export const LINES_PER_WINDOW = 20;
const WINDOW_MS = 60_000;
/** Each logged field is cut to this length, so a line stays a line. */
const FIELD_CHARS = 200;

interface Violation {
  directive: string;
  blocked: string;
  document: string;
  source: string;
  disposition: string;
}

export function cspReportRoute(logger: Logger, now: () => number = Date.now): express.Router {
  let windowStart = -Infinity;
  let logged = 0;
  let dropped = 0;
  const log = (violation: Violation) => {
    if (now() - windowStart >= WINDOW_MS) {
      if (dropped > 0) logger.warn(`CSP reports: ${dropped} more in the last minute were not logged`);
      windowStart = now();
      logged = 0;
      dropped = 0;
    }
    if (logged >= LINES_PER_WINDOW) {
      dropped++;
      return;
    }
    logged++;
    const { directive, blocked, document, source, disposition } = violation;
    logger.warn(`CSP violation (${disposition}): ${directive} blocked ${blocked} on ${document}${source ? ` at ${source}` : ""}`);
  };

  const router = express.Router();
  router.post(
    CSP_REPORT_PATH,
    express.text({ type: () => true, limit: MAX_REPORT_BYTES, inflate: false }),
    (req: express.Request, res: express.Response) => {
      const violations = parseReports(typeof req.body === "string" ? req.body : "");
      if (!violations) {
        res.status(400).end();
        return;
      }
      for (const violation of violations) log(violation);
      res.status(204).end();
    },
    (error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      // Too large (413), compressed (415) or cut off: refused without a log line.
      res.status(error.status && error.status >= 400 && error.status < 500 ? error.status : 400).end();
    },
  );
  return router;
}

/** The violations in a report body, or null when it is not a report. */
function parseReports(body: string): Violation[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) {
    return parsed
      .filter((report): report is { type: string; body: Record<string, unknown> } => isRecord(report) && report.type === "csp-violation" && isRecord(report.body))
      .map(({ body }) => ({
        directive: field(body.effectiveDirective),
        blocked: url(body.blockedURL),
        document: url(body.documentURL),
        source: source(body.sourceFile, body.lineNumber),
        disposition: field(body.disposition),
      }));
  }
  if (isRecord(parsed) && isRecord(parsed["csp-report"])) {
    const report = parsed["csp-report"];
    return [
      {
        directive: field(report["effective-directive"] ?? report["violated-directive"]),
        blocked: url(report["blocked-uri"]),
        document: url(report["document-uri"]),
        source: source(report["source-file"], report["line-number"]),
        disposition: field(report.disposition ?? "enforce"),
      },
    ];
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Printable, one line, bounded. */
function field(value: unknown): string {
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").slice(0, FIELD_CHARS) || "?";
}

/** Without its query and fragment: a page's address can carry a token (a password-reset link). */
function url(value: unknown): string {
  const text = field(value);
  return text.replace(/[?#].*$/, "");
}

function source(file: unknown, line: unknown): string {
  if (typeof file !== "string" || !file) return "";
  return `${url(file)}${typeof line === "number" ? `:${line}` : ""}`;
}
