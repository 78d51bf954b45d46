import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * The admin's resumable batch runs (the audio backfill, the cue backfill): a loop in the admin's browser that asks
 * the server for the next group, does one group per request, lists what failed and goes on. It needs no job on the
 * server: the database is the progress, leaving the page aborts the loop, and a new run starts where the data says.
 */

export interface BatchFailure<G> {
  group: G;
  message: string;
}

export type BatchRunState<G> =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number; current: G | null; stopping: boolean }
  | { phase: "finished" | "stopped"; done: number; total: number; error?: string };

/** The server's answer to "next": the next group (none when done) and how many groups are left, skipped included. */
export interface NextGroup<G> {
  group: G | null;
  remaining: number;
}

/** POSTs `body` as JSON; an answer that is not JSON becomes an error naming the status. */
export async function postJson<A>(url: string, body: unknown, signal: AbortSignal): Promise<A | { error: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await response.json().catch(() => null)) as A | null;
  return answer ?? { error: `The server answered ${response.status}.` };
}

/** Asks for the next group; an error or another kind of answer throws, which stops the run. */
export async function askNext<G>(url: string, body: unknown, signal: AbortSignal): Promise<NextGroup<G>> {
  const next = await postJson<{ intent: string } | ({ intent: "next" } & NextGroup<G>)>(url, body, signal);
  if ("error" in next) throw new Error(next.error);
  if (next.intent !== "next") throw new Error("Unexpected answer");
  return next as NextGroup<G>;
}

export interface BatchRunOptions<G> {
  /** A run's failures that "next" leaves out; the run stops asking past this many. */
  maxSkipped: number;
  /** The next group, leaving out `skip` (this run's failures, at most maxSkipped). */
  next: (skip: G[], signal: AbortSignal) => Promise<NextGroup<G>>;
  /** Does one group: null when it worked, else why not (listed, and the run goes on). */
  process: (group: G, signal: AbortSignal) => Promise<string | null>;
  /** After the run ends, whichever way. */
  onEnd?: () => void;
}

export function useBatchRun<G>({ maxSkipped, next: askForNext, process, onEnd }: BatchRunOptions<G>) {
  const [state, setState] = useState<BatchRunState<G>>({ phase: "idle" });
  const [failures, setFailures] = useState<BatchFailure<G>[]>([]);
  const stop = useRef(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    stop.current = false;
    const failed: BatchFailure<G>[] = [];
    setFailures([]);
    let done = 0;
    let total = 0;
    setState({ phase: "running", done, total, current: null, stopping: false });
    try {
      while (!stop.current) {
        const next = await askForNext(
          failed.slice(0, maxSkipped).map((f) => f.group),
          controller.signal,
        );
        // Another admin may be at it too: the total follows what is really left. This run's failures are still left,
        // and already counted in `done`.
        total = done + Math.max(0, next.remaining - failed.length);
        if (!next.group || failed.length >= maxSkipped) break;
        const current = next.group;
        setState({ phase: "running", done, total, current, stopping: stop.current });
        // Any failure of one group (the browser's, the engine's or the server's) is listed, and the loop goes on.
        const message = await process(current, controller.signal);
        if (message !== null) failed.push({ group: current, message });
        done++;
        setFailures([...failed]);
        setState({ phase: "running", done, total, current, stopping: stop.current });
      }
      setState({ phase: stop.current ? "stopped" : "finished", done, total });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: "stopped", done, total, error: error instanceof Error ? error.message : String(error) });
    } finally {
      onEnd?.();
    }
  }

  function requestStop() {
    stop.current = true;
    setState((s) => (s.phase === "running" ? { ...s, stopping: true } : s));
  }

  return { state, failures, run, requestStop };
}

export interface BatchProgressText {
  /** The progress bar's name. */
  label: string;
  progress: (done: number, total: number) => string;
  starting: string;
  now: string;
  stopping: string;
  stopped: string;
  /** What a finished run says, by its failures and total (null: nothing). */
  finished: (failed: number, total: number) => string | null;
}

/** A run's progress: "done of total", a progress bar, the group in hand, and how the run ended. */
export function BatchProgress<G>({
  state,
  failed,
  text,
  groupLabel,
  testId,
  currentTestId,
}: {
  state: Exclude<BatchRunState<G>, { phase: "idle" }>;
  failed: number;
  text: BatchProgressText;
  groupLabel: (group: G) => string;
  testId: string;
  currentTestId?: string;
}) {
  const { done, total } = state;
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const progress = text.progress(done, total);
  const finished = state.phase === "finished" ? text.finished(failed, total) : null;
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex items-center justify-between gap-3 text-sm font-semibold text-ink">
        <span aria-live="polite">{total > 0 || state.phase !== "running" ? progress : text.starting}</span>
        {state.phase === "running" ? <LoaderCircle className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden /> : null}
      </div>
      <div
        role="progressbar"
        aria-label={text.label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={progress}
        className="h-3 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {state.phase === "running" && state.current ? (
        <p className="text-sm break-words text-muted" data-testid={currentTestId}>
          {state.stopping ? text.stopping : text.now}
          {state.stopping ? null : <span className="font-medium text-ink">{groupLabel(state.current)}</span>}
        </p>
      ) : null}
      {finished ? <p className="text-sm font-medium text-brand-800">{finished}</p> : null}
      {state.phase === "stopped" ? <p className="text-sm font-medium text-ink">{state.error ?? text.stopped}</p> : null}
    </div>
  );
}
