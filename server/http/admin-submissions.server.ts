import type { NextFunction, Request, Response } from "express";
import { findSignedIn } from "#server/auth/session.server.ts";
import { hasBody } from "#server/http/body-limit.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * Who may send a body to the admin area is known from the headers: a session cookie of an administrator. Anyone
 * else's submission to /admin/… goes on with an empty body and `Connection: close`, so the route gives its usual
 * answer (the upload route's 401 or 403, the other actions' redirect to sign in) without a byte of what was sent
 * being read or held. Before this, a stranger's chunked body was buffered up to the route's cap (20 MB for audio)
 * before any action could check who was asking.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const adminPath = /^\/admin(?:[/.]|$)/;

export function adminSubmissionGate(runtime: Runtime) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || !adminPath.test(req.path) || !hasBody(req)) return next();
    try {
      if ((await findSignedIn(runtime, headersOf(req)))?.isAdmin) return next();
    } catch (error) {
      return next(error);
    }
    // What follows sees no body at all (body-limit.server.ts buffers nothing, React Router reads nothing); the rest
    // of it stays unread in the socket, which closes once the answer is out.
    req.body = "";
    delete req.headers["transfer-encoding"];
    delete req.headers["content-length"];
    res.setHeader("Connection", "close");
    next();
  };
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return headers;
}
