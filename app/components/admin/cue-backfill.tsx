import { AudioLines, LoaderCircle, Pencil, RotateCcw, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { useIsDisplayable } from "#app/components/admin/media-origins.ts";
import { phraseTreeHref } from "#app/components/admin/phrase-tree-choices.ts";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { loadDecodedAudio } from "#app/lib/decoded-audio.ts";
import {
  CUE_BACKFILL_API,
  cueBackfillText as text,
  cueGroupLabel,
  MAX_CUE_SKIPPED,
  type CueBackfillAnswer,
  type CueBackfillGroup,
} from "#common/audio-cues/cue-backfill.ts";
import { splitAtPauses, type Cue } from "#common/audio-cues/split-at-pauses.ts";
import type { AdminAudioGroup } from "#common/phrases-admin.ts";
import type { PhraseTreeData } from "#app/routes/admin/phrase-tree.ts";

/**
 * The Phrases tab's "Audio cues" section (issue 23, point 1, "Existing installations"): gives every group saved
 * before cues existed its cues. The server cannot decode audio, the admin's browser can: the loop asks the server for
 * the next group, decodes and splits its audio here, and sends the cues back, one group per request, like the audio
 * backfill. Groups it cannot split are listed, each with a button that opens it in the phrase dialog.
 */

interface Failure {
  group: CueBackfillGroup;
  message: string;
}

type RunState =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number; current: CueBackfillGroup | null; stopping: boolean }
  | { phase: "finished" | "stopped"; done: number; total: number; error?: string };

async function ask(body: unknown, signal: AbortSignal): Promise<CueBackfillAnswer> {
  const response = await fetch(CUE_BACKFILL_API, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await response.json().catch(() => null)) as CueBackfillAnswer | null;
  return answer ?? { error: `The server answered ${response.status}.` };
}

/** The group's cues, or why there are none: decoding and splitting happen here, in the browser. */
async function findCues(group: CueBackfillGroup, displayable: (url: string) => boolean): Promise<{ cues: Cue[] } | { message: string }> {
  if (!displayable(group.audioUrl)) return { message: text.notHere };
  let audio;
  try {
    audio = await loadDecodedAudio(group.audioUrl);
  } catch {
    return { message: text.loadFailed };
  }
  const result = splitAtPauses(audio.samples, audio.sampleRate, group.phraseIds.length);
  return result.ok ? { cues: result.cues } : { message: text.splitFailed(result) };
}

function useFindAll() {
  const displayable = useIsDisplayable();
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
        const next = await ask({ intent: "next", skip: failed.slice(0, MAX_CUE_SKIPPED).map((f) => f.group.phraseIds[0]) }, controller.signal);
        if ("error" in next) throw new Error(next.error);
        if (next.intent !== "next") throw new Error("Unexpected answer");
        // Another admin may be at it too: the total follows what is really left (this run's failures are counted in done).
        total = done + Math.max(0, next.remaining - failed.length);
        if (!next.group || failed.length >= MAX_CUE_SKIPPED) break;
        const current = next.group;
        setState({ phase: "running", done, total, current, stopping: stop.current });
        const found = await findCues(current, displayable);
        if ("message" in found) failed.push({ group: current, message: found.message });
        else {
          const saved = await ask({ intent: "save", audioUrl: current.audioUrl, phraseIds: current.phraseIds, cues: found.cues }, controller.signal);
          if ("error" in saved) failed.push({ group: current, message: saved.error });
          else if (saved.intent === "save" && saved.status === "changed") failed.push({ group: current, message: text.changed });
        }
        done++;
        setFailures([...failed]);
        setState({ phase: "running", done, total, current, stopping: stop.current });
      }
      setState({ phase: stop.current ? "stopped" : "finished", done, total });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: "stopped", done, total, error: error instanceof Error ? error.message : String(error) });
    }
  }

  function requestStop() {
    stop.current = true;
    setState((s) => (s.phase === "running" ? { ...s, stopping: true } : s));
  }

  return { state, failures, run, requestStop };
}

export function CueBackfill({ onEdit }: { onEdit: (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) => void }) {
  const { state, failures, run, requestStop } = useFindAll();
  const running = state.phase === "running";
  return (
    <section aria-labelledby="cue-backfill-title" className={`${cardClasses} space-y-3 p-4 sm:p-5`} data-testid="cue-backfill">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="cue-backfill-title" className="flex items-center gap-2 text-lg font-bold text-ink">
            <AudioLines className="size-5 text-brand-700" aria-hidden />
            {text.title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{text.description}</p>
        </div>
        {running ? (
          <Button type="button" variant="outline" size="sm" onClick={requestStop} disabled={state.stopping}>
            <Square aria-hidden />
            {text.stop}
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => void run()}>
            <AudioLines aria-hidden />
            {state.phase === "stopped" ? text.resume : text.start}
          </Button>
        )}
      </div>
      {state.phase !== "idle" ? <RunProgress state={state} failed={failures.length} /> : null}
      {failures.length > 0 ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-3 sm:p-4">
          <h3 className="font-semibold text-red-900">{text.failuresTitle}</h3>
          <ul className="mt-2 space-y-2 text-sm text-red-900" aria-label={text.failuresTitle}>
            {failures.map((f) => (
              <FailureItem key={f.group.phraseIds[0]} failure={f} onEdit={onEdit} />
            ))}
          </ul>
          {!running ? (
            <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void run()}>
              <RotateCcw aria-hidden />
              {text.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function RunProgress({ state, failed }: { state: Exclude<RunState, { phase: "idle" }>; failed: number }) {
  const { done, total } = state;
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const progress = text.progress(done, total);
  const finished = state.phase === "finished" ? (total === 0 ? text.none : failed > 0 ? text.finishedWithFailures(failed) : text.finished) : null;
  return (
    <div className="space-y-2" data-testid="cue-backfill-progress">
      <div className="flex items-center justify-between gap-3 text-sm font-semibold text-ink">
        <span aria-live="polite">{total > 0 || state.phase !== "running" ? progress : text.starting}</span>
        {state.phase === "running" ? <LoaderCircle className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden /> : null}
      </div>
      <div
        role="progressbar"
        aria-label={text.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={progress}
        className="h-3 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {state.phase === "running" && state.current ? (
        <p className="text-sm break-words text-muted">
          {state.stopping ? text.stopping : text.now}
          {state.stopping ? null : <span className="font-medium text-ink">{cueGroupLabel(state.current)}</span>}
        </p>
      ) : null}
      {finished ? <p className="text-sm font-medium text-brand-800">{finished}</p> : null}
      {state.phase === "stopped" ? <p className="text-sm font-medium text-ink">{state.error ?? text.stopped}</p> : null}
    </div>
  );
}

/** A group the loop could not split, and a button that loads its lesson's groups and opens it in the phrase dialog. */
function FailureItem({ failure, onEdit }: { failure: Failure; onEdit: (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) => void }) {
  const { group, message } = failure;
  const fetcher = useFetcher<PhraseTreeData>();
  const wanted = useRef(false);
  useEffect(() => {
    const result = fetcher.data;
    if (!wanted.current || fetcher.state !== "idle" || result?.kind !== "groups") return;
    wanted.current = false;
    const found = result.groups.find((g) => g.audioUrl === group.audioUrl && g.phrases.some((p) => p.id === group.phraseIds[0]));
    if (found) onEdit(group.languageId, group.levelId, group.lessonId, found);
    else notify({ id: "cue-backfill-gone", type: "error", title: text.gone });
  }, [fetcher.state, fetcher.data, group, onEdit]);
  const label = cueGroupLabel(group);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-cue-failure>
      <p className="min-w-0 flex-1 basis-64 break-words">
        <span className="font-medium">{label}</span> (“{group.firstText}”): {message}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={text.editLabel(label)}
        onClick={() => {
          wanted.current = true;
          void fetcher.load(phraseTreeHref(group.languageId, group.levelId, group.lessonId));
        }}
      >
        {fetcher.state !== "idle" ? <LoaderCircle className="animate-spin" aria-hidden /> : <Pencil aria-hidden />}
        {text.edit}
      </Button>
    </li>
  );
}
