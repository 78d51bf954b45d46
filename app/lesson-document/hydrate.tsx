import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LESSON_DOCUMENT_DATA_ID, LESSON_DOCUMENT_ROOT_ID, type LessonDocumentData } from "#app/lesson-document/data.ts";
import { LessonDocument } from "#app/lesson-document/lesson-document.tsx";

/**
 * The entry of a lesson page opened as a document (docs/decisions/020-lesson-document.md): hydrates the page and its
 * chrome without React Router, from the data the server wrote beside them. Started as React Router's entry is, after
 * the first contentful paint (common/deferred-hydration.ts).
 */
const root = document.getElementById(LESSON_DOCUMENT_ROOT_ID);
const json = document.getElementById(LESSON_DOCUMENT_DATA_ID)?.textContent;
if (root && json) {
  const data = JSON.parse(json) as LessonDocumentData;
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <LessonDocument data={data} />
      </StrictMode>,
    );
  });
}
