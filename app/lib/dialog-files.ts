import { useCallback, useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";

/** Where a dialog sends the files it stored but did not keep. */
export const DISCARD_UPLOADS_PATH = "/admin/uploads/discard";
/** One dialog stores a handful of files at most; a longer list is refused. */
export const MAX_DISCARD_URLS = 20;
export const MAX_DISCARD_URL_LENGTH = 2048;

/**
 * Asks the server to delete files this page stored. The server keeps any that a row references (a saved form's), so
 * it is safe to send every file a dialog stored, saved or not. `keepalive` lets the request outlive a closing tab.
 */
export function discardStoredFiles(urls: string[]) {
  const list = [...new Set(urls)].filter((url) => url.length <= MAX_DISCARD_URL_LENGTH).slice(0, MAX_DISCARD_URLS);
  if (list.length === 0) return;
  void fetch(DISCARD_UPLOADS_PATH, {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ urls: list }),
  }).catch(() => {
    // Best effort: a file left behind is only unused storage.
  });
}

/**
 * The files a dialog's form stored (uploads, generated audio). When the form goes away (the dialog closes, saved or
 * cancelled, or the page is left or its tab closed), they are handed to discardStoredFiles, and the server deletes
 * those that no row uses. Call it in the component that lives exactly as long as the open dialog.
 */
export function useDialogFiles() {
  const stored = useRef(new Set<string>());
  // A form post still on its way (the dialog was closed while saving) may be about to reference these files: then
  // they are kept, an orphan at worst rather than a saved record pointing at a deleted file.
  const submitting = useRef(false);
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  useEffect(() => {
    submitting.current = busy;
  }, [busy]);
  const flush = useCallback(() => {
    const urls = [...stored.current];
    stored.current.clear();
    if (!submitting.current) discardStoredFiles(urls);
  }, []);
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);
  return useCallback((url: string) => void stored.current.add(url), []);
}
