import { useMemo } from "react";
import { LessonPage } from "#app/components/lesson-page.tsx";
import { FirstPageToasts, usePageStart } from "#app/components/page-start.tsx";
import { PublicChrome } from "#app/components/public-chrome.tsx";
import { LazyToaster } from "#app/components/toaster.tsx";
import { PageRouterProvider } from "#app/lib/page-router.tsx";
import { useFirstViewer } from "#app/lib/viewer.ts";
import { documentRouter } from "#app/lesson-document/document-router.tsx";
import type { LessonDocumentData } from "#app/lesson-document/data.ts";

/**
 * What a lesson document hydrates: the same components, in the same places, as React Router renders for the lesson
 * route on the server (the root's App and Layout, the public layout, the lesson route), with the document's router.
 */
export function LessonDocument({ data }: { data: LessonDocumentData }) {
  const router = useMemo(() => documentRouter(data), [data]);
  usePageStart();
  useFirstViewer();
  return (
    <>
      <PageRouterProvider value={router}>
        <PublicChrome>
          <LessonPage data={data.page} />
        </PublicChrome>
        <FirstPageToasts messages={data.shared.toasts} />
      </PageRouterProvider>
      <LazyToaster />
    </>
  );
}
