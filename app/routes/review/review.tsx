import { announceLearnerChange } from "#server/learning/learner-changes.server.ts";
import { data } from "react-router";
import { ReviewSession } from "#app/components/review/review-session.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { seo } from "#app/lib/seo.ts";
import { ratingSchema, type ReviewRating } from "#common/review.ts";
import { browserTimeZoneSchema, reviewTexts, undoSchema, type ReviewActionData } from "#common/review-session.ts";
import { requireUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { rateFromPage, reviewPageData } from "#server/review/review-page.server.ts";
import { undoRating } from "#server/review/ratings.server.ts";
import type { Route } from "./+types/review";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

/**
 * /review (issue 24): the signed-in learner's review session, audio first. The loader answers the queue on the
 * learner's own day; the action rates a card (`rate`, adopting the browser's zone first while the learner has none)
 * or takes the last rating back (`undo`). A rating's id is the browser's, so a double click or a retry is a replay
 * applied once; without JavaScript the page carries an id the server made for the card it shows.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const runtime = getRuntime(context);
  const page = await reviewPageData(runtime.database, await runtime.catalog(), user.id);
  // For the plain form (no JavaScript): the card shown gets this id, so a resubmitted form is a replay.
  return { ...page, serverReviewId: crypto.randomUUID(), now: Date.now() };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/review/review", args);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const runtime = getRuntime(context);
  const db = runtime.database.db;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "rate") {
    const parsed = ratingSchema.safeParse({
      reviewId: formData.get("reviewId"),
      phraseId: formData.get("phraseId"),
      rating: formData.get("rating"),
      durationMs: formData.get("durationMs") || undefined,
    });
    const timeZone = browserTimeZoneSchema.safeParse(formData.get("timeZone") ?? undefined);
    const reviewId = String(formData.get("reviewId") ?? "").slice(0, 64);
    if (!parsed.success || !timeZone.success) {
      return data<ReviewActionData>({ intent: "rate", ok: false, reviewId, error: reviewTexts.invalid }, { status: 400 });
    }
    const result = await rateFromPage(db, await runtime.catalog(), user.id, parsed.data, timeZone.data);
    if (result.kind === "not-found") {
      return data<ReviewActionData>({ intent: "rate", ok: false, reviewId, error: reviewTexts.notInDeck }, { status: 404 });
    }
    if (!result.replayed) await announceLearnerChange(runtime, user.id);
    return data<ReviewActionData>({
      intent: "rate",
      ok: true,
      reviewId: parsed.data.reviewId,
      phraseId: parsed.data.phraseId,
      rating: parsed.data.rating as ReviewRating,
      due: result.card.due.toISOString(),
      replayed: result.replayed,
    });
  }

  if (intent === "undo") {
    const parsed = undoSchema.safeParse({ reviewId: formData.get("reviewId") });
    const reviewId = String(formData.get("reviewId") ?? "").slice(0, 64);
    if (!parsed.success) return data<ReviewActionData>({ intent: "undo", ok: false, reviewId, error: reviewTexts.undoNotFound }, { status: 400 });
    const result = await undoRating(db, user.id, parsed.data.reviewId);
    if (result.kind === "not-found") {
      return data<ReviewActionData>({ intent: "undo", ok: false, reviewId, error: reviewTexts.undoNotFound }, { status: 404 });
    }
    if (result.kind === "not-latest") {
      return data<ReviewActionData>({ intent: "undo", ok: false, reviewId, error: reviewTexts.notLatest }, { status: 409 });
    }
    await announceLearnerChange(runtime, user.id);
    return data<ReviewActionData>({ intent: "undo", ok: true, reviewId: parsed.data.reviewId, phraseId: result.phraseId });
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Review", description: "Review your saved phrases just before you would forget them.", path: "/review", noindex: true });

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Review" description="Listen, remember what it means, then check and rate how well you knew it." />
      <ReviewSession
        queue={loaderData.queue}
        goal={loaderData.goal}
        timeZoneKnown={loaderData.timeZoneKnown}
        serverReviewId={loaderData.serverReviewId}
        serverNow={loaderData.now}
        lastAnswer={actionData ?? null}
      />
    </>
  );
}
