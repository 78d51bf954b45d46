import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered, provided by app/entry.server.tsx. Our own inline
 * scripts carry it; in the browser it is undefined (the browser hides nonces from the page; none is needed after
 * hydration).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
