import { LoaderCircle, Play, Square, WandSparkles } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { getAudioController } from "#app/lib/audio/audio-controller.ts";
import { cn } from "#app/lib/cn.ts";
import { decodeAudio, useDecodedAudio, type DecodedAudio } from "#app/lib/decoded-audio.ts";
import { cueText } from "#common/audio-cues/cue-text.ts";
import { splitAtPauses, type Cue } from "#common/audio-cues/split-at-pauses.ts";
import type { PhraseRowInput } from "#common/phrase-form.ts";

/**
 * The phrase dialog's cue editor (issue 23, point 1): the group's audio as a waveform, a handle for each phrase's
 * start and end (mouse, touch, keyboard), and a play button per phrase. The cues live in the dialog's rows, so saving
 * posts them; this component only reads and rewrites them.
 *
 * Cues belong to the phrases that will be saved (both texts filled) in their order, and to one audio file. When that
 * list or the file changes, the old cues no longer say anything: they are suggested again from the audio (the admin's
 * corrections to them go too), or cleared when the audio cannot be split. Cues that change together with the file
 * (speech generated for the whole group) are exact and are kept.
 */

export const SMALL_STEP_MS = 10;
export const LARGE_STEP_MS = 100;
/** The shortest phrase a handle can make. */
const MIN_CUE_MS = 100;
/** Points of the drawn waveform, whatever the width (the SVG scales them). */
const PEAKS = 600;

type KeyedRow = PhraseRowInput & { key: number };
type Note = { kind: "suggested"; cuesSig: string } | { kind: "failed"; key: string; text: string };

const isComplete = (row: PhraseRowInput) => row.originalText.trim() !== "" && row.translatedText.trim() !== "";
const cueOf = (row: PhraseRowInput): Cue | null => (row.cueStartMs != null && row.cueEndMs != null ? [row.cueStartMs, row.cueEndMs] : null);

/** The rows with `cues` given, in order, to the rows with these keys; every other row's cue cleared. */
function withCues<T extends KeyedRow>(rows: T[], keys: number[], cues: (Cue | null)[]): T[] {
  return rows.map((row) => {
    const cue = cues[keys.indexOf(row.key)] ?? null;
    return { ...row, cueStartMs: cue?.[0] ?? null, cueEndMs: cue?.[1] ?? null };
  });
}

export function CueEditor<T extends KeyedRow>({
  audioUrl,
  rows,
  onRowsChange,
}: {
  /** The group's audio when this page can load it, else "". */
  audioUrl: string;
  rows: T[];
  onRowsChange: Dispatch<SetStateAction<T[]>>;
}) {
  const phrases = rows.filter(isComplete);
  const keysSig = phrases.map((row) => row.key).join(",");
  const cues = phrases.map(cueOf);
  const cuesSig = JSON.stringify(cues);
  // One phrase plays its whole file: nothing to edit.
  const active = audioUrl !== "" && phrases.length >= 2;
  const decoded = useDecodedAudio(active ? audioUrl : "");
  const [note, setNote] = useState<Note | null>(null);
  /** What the cues were last known to belong to: a change of phrases or file since makes them stale. */
  const basis = useRef({ url: audioUrl, keysSig, cuesSig });
  /** Lists of phrases already split for a file: a failure is not retried on every render. */
  const tried = useRef(new Set<string>());

  useEffect(() => {
    const previous = basis.current;
    const current = { url: audioUrl, keysSig, cuesSig };
    const keys = keysSig ? keysSig.split(",").map(Number) : [];
    const list = JSON.parse(cuesSig) as (Cue | null)[];
    const anyCue = list.some((cue) => cue !== null);
    const stale = keysSig !== previous.keysSig || (audioUrl !== previous.url && cuesSig === previous.cuesSig && anyCue);
    const none = keys.map(() => null);
    const clear = () => {
      basis.current = { ...current, cuesSig: JSON.stringify(none) };
      onRowsChange((rows) => withCues(rows, keys, none));
    };
    if (!active) {
      if (stale && anyCue) clear();
      else basis.current = current;
      return;
    }
    const attempt = `${audioUrl}|${keysSig}`;
    const missing = list.some((cue) => cue === null);
    if (!stale && (!missing || tried.current.has(attempt))) {
      basis.current = current;
      return;
    }
    let cancelled = false;
    decodeAudio(audioUrl).then(
      (audio) => {
        if (cancelled) return;
        tried.current.add(attempt);
        const result = splitAtPauses(audio.samples, audio.sampleRate, keys.length);
        const next = result.ok ? result.cues : none;
        basis.current = { ...current, cuesSig: JSON.stringify(next) };
        onRowsChange((rows) => withCues(rows, keys, next));
        setNote(result.ok ? { kind: "suggested", cuesSig: JSON.stringify(next) } : { kind: "failed", key: attempt, text: cueText.splitFailed(result) });
      },
      () => {
        if (cancelled) return;
        tried.current.add(attempt);
        // The waveform says the file could not be loaded; cues of another file or other phrases go.
        if (stale) clear();
        else basis.current = current;
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, audioUrl, keysSig, cuesSig, onRowsChange]);

  if (!active) return null;
  const audio = decoded.status === "ready" ? decoded.audio : null;
  const complete = cues.every((cue) => cue !== null);
  const failure = note?.kind === "failed" && note.key === `${audioUrl}|${keysSig}` && !complete ? note.text : null;
  const suggested = note?.kind === "suggested" && note.cuesSig === cuesSig;

  function setCue(index: number, cue: Cue) {
    const key = phrases[index]!.key;
    onRowsChange((rows) => rows.map((row) => (row.key === key ? { ...row, cueStartMs: cue[0], cueEndMs: cue[1] } : row)));
  }

  function setEvenly(durationMs: number) {
    const keys = phrases.map((row) => row.key);
    const width = durationMs / keys.length;
    const even = keys.map((_, i): Cue => [Math.round(i * width), Math.round((i + 1) * width)]);
    onRowsChange((rows) => withCues(rows, keys, even));
  }

  return (
    <CueEditorView
      audio={audio}
      loading={decoded.status === "loading"}
      failedToLoad={decoded.status === "error"}
      texts={phrases.map((row) => row.originalText.trim())}
      cues={complete ? (cues as Cue[]) : null}
      suggested={suggested}
      failure={failure}
      onCueChange={setCue}
      onSetEvenly={setEvenly}
    />
  );
}

function CueEditorView({
  audio,
  loading,
  failedToLoad,
  texts,
  cues,
  suggested,
  failure,
  onCueChange,
  onSetEvenly,
}: {
  audio: DecodedAudio | null;
  loading: boolean;
  failedToLoad: boolean;
  texts: string[];
  cues: Cue[] | null;
  suggested: boolean;
  failure: string | null;
  onCueChange: (index: number, cue: Cue) => void;
  onSetEvenly: (durationMs: number) => void;
}) {
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const player = useSpanPlayer(audio);
  const durationMs = audio?.durationMs ?? 0;
  const percent = (ms: number) => `${durationMs > 0 ? Math.min(100, Math.max(0, (ms / durationMs) * 100)) : 0}%`;
  const message = loading ? cueText.loading : failedToLoad ? cueText.loadFailed : (failure ?? (suggested ? cueText.suggested : cues ? cueText.help : null));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-brand-100 bg-white p-3" data-testid="cue-editor">
      <h3 id={`${id}-title`} className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink">
        {cueText.editorLabel}
        {loading ? <LoaderCircle className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden /> : null}
      </h3>
      <div
        ref={track}
        className="relative h-28 touch-pan-y overflow-hidden rounded-xl bg-brand-50"
        aria-busy={loading || undefined}
        data-testid="cue-waveform"
      >
        {audio ? <Waveform samples={audio.samples} /> : null}
        {audio && cues
          ? cues.map(([start, end], i) => (
              <div
                key={`span-${i}`}
                aria-hidden
                className={cn("pointer-events-none absolute inset-y-0 border-x border-brand-600/60", i % 2 ? "bg-brand-300/35" : "bg-accent-200/40")}
                style={{ left: percent(start), width: `calc(${percent(end)} - ${percent(start)})` }}
              >
                <span className="absolute top-1/2 left-2 -translate-y-1/2 text-xs font-bold text-brand-900">{i + 1}</span>
              </div>
            ))
          : null}
        {audio && player.position !== null ? (
          <div aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-accent-600" style={{ left: percent(player.position) }} />
        ) : null}
        {audio && cues
          ? cues.flatMap((_, i) =>
              EDGES.map((edge) => (
                <CueHandle
                  key={`${edge}-${i}`}
                  edge={edge}
                  {...handleBounds(cues, i, edge, durationMs)}
                  durationMs={durationMs}
                  track={track}
                  onCueChange={(cue) => onCueChange(i, cue)}
                />
              )),
            )
          : null}
      </div>
      <p className={cn("mt-2 min-h-10 text-sm", failure || failedToLoad ? "text-red-800" : "text-muted")} aria-live="polite" data-testid="cue-note">
        {message}
      </p>
      {audio && !cues ? (
        <Button type="button" variant="outline" size="sm" className="mt-1" onClick={() => onSetEvenly(durationMs)}>
          <WandSparkles aria-hidden />
          {cueText.setByHand}
        </Button>
      ) : null}
      {audio && cues ? (
        <ol className="mt-1 space-y-1" aria-label="Phrases in the audio">
          {cues.map(([start, end], i) => {
            const playing = player.playing === i;
            return (
              <li key={`phrase-${i}`} className="flex min-w-0 items-center gap-2 text-sm">
                <Button
                  type="button"
                  variant="outline"
                  size="iconSm"
                  aria-label={playing ? cueText.stopPhrase(i + 1) : cueText.playPhrase(i + 1)}
                  onClick={() => (playing ? player.stop() : player.play(i, start, end))}
                >
                  {playing ? <Square aria-hidden /> : <Play aria-hidden />}
                </Button>
                <span className="w-5 shrink-0 text-right font-semibold text-ink tabular-nums">{i + 1}.</span>
                <span className="min-w-0 flex-1 truncate text-ink">{texts[i]}</span>
                <span className="shrink-0 text-muted tabular-nums" data-testid="cue-span">
                  {cueText.span(start, end)}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

/** The waveform as one filled SVG path of peak levels, stretched to the box (no redraw on resize). */
function Waveform({ samples }: { samples: Float32Array }) {
  const path = useMemo(() => {
    const peaks = new Float32Array(PEAKS);
    const bucket = Math.max(1, Math.floor(samples.length / PEAKS));
    let loudest = 0;
    for (let p = 0; p < PEAKS; p++) {
      let peak = 0;
      for (let i = p * bucket; i < Math.min(samples.length, (p + 1) * bucket); i++) peak = Math.max(peak, Math.abs(samples[i]!));
      peaks[p] = peak;
      loudest = Math.max(loudest, peak);
    }
    const scale = loudest > 0 ? 48 / loudest : 0;
    const top = Array.from(peaks, (peak, p) => `${p},${(50 - peak * scale).toFixed(1)}`);
    const bottom = Array.from(peaks, (peak, p) => `${p},${(50 + peak * scale).toFixed(1)}`).reverse();
    return `M0,50 L${top.join(" L")} L${PEAKS - 1},50 L${bottom.join(" L")} Z`;
  }, [samples]);
  return (
    <svg aria-hidden className="absolute inset-0 size-full" viewBox={`0 0 ${PEAKS - 1} 100`} preserveAspectRatio="none">
      <path d={path} className="fill-brand-500/70" />
    </svg>
  );
}

const EDGES = ["start", "end"] as const;
type Edge = (typeof EDGES)[number];

/**
 * Where phrase `index`'s start or end handle may go: a start from the previous phrase's end (0 for the first) to
 * MIN_CUE_MS before its own end, an end from MIN_CUE_MS after its start to the next phrase's start (the file's end for
 * the last); never so narrow that the handle's value falls outside. And the cue a new value makes.
 */
function handleBounds(cues: Cue[], index: number, edge: Edge, durationMs: number) {
  const [start, end] = cues[index]!;
  const label = cueText.handle(index + 1, edge);
  if (edge === "start") {
    const before = index === 0 ? 0 : cues[index - 1]![1];
    return { label, value: start, min: Math.min(start, before), max: Math.max(start, end - MIN_CUE_MS), cueOf: (value: number): Cue => [value, end] };
  }
  const after = index === cues.length - 1 ? durationMs : cues[index + 1]![0];
  return { label, value: end, min: Math.min(end, start + MIN_CUE_MS), max: Math.max(end, after), cueOf: (value: number): Cue => [start, value] };
}

/**
 * A handle on the waveform: a slider for the keyboard (arrows 10 ms, Shift+arrows 100 ms, Home and End to its
 * limits) and a drag target for mouse and touch. Start handles hold the top half, end handles the bottom half, so a
 * phrase's end and the next one's start stay apart when they meet.
 */
function CueHandle({
  edge,
  label,
  value,
  min,
  max,
  durationMs,
  track,
  cueOf,
  onCueChange,
}: {
  edge: Edge;
  label: string;
  value: number;
  min: number;
  max: number;
  durationMs: number;
  track: RefObject<HTMLDivElement | null>;
  cueOf: (value: number) => Cue;
  onCueChange: (cue: Cue) => void;
}) {
  const dragging = useRef(false);
  const clamp = (ms: number) => Math.min(max, Math.max(min, Math.round(ms)));
  const change = (ms: number) => {
    const next = clamp(ms);
    if (next !== value) onCueChange(cueOf(next));
  };
  const fromPointer = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    return box && box.width > 0 ? ((clientX - box.left) / box.width) * durationMs : value;
  };
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={cueText.seconds(value)}
      className={cn(
        "group absolute z-10 -ml-3 flex h-1/2 w-6 cursor-ew-resize touch-none justify-center outline-none",
        edge === "start" ? "top-0 items-start" : "bottom-0 items-end",
      )}
      style={{ left: `${durationMs > 0 ? (value / durationMs) * 100 : 0}%` }}
      onPointerDown={(event) => {
        event.preventDefault();
        try {
          event.currentTarget.setPointerCapture(event.pointerId);
        } catch {
          // A pointer the browser no longer tracks: the drag still follows moves over the handle.
        }
        event.currentTarget.focus();
        dragging.current = true;
      }}
      onPointerMove={(event) => {
        if (dragging.current) change(fromPointer(event.clientX));
      }}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      onKeyDown={(event) => {
        const direction = steps[event.key];
        if (direction) change(value + direction * (event.shiftKey ? LARGE_STEP_MS : SMALL_STEP_MS));
        else if (event.key === "PageUp" || event.key === "PageDown") change(value + (event.key === "PageUp" ? 1 : -1) * LARGE_STEP_MS);
        else if (event.key === "Home") change(min);
        else if (event.key === "End") change(max);
        else return;
        event.preventDefault();
      }}
    >
      <span aria-hidden className={cn("absolute inset-y-0 w-0.5", edge === "start" ? "bg-brand-800" : "bg-accent-700")} />
      <span
        aria-hidden
        className={cn(
          "relative block size-4 rounded-full border-2 border-white shadow ring-brand-700 ring-offset-1 group-focus-visible:ring-2",
          edge === "start" ? "mt-0.5 bg-brand-800" : "mb-0.5 bg-accent-700",
        )}
      />
    </div>
  );
}

/** Stops a span that plays (if any) and its position updates, without its `ended` handler. */
function silence(now: { source: AudioBufferSourceNode; frame: number } | null) {
  if (!now) return;
  cancelAnimationFrame(now.frame);
  now.source.onended = null;
  try {
    now.source.stop();
  } catch {
    // Already ended.
  }
}

/** Plays one span of the decoded audio at a time, after pausing whatever the site's audio controller plays. */
function useSpanPlayer(audio: DecodedAudio | null) {
  const [playing, setPlaying] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const current = useRef<{ source: AudioBufferSourceNode; frame: number } | null>(null);
  const context = useRef<AudioContext | null>(null);

  function stop() {
    silence(current.current);
    current.current = null;
    setPlaying(null);
    setPosition(null);
  }

  function play(index: number, startMs: number, endMs: number) {
    if (!audio) return;
    stop();
    getAudioController().pauseAll();
    context.current ??= new AudioContext();
    const ctx = context.current;
    void ctx.resume();
    const source = ctx.createBufferSource();
    source.buffer = audio.buffer;
    source.connect(ctx.destination);
    const startedAt = ctx.currentTime;
    source.start(0, startMs / 1000, Math.max(0, (endMs - startMs) / 1000));
    const tick = () => {
      if (current.current?.source !== source) return;
      // Another player of the site started: one audio at a time.
      if (getAudioController().activeKey() !== null) return stop();
      setPosition(Math.min(endMs, startMs + (ctx.currentTime - startedAt) * 1000));
      current.current.frame = requestAnimationFrame(tick);
    };
    current.current = { source, frame: requestAnimationFrame(tick) };
    source.onended = () => {
      if (current.current?.source === source) stop();
    };
    setPlaying(index);
  }

  useEffect(
    () => () => {
      silence(current.current);
      void context.current?.close();
    },
    [],
  );

  return { playing, position, play, stop };
}
