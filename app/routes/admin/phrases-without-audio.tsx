import { ArrowLeft, RotateCcw, Sparkles, Square } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { askNext, BatchProgress, postJson, useBatchRun } from "#app/components/admin/batch-run.tsx";
import { cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { Pager } from "#app/components/ui/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  AUDIO_BACKFILL_API,
  AUDIO_BACKFILL_PAGE,
  backfillKey,
  backfillKeyString,
  backfillProgressText,
  backfillText,
  groupLabel,
  MAX_SKIPPED,
  type BackfillAnswer,
  type BackfillGroup,
} from "#common/audio-backfill.ts";
import { seo } from "#app/lib/seo.ts";
import { listAudiolessGroups } from "#server/admin/audio-backfill.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/phrases-without-audio";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listAudiolessGroups(getRuntime(context).database.db, { page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 1_000_000) : 1 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: backfillText.title, description: backfillText.description, path: AUDIO_BACKFILL_PAGE, noindex: true });

/**
 * The generate loop lives in the page, one group per request, so it needs no job on the server: leaving the page
 * aborts it, and coming back shows what is still without audio. Each success revalidates the list.
 */
function useGenerateAll() {
  const revalidator = useRevalidator();
  return useBatchRun<BackfillGroup>({
    maxSkipped: MAX_SKIPPED,
    next: (skip, signal) => askNext(AUDIO_BACKFILL_API, { intent: "next", skip: skip.map(backfillKey) }, signal),
    process: async (group, signal) => {
      const result = await postJson<BackfillAnswer>(AUDIO_BACKFILL_API, { intent: "generate", group: backfillKey(group) }, signal);
      if ("error" in result) return result.error;
      if (result.intent === "generate" && result.status === "failed") return result.message;
      void revalidator.revalidate();
      return null;
    },
    onEnd: () => void revalidator.revalidate(),
  });
}

export default function PhrasesWithoutAudio({ loaderData }: Route.ComponentProps) {
  const { groups, totalGroups, totalPhrases, page, pageCount } = loaderData;
  const { state, failures, run, requestStop } = useGenerateAll();
  const running = state.phase === "running";

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/phrases" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          Manage Phrases
        </Link>
        <h1 className="text-3xl font-extrabold text-ink">{backfillText.title}</h1>
        <p className="mt-1 text-muted">{backfillText.description}</p>
      </div>

      <section aria-labelledby="backfill-run" className={`${cardClasses} space-y-4 p-4 sm:p-6`}>
        <h2 id="backfill-run" className="text-lg font-bold text-ink" data-testid="backfill-count">
          {totalGroups === 0 ? backfillText.empty : backfillText.counts(totalGroups, totalPhrases)}
        </h2>
        <div className="flex flex-wrap gap-3">
          {running ? (
            <Button type="button" variant="outline" onClick={requestStop} disabled={state.stopping}>
              <Square aria-hidden />
              {backfillText.stop}
            </Button>
          ) : (
            <Button type="button" onClick={() => void run()} disabled={totalGroups === 0}>
              <Sparkles aria-hidden />
              {state.phase === "stopped" ? backfillText.resume : backfillText.generateAll}
            </Button>
          )}
        </div>
        {state.phase !== "idle" ? (
          <BatchProgress state={state} failed={failures.length} text={backfillProgressText} groupLabel={groupLabel} testId="backfill-progress" currentTestId="backfill-current" />
        ) : null}
        {failures.length > 0 ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-3 sm:p-4">
            <h3 className="font-semibold text-red-900">{backfillText.failuresTitle}</h3>
            <ul className="mt-2 space-y-1 text-sm text-red-900" aria-label={backfillText.failuresTitle}>
              {failures.map((f) => (
                <li key={backfillKeyString(f.group)} className="break-words">
                  <span className="font-medium">{groupLabel(f.group)}</span>: {f.message}
                </li>
              ))}
            </ul>
            {!running ? (
              <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void run()}>
                <RotateCcw aria-hidden />
                {backfillText.retry}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      {groups.length > 0 ? <GroupList groups={groups} /> : null}
      <Pager label="Pages" page={page} pages={pageCount} />
    </div>
  );
}

function GroupList({ groups }: { groups: BackfillGroup[] }) {
  return (
    <ul className="space-y-3" aria-label="Audio groups without audio">
      {groups.map((group) => (
        <li key={backfillKeyString(group)} className={`${cardClasses} p-4`} data-backfill-group>
          <p className="text-sm font-medium break-words text-muted">
            {group.languageName} › {group.levelTitle} <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800">{group.cefrLabel}</span>
          </p>
          <h3 className="mt-1 font-semibold break-words text-ink">
            {group.lessonTitle} <span className="text-sm font-medium text-muted">({group.phraseCount} {group.phraseCount === 1 ? "phrase" : "phrases"})</span>
          </h3>
          {group.firstText ? <p className="mt-1 text-sm break-words text-muted">“{group.firstText}”</p> : null}
        </li>
      ))}
    </ul>
  );
}
