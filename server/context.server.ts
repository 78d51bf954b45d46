import { createContext, type RouterContextProvider } from "react-router";
import type { SessionUser } from "#server/auth/session.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/** The runtime travels to loaders and actions through the router context, never through module globals. */
export const runtimeContext = createContext<Runtime>();

export interface RequestInfo {
  /** The client's address: the socket's peer, or X-Forwarded-For's client when TRUST_PROXY is set. */
  clientIp: string;
  /** The Content-Security-Policy nonce of this response (server/http/security-headers.server.ts). */
  cspNonce: string;
  /** The session lookup the page cache's check already started for this request, for getSessionUser to reuse. */
  sessionLookup?: Promise<SessionUser | null> | undefined;
}

export const requestInfoContext = createContext<RequestInfo>();

export function getRuntime(context: Readonly<RouterContextProvider>): Runtime {
  return context.get(runtimeContext);
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
