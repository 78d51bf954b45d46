import { useMemo, useState, type SubmitEvent } from "react";
import { notify } from "#app/components/toaster.tsx";
import type { FormProps, LinkProps, PageFetcher, PageRouter } from "#app/lib/page-router.tsx";
import { isExternalUrl } from "#app/lib/site-links.ts";
import { loadViewer } from "#app/lib/viewer.ts";
import { LESSON_ROUTE_ID, type LessonDocumentData } from "#app/lesson-document/data.ts";
import { lessonText } from "#common/toast.ts";

/**
 * The page router of a lesson document (docs/decisions/020-lesson-document.md): links and forms are the browser's own,
 * so following a link loads the next page as a document (which hydrates with React Router); the lesson's own writes
 * go to the sync push, or wait in the outbox, as the lesson route's clientAction sends them elsewhere.
 */
export function documentRouter(data: LessonDocumentData): PageRouter {
  const params = { language: data.page.language.id, level: data.page.level.id, lesson: data.page.lesson.id };
  return {
    Link: DocumentLink,
    Form: DocumentForm,
    usePathname: () => window.location.pathname,
    useLeafRouteId: () => LESSON_ROUTE_ID,
    useParams: () => params,
    useFetcher: () => useLessonWrite(params),
    useRefresh: () => refreshViewer,
    useSharedData: () => data.shared,
  };
}

const refreshViewer = () => void loadViewer(window.location.pathname);

// The attributes React Router's <Link> renders (data-discover on its own paths), so the server's HTML hydrates as is.
function DocumentLink({ to, preventScrollReset: _preventScrollReset, replace: _replace, ...props }: LinkProps) {
  return <a href={to} data-discover={isExternalUrl(to) ? undefined : "true"} {...props} />;
}

function DocumentForm({ preventScrollReset: _preventScrollReset, ...props }: FormProps) {
  return <form {...props} />;
}

type LessonParams = { language: string; level: string; lesson: string };

/**
 * A form that marks the lesson complete or saves a favourite (lesson-learner.tsx) without leaving the page. Its
 * Form is made once per fetcher, so it keeps its identity (and focus) from one render to the next.
 */
function useLessonWrite(params: LessonParams): PageFetcher {
  const [formData, setFormData] = useState<FormData>();
  const Form = useMemo(() => {
    const send = (form: FormData) => {
      setFormData(form);
      void sendLessonWrite(params, form).finally(() => setFormData(undefined));
    };
    return function LessonWriteForm({ preventScrollReset: _preventScrollReset, onSubmit, ...props }: FormProps) {
      const submit = (event: SubmitEvent<HTMLFormElement>) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        send(new FormData(event.currentTarget, event.submitter));
      };
      return <form action={window.location.pathname} {...props} onSubmit={submit} />;
    };
  }, [params]);
  return { Form, formData };
}

async function sendLessonWrite(params: LessonParams, form: FormData) {
  // Loaded with the learner's controls already (they show what waits in the outbox).
  const { writeLessonNow } = await import("#app/lib/outbox/outbox-store.ts");
  const outcome = await writeLessonNow(params, form);
  if (outcome.kind === "signed-out") {
    window.location.assign(`/auth?redirectTo=${encodeURIComponent(window.location.pathname)}`);
  } else if (outcome.kind === "refused") {
    notify(lessonText.refused);
  } else if (outcome.kind === "applied") {
    // The server's state after the write (the header's count of reviews due may have changed with it).
    refreshViewer();
    const { change } = outcome;
    if (change.type === "progress.set") notify(change.completed ? lessonText.completed : lessonText.notCompleted);
    else notify(change.type === "favorite.add" ? lessonText.favoriteAdded : lessonText.favoriteRemoved);
  }
}
