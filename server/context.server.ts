import { createContext, type RouterContextProvider } from "react-router";
import type { Runtime } from "#server/runtime.server.ts";

/** The runtime travels to loaders and actions through the router context, never through module globals. */
export const runtimeContext = createContext<Runtime>();

export function getRuntime(context: Readonly<RouterContextProvider>): Runtime {
  return context.get(runtimeContext);
}
