/**
 * "Download for offline" (docs/decisions/014-offline.md): stores a lesson's page, its .data, its audio and the
 * scripts the page runs in the downloads cache, which the service worker answers from when the network fails. Loaded
 * on use (a click, the profile's list), never on a first visit. The index of what is downloaded lives beside it, in
 * Cache Storage too (one small JSON answer per lesson), so the lesson and level pages learn their state without it.
 *
 * Only what the server answered with a plain 200 is stored: a locked lesson answers the API with 403 and its page
 * with a redirect, so nothing of it is kept (common/offline.ts, isStorableResponse).
 */
import { loadAudioEngine } from "#app/lib/audio/audio-engine.ts";
import { lessonHref } from "#common/catalog.ts";
import { assetUrlsIn, dataUrlOf, DOWNLOADS_CACHE, isStorableResponse } from "#common/offline.ts";
import { DOWNLOAD_INDEX_CACHE, type DownloadRecord, type LessonRef } from "#app/lib/offline/download-index.ts";

export interface DownloadProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  /** Known once the lesson's audio sizes are (the API gives them); the page and scripts are counted as they come. */
  bytesTotal: number;
}

interface LessonAnswer {
  lesson: { title: string; translatedTitle: string };
  audioGroups: { audio: { url: string; byteSize: number | null } }[];
}

export class DownloadError extends Error {
  override name = "DownloadError";
}

/** A same-origin address of a file, or null when it lives elsewhere (the page's policy does not let us fetch it). */
function sameOriginPath(url: string): string | null {
  const parsed = new URL(url, location.origin);
  return parsed.origin === location.origin ? parsed.pathname + parsed.search : null;
}

async function fetchStorable(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: "same-origin", redirect: "manual" });
  if (!isStorableResponse(response)) throw new DownloadError(`${url} answered ${response.status || "a redirect"}`);
  return response;
}

/** The files of the page's own build it runs: from its HTML, and what this page has loaded (the audio engine too). */
async function scriptsOf(html: string): Promise<string[]> {
  await loadAudioEngine().catch(() => {});
  const loaded = performance
    .getEntriesByType("resource")
    .map((entry) => sameOriginPath(entry.name))
    .filter((path): path is string => path !== null && path.startsWith("/assets/"));
  return [...new Set([...assetUrlsIn(html), ...loaded])];
}

/**
 * Downloads one lesson (idempotent and resumable: files already stored are not fetched again), reporting progress,
 * and records it in the index last, so a lesson is listed only once everything it needs is stored.
 */
export async function downloadLesson(ref: LessonRef, onProgress: (progress: DownloadProgress) => void = () => {}): Promise<DownloadRecord> {
  const pagePath = lessonHref(ref.languageId, ref.levelId, ref.lessonId);
  // Best effort: asks the browser not to evict the site's storage under pressure.
  void navigator.storage?.persist?.().catch(() => false);
  const api = await fetchStorable(`/api/v1/languages/${ref.languageId}/levels/${ref.levelId}/lessons/${ref.lessonId}`);
  const answer = (await api.json()) as LessonAnswer;
  const audio = new Map<string, number>();
  for (const group of answer.audioGroups) {
    const path = sameOriginPath(group.audio.url);
    if (!path) throw new DownloadError(`The audio ${group.audio.url} is on another site`);
    audio.set(path, group.audio.byteSize ?? 0);
  }
  const page = await fetchStorable(pagePath);
  const html = await page.clone().text();
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.put(pagePath, page);
  const files = [pagePath, dataUrlOf(pagePath), ...(await scriptsOf(html)), ...audio.keys()];
  const progress: DownloadProgress = {
    filesDone: 1,
    filesTotal: files.length,
    bytesDone: html.length,
    bytesTotal: html.length + [...audio.values()].reduce((sum, size) => sum + size, 0),
  };
  onProgress({ ...progress });
  let bytes = html.length;
  for (const file of files.slice(1)) {
    const stored = await cache.match(file);
    const response = stored ?? (await fetchStorable(file));
    const size = Number(response.headers.get("content-length")) || (await response.clone().blob()).size;
    if (!stored) await cache.put(file, response);
    bytes += size;
    progress.filesDone += 1;
    progress.bytesDone += size;
    progress.bytesTotal = Math.max(progress.bytesTotal, progress.bytesDone);
    onProgress({ ...progress });
  }
  const record: DownloadRecord = { ...ref, path: pagePath, title: answer.lesson.translatedTitle, subtitle: answer.lesson.title, files, bytes, savedAt: Date.now() };
  await (await caches.open(DOWNLOAD_INDEX_CACHE)).put(pagePath, Response.json(record));
  return record;
}

/** Removes a download and every file no other download still needs (the scripts are shared). */
export async function removeDownload(pagePath: string): Promise<void> {
  const index = await caches.open(DOWNLOAD_INDEX_CACHE);
  const all = await listDownloadRecords();
  const removed = all.find((record) => record.path === pagePath);
  await index.delete(pagePath);
  if (!removed) return;
  const kept = new Set(all.filter((record) => record.path !== pagePath).flatMap((record) => record.files));
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(removed.files.filter((file) => !kept.has(file)).map((file) => cache.delete(file)));
}

export async function listDownloadRecords(): Promise<DownloadRecord[]> {
  const index = await caches.open(DOWNLOAD_INDEX_CACHE);
  const records = await Promise.all((await index.keys()).map(async (key) => (await index.match(key))?.json() as Promise<DownloadRecord>));
  return records.filter(Boolean).sort((a, b) => b.savedAt - a.savedAt);
}

/** The site's share of the device's storage, for "space used". */
export async function storageUsed(): Promise<number | null> {
  return (await navigator.storage?.estimate?.())?.usage ?? null;
}
