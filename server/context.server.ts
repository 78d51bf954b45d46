import { createContext, type RouterContextProvider } from "react-router";
import type { Runtime } from "#server/runtime.server.ts";

/** The runtime travels to loaders and actions through the router context, never through module globals. */
export const runtimeContext = createContext<Runtime>();

export interface RequestInfo {
  /** The client's address: the socket's peer, or X-Forwarded-For's client when TRUST_PROXY is set. */
  clientIp: string;
  /** The Content-Security-Policy nonce of this response (server/http/security-headers.server.ts). */
  cspNonce: string;
  /**
   * Called when the render reads who is signed in (getSessionUser): the answer is then this person's, sent
   * `private` and never stored by the shared page cache, whichever route asked.
   */
  markPersonal?: () => void;
}

export const requestInfoContext = createContext<RequestInfo>();

export function getRuntime(context: Readonly<RouterContextProvider>): Runtime {
  return context.get(runtimeContext);
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
