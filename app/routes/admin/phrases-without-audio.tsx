import { ArrowLeft, LoaderCircle, RotateCcw, Sparkles, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  AUDIO_BACKFILL_API,
  AUDIO_BACKFILL_PAGE,
  backfillText,
  groupLabel,
  MAX_SKIPPED,
  type BackfillAnswer,
  type BackfillGroup,
  type BackfillGroupKey,
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

interface Failure {
  group: BackfillGroup;
  message: string;
}

type RunState =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number; current: BackfillGroup | null; stopping: boolean }
  | { phase: "finished" | "stopped"; done: number; total: number; error?: string };

async function ask(body: unknown, signal: AbortSignal): Promise<BackfillAnswer> {
  const response = await fetch(AUDIO_BACKFILL_API, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await response.json().catch(() => null)) as BackfillAnswer | null;
  return answer ?? { error: `The server answered ${response.status}.` };
}

const keyOf = ({ languageId, levelId, lessonId }: BackfillGroupKey): BackfillGroupKey => ({ languageId, levelId, lessonId });

/**
 * The generate loop lives in the page, one group per request, so it needs no job on the server: leaving the page
 * aborts it, and coming back shows what is still without audio. Each success revalidates the list.
 */
function useGenerateAll() {
  const revalidator = useRevalidator();
  const [state, setState] = useState<RunState>({ phase: "idle" });
  const [failures, setFailures] = useState<Failure[]>([]);
  const stop = useRef(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    stop.current = false;
    const failed: Failure[] = [];
    setFailures([]);
    let done = 0;
    let total = 0;
    setState({ phase: "running", done, total, current: null, stopping: false });
    try {
      while (!stop.current) {
        const next = await ask({ intent: "next", skip: failed.slice(0, MAX_SKIPPED).map((f) => keyOf(f.group)) }, controller.signal);
        if ("error" in next) throw new Error(next.error);
        if (next.intent !== "next") throw new Error("Unexpected answer");
        // Another admin may be generating too: the total follows what is really left. This run's failures are still
        // without audio, and already counted in `done`.
        total = done + Math.max(0, next.remaining - failed.length);
        if (!next.group || failed.length >= MAX_SKIPPED) break;
        const current = next.group;
        setState({ phase: "running", done, total, current, stopping: stop.current });
        const result = await ask({ intent: "generate", group: keyOf(current) }, controller.signal);
        // Any failure of one group (the engine's, or the server's) is listed, and the loop goes on with the next.
        if ("error" in result) failed.push({ group: current, message: result.error });
        else if (result.intent === "generate" && result.status === "failed") failed.push({ group: current, message: result.message });
        else void revalidator.revalidate();
        done++;
        setFailures([...failed]);
        setState({ phase: "running", done, total, current, stopping: stop.current });
      }
      setState({ phase: stop.current ? "stopped" : "finished", done, total });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: "stopped", done, total, error: error instanceof Error ? error.message : String(error) });
    } finally {
      void revalidator.revalidate();
    }
  }

  function requestStop() {
    stop.current = true;
    setState((s) => (s.phase === "running" ? { ...s, stopping: true } : s));
  }

  return { state, failures, run, requestStop };
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
        {state.phase !== "idle" ? <RunProgress state={state} failed={failures.length} /> : null}
        {failures.length > 0 ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-3 sm:p-4">
            <h3 className="font-semibold text-red-900">{backfillText.failuresTitle}</h3>
            <ul className="mt-2 space-y-1 text-sm text-red-900" aria-label={backfillText.failuresTitle}>
              {failures.map((f) => (
                <li key={`${f.group.languageId}/${f.group.levelId}/${f.group.lessonId}`} className="break-words">
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

function RunProgress({ state, failed }: { state: Exclude<RunState, { phase: "idle" }>; failed: number }) {
  const { done, total } = state;
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const text = backfillText.progress(done, total);
  return (
    <div className="space-y-2" data-testid="backfill-progress">
      <div className="flex items-center justify-between gap-3 text-sm font-semibold text-ink">
        <span aria-live="polite">{total > 0 || state.phase !== "running" ? text : "Starting..."}</span>
        {state.phase === "running" ? <LoaderCircle className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden /> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Generating audio"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {state.phase === "running" && state.current ? (
        <p className="text-sm break-words text-muted" data-testid="backfill-current">
          {state.stopping ? backfillText.stopping : "Now: "}
          {state.stopping ? null : <span className="font-medium text-ink">{groupLabel(state.current)}</span>}
        </p>
      ) : null}
      {state.phase === "finished" ? (
        <p className="text-sm font-medium text-brand-800">{failed > 0 ? backfillText.finishedWithFailures(failed) : backfillText.finished}</p>
      ) : null}
      {state.phase === "stopped" ? <p className="text-sm font-medium text-ink">{state.error ?? backfillText.stopped}</p> : null}
    </div>
  );
}

function GroupList({ groups }: { groups: BackfillGroup[] }) {
  return (
    <ul className="space-y-3" aria-label="Audio groups without audio">
      {groups.map((group) => (
        <li key={`${group.languageId}/${group.levelId}/${group.lessonId}`} className={`${cardClasses} p-4`} data-backfill-group>
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
