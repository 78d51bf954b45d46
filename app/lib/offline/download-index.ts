/**
 * The smallest part of the offline downloads, for the pages' first render after hydration: whether offline
 * downloads work here and whether a lesson is downloaded. The download code itself (downloads.ts) loads on use.
 */
import { lessonHref } from "#common/catalog.ts";

/** One small JSON answer per downloaded lesson, keyed by the lesson's address. */
export const DOWNLOAD_INDEX_CACHE = "phrasewise-download-index";

export interface LessonRef {
  languageId: string;
  levelId: string;
  lessonId: string;
}

export interface DownloadRecord extends LessonRef {
  path: string;
  title: string;
  subtitle: string;
  /** Every stored address, the page first: what removing it may delete. */
  files: string[];
  bytes: number;
  savedAt: number;
}

/** Offline downloads need a service worker to answer from them and Cache Storage to keep them (secure origins). */
export function offlineSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "caches" in window && window.isSecureContext;
}

export async function isDownloaded(ref: LessonRef): Promise<boolean> {
  if (!offlineSupported()) return false;
  const index = await caches.open(DOWNLOAD_INDEX_CACHE);
  return (await index.match(lessonHref(ref.languageId, ref.levelId, ref.lessonId))) !== undefined;
}

const megabytes = new Intl.NumberFormat("en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
const kilobytes = new Intl.NumberFormat("en-US", { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? megabytes.format(bytes / 1_000_000) : kilobytes.format(Math.max(1, Math.round(bytes / 1000)));
}
