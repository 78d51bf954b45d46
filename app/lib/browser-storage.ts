/** Keys the site keeps in the browser (SPEC §3). */
export const COOKIE_CONSENT_KEY = "cookie_consent_level";
export const HIDE_DOWNLOAD_BAR_KEY = "hideDownloadBar";
/** The lesson page's "Show reading" choice ("true" or "false"), marked on <html> as data-show-reading. */
export const SHOW_READING_KEY = "showReading";
export type ConsentLevel = "all" | "essential";

/**
 * Runs inline in <head> before first paint: marks <html> so CSS hides the promo strip and the cookie banner the
 * visitor has already dismissed, and shows the readings a learner asked for, with no flash on load. Storage can throw (privacy modes), hence the try.
 */
export const preferencesScript = `try{var d=document.documentElement;if(sessionStorage.getItem(${JSON.stringify(
  HIDE_DOWNLOAD_BAR_KEY,
)})==="true")d.setAttribute("data-hide-download-bar","");var c=localStorage.getItem(${JSON.stringify(
  COOKIE_CONSENT_KEY,
)});if(c==="all"||c==="essential")d.setAttribute("data-cookie-consent",c);if(localStorage.getItem(${JSON.stringify(
  SHOW_READING_KEY,
)})==="true")d.setAttribute("data-show-reading","")}catch(e){}`;

export function readStorage(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: "local" | "session", key: string, value: string) {
  try {
    (storage === "local" ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quotas); the choice then lasts for this page only.
  }
}

export function removeStorage(storage: "local" | "session", key: string) {
  try {
    (storage === "local" ? window.localStorage : window.sessionStorage).removeItem(key);
  } catch {
    // As above: nothing was stored then.
  }
}

/** This browser's device id for the sync push (app/lib/outbox/outbox-store.ts): the server tells the learner's other devices, not this one. */
export const DEVICE_ID_KEY = "phrasewise.deviceId";
/** The address last reloaded as a document because its data found no connection (app/lib/keep-shown-data.ts). */
export const RELOADED_FOR_KEY = "phrasewise.reloadedFor";
