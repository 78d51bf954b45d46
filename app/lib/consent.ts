import type { ConsentLevel } from "#app/lib/browser-storage.ts";

type ConsentState = "granted" | "denied";
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Records the choice in the Consent Mode format analytics tags read, so any tag added later starts from the
 * visitor's answer. No third-party script is loaded by the site itself.
 */
export function applyConsent(level: ConsentLevel) {
  const state: ConsentState = level === "all" ? "granted" : "denied";
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(["consent", "update", { analytics_storage: state, ad_storage: state }]);
}
