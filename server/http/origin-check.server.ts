import type { NextFunction, Request, Response } from "express";

/**
 * Cross-site request forgery defence for every state-changing request, our actions and the auth library's endpoints
 * alike: a POST, PUT, PATCH or DELETE must come from this site.
 *
 * - With an Origin header (every current browser sends one on such requests): it must be PUBLIC_URL's origin, or one
 *   of APP_ORIGINS (the companion app's web views), else 403. "null" (sandboxed frames, privacy redirects) is refused too. PUBLIC_URL, not the scheme and Host this
 *   server saw, is the address browsers use: a reverse proxy may terminate TLS or rewrite Host on the way in.
 * - Without one: allowed only when Sec-Fetch-Site is absent (a non-browser client such as the CLI, curl or the
 *   mobile app, which carries no ambient cookies to abuse) or "same-origin". A browser that says cross-site or
 *   same-site but hides the origin is refused.
 */
export interface OriginCheckInput {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An origin as compared: lower case, without a slash after its host (`phrasewise://` keeps its own two). */
export function normalizeOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/(?<=:\/\/[^/]+)\/+$/, "");
}

export function isAllowedRequest({ method, origin, secFetchSite }: OriginCheckInput, publicOrigin: string, appOrigins: readonly string[] = []): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin !== undefined) {
    const normalized = normalizeOrigin(origin);
    return normalized === publicOrigin.toLowerCase() || appOrigins.includes(normalized);
  }
  return secFetchSite === undefined || secFetchSite === "same-origin";
}

/** `appOrigins`: APP_ORIGINS, the companion app's web view origins (already lower-case, no trailing slash). */
export function originCheck(publicUrl: string, appOrigins: readonly string[] = []) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const allowed = isAllowedRequest(
      { method: req.method, origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
      publicOrigin,
      appOrigins,
    );
    if (allowed) return next();
    res.status(403).setHeader("Cache-Control", "no-store").type("text/plain").send("Forbidden: cross-origin request refused");
  };
}
