import type { LessonPageData } from "#app/components/lesson-page.tsx";
import type { SharedPageData } from "#app/lib/page-router.tsx";

/** What the lesson document's script needs beside its HTML: the data its page and chrome were rendered from. */
export interface LessonDocumentData {
  shared: SharedPageData;
  page: Extract<LessonPageData, { found: true }>;
}

/** The entry's file and every file it imports (vite.lesson-document.ts). */
export interface LessonDocumentAssets {
  entry: string;
  preloads: string[];
}

/** The element the document hydrates (the page, its chrome and the toaster). */
export const LESSON_DOCUMENT_ROOT_ID = "lesson-document";
/** The JSON script element with the LessonDocumentData. */
export const LESSON_DOCUMENT_DATA_ID = "lesson-document-data";
/** The route whose pages are lesson documents when opened as a document. */
export const LESSON_ROUTE_ID = "routes/public/lesson";
