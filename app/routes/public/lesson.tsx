import { announceLearnerChange } from "#server/learning/learner-changes.server.ts";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { LessonPage, type LessonPageData } from "#app/components/lesson-page.tsx";
import { lessonHref } from "#common/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { lessonText } from "#common/toast.ts";
import { isQueuedResult } from "#common/outbox.ts";
import { requireUser, toastHeaders } from "#server/auth/session.server.ts";
import { openLessonFor } from "#server/catalog/admin-preview.server.ts";
import { openLesson } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { addFavorite, removeFavoriteByPhrase, setLessonCompleted } from "#server/learning/learning.server.ts";
import { nextAfterLesson } from "#server/learning/lesson-flow.server.ts";
import type { Route } from "./+types/lesson";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

/**
 * The same page for everyone, so the page cache serves it to learners too: a learner's completion and favourites
 * come from /api/viewer (app/lib/viewer.ts, docs/decisions/008-shared-pages-private-viewer.md).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const catalog = await runtime.catalog();
  const access = await openLessonFor(request, context, catalog, params);
  // Locked content never reaches a learner's page: no phrases, no audio URLs, only the redirect, which takes the
  // place of the locked address in the history (SPEC §2 "replacing history"). An admin previews it (issue 27).
  if (access.kind === "locked") throw redirect(access.redirectTo);
  if (access.kind === "missing") return data({ found: false as const }, { status: 404 });
  const settings = await runtime.settings.get();
  return {
    found: true,
    siteName: runtime.env.SITE_NAME,
    language: access.language,
    level: access.level,
    lesson: access.lesson,
    groups: access.groups,
    lockedForLearners: access.lockedForLearners,
    next: nextAfterLesson(catalog, access.language.id, access.level.id, access.lesson.id),
    promo: { appStoreLink: settings.app_store_link, playStoreLink: settings.play_store_link },
  } satisfies LessonPageData;
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/lesson", args);

/** A learner marks the lesson complete (or takes it back) and saves or unsaves phrases, only for themselves. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const runtime = getRuntime(context);
  const access = openLesson(await runtime.catalog(), params.language, params.level, params.lesson);
  if (access.kind !== "open") throw data("This lesson is not available", { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const on = formData.get("value") === "true";
  const db = runtime.database.db;

  if (intent === "complete") {
    await setLessonCompleted(db, user.id, { languageId: params.language, levelId: params.level, lessonId: params.lesson }, on);
    await announceLearnerChange(runtime, user.id);
    return data(
      { ok: true },
      { headers: toastHeaders(context, on ? lessonText.completed : lessonText.notCompleted) },
    );
  }
  if (intent === "favorite") {
    const phraseId = String(formData.get("phraseId") ?? "");
    // Only a phrase of this (open) lesson.
    if (!access.groups.some((g) => g.phrases.some((p) => p.id === phraseId))) throw data("Unknown phrase", { status: 404 });
    if (on) {
      await addFavorite(db, user.id, phraseId);
      await announceLearnerChange(runtime, user.id);
      return data({ ok: true }, { headers: toastHeaders(context, lessonText.favoriteAdded) });
    }
    await removeFavoriteByPhrase(db, user.id, phraseId);
    await announceLearnerChange(runtime, user.id);
    return data({ ok: true }, { headers: toastHeaders(context, lessonText.favoriteRemoved) });
  }
  throw data("Unknown action", { status: 400 });
}

/**
 * Offline (the browser says so, or the request failed to leave), the write waits in the outbox and is sent through
 * the sync push when the connection returns (docs/decisions/015-website-outbox.md). Online, the server's action as
 * before. The outbox code is loaded only then.
 */
export async function clientAction({ serverAction, request, params }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  if (navigator.onLine) {
    try {
      return await serverAction();
    } catch (error) {
      // fetch's TypeError: no answer came (no connection). Anything else is the server's, as before.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  // Already loaded with the learner's controls (lesson-learner.tsx imports it): offline, a new chunk could not load.
  const { queueLessonWrite } = await import("#app/lib/outbox/outbox-store.ts");
  return queueLessonWrite(params, form);
}

/** A queued write changed nothing on the server, and offline a reload would fail: keep the page as it is. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isQueuedResult(actionResult) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const path = lessonHref(params.language, params.level, params.lesson);
  if (!loaderData?.found) return seo(matches, { title: "Lesson not found", description: "This lesson doesn't exist.", path, noindex: true });
  const { language, level, lesson, groups } = loaderData;
  const sample = groups[0]?.phrases.slice(0, 3).map((p) => p.originalText).join(" ") ?? "";
  return seo(matches, {
    title: `${lesson.title} (${lesson.translatedTitle}): ${language.name} ${level.cefrLabel}`,
    description: `Learn "${lesson.title}" in ${language.name} with native-speaker audio. ${sample}`.slice(0, 160),
    path,
  });
};

export default function Lesson({ loaderData }: Route.ComponentProps) {
  return <LessonPage data={loaderData} />;
}
