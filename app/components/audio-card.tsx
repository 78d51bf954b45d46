import { createLucideIcon, Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import {
  formatTime,
  PUBLIC_PLAYBACK_RATES,
  REPEAT_CHOICES,
  SEEK_STEP_SECONDS,
  type Segment,
} from "#app/lib/audio/audio-state.ts";
import { useAudioPlayer, type AudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { cn } from "#app/lib/cn.ts";

// ChevronDown, Headphones, LoaderCircle, Repeat: lucide's own icons (lucide-react 1.75, ISC), defined here instead of
// imported. Their lucide modules are shared with other pages, so on the lesson page each would be a file of its own,
// mostly per-file overhead (about 0.2 KB gzip against 0.05 here; docs/decisions/010-learn-mode.md).
// inline-icons.test.ts checks them against lucide's.
export const ChevronDown = createLucideIcon({ name: "chevron-down", size: 24, node: [["path", { d: "m6 9 6 6 6-6", key: "qrunsl" }]] });
export const Headphones = createLucideIcon({
  name: "headphones",
  size: 24,
  node: [
    [
      "path",
      {
        d: "M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3",
        key: "1xhozi",
      },
    ],
  ],
});
export const LoaderCircle = createLucideIcon({
  name: "loader-circle",
  size: 24,
  node: [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56", key: "13zald" }]],
  aliases: ["loader-2"],
});
export const Repeat = createLucideIcon({
  name: "repeat",
  size: 24,
  node: [
    ["path", { d: "m17 2 4 4-4 4", key: "nntrym" }],
    ["path", { d: "M3 11v-1a4 4 0 0 1 4-4h14", key: "84bu3i" }],
    ["path", { d: "m7 22-4-4 4-4", key: "1wqhfi" }],
    ["path", { d: "M21 13v1a4 4 0 0 1-4 4H3", key: "1rx37r" }],
  ],
});

export interface AudioCardPhrase {
  id: string;
  original: string;
  translation: string;
  /** Where the phrase is spoken in the card's audio, [startMs, endMs]. */
  cue?: readonly [number, number];
  /** Its own file, in a list of per-phrase files (`list`). */
  audioUrl?: string;
  /** A reading aid in Latin letters, shown under the original while <html data-show-reading> is set. */
  reading?: string;
}

export interface AudioCardProps {
  audioUrl: string;
  /** e.g. "Audio 1" or a blog sample title; also the card's accessible name. */
  title: string;
  phrases: AudioCardPhrase[];
  /** Lesson page cards start open (SPEC §2). */
  defaultOpen?: boolean;
  /** Optional extra controls per phrase (e.g. a favourite button added later). */
  renderPhraseActions?: (phrase: AudioCardPhrase) => React.ReactNode;
  className?: string;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Key in the shared audio controller. Default: unique per mounted card. Pass one only to share playback state with
   * another player of the same audio (e.g. `lesson:${lessonId}:${audioUrl}`).
   */
  audioKey?: string;
  /**
   * Translations shown, when the page decides ("Show all translations"); without it each card keeps its own.
   * `onToggleTranslation` then flips one.
   */
  openTranslations?: ReadonlySet<string>;
  onToggleTranslation?: (id: string) => void;
  /**
   * Every phrase has its own file (`phrase.audioUrl`): one compact list that plays a phrase or all of them in turn,
   * instead of a card per file. `audioUrl` is then the first file (the key's name).
   */
  list?: boolean;
}

// Only after the learner turns listen-and-repeat on: its code loads then (docs/decisions/010-learn-mode.md).
const loadListenAndRepeat = () => import("#app/components/listen-and-repeat.tsx");
const ListenAndRepeat = lazy(loadListenAndRepeat);

/** Arrow keys on the progress slider move by this many seconds: a phrase is a second or two long. */
const SLIDER_KEY_STEP_SECONDS = 1;

/**
 * The phrases as segments of the audio: a list's files, or a card's cues when every phrase has one (a group whose cues
 * are unknown plays as a whole). Null when neither.
 */
export function segmentsOf(phrases: readonly AudioCardPhrase[], audioUrl: string, list: boolean): Segment[] | null {
  if (list) return phrases.map((p) => ({ url: p.audioUrl ?? "", start: 0, end: Number.POSITIVE_INFINITY }));
  if (phrases.length === 0 || !phrases.every((p) => p.cue)) return null;
  return phrases.map((p) => ({ url: audioUrl, start: p.cue![0] / 1000, end: p.cue![1] / 1000 }));
}

export function phraseCountLabel(count: number) {
  return `${count} ${count === 1 ? "Phrase" : "Phrases"}`;
}

export function rateLabel(rate: number) {
  return `${rate}×`;
}

/** Visible text and accessible name of the repeat control for a repeat count. */
export function repeatLabels(repeat: number): { text: string; label: string } {
  if (repeat === Number.POSITIVE_INFINITY) return { text: "Loop", label: "Repeat: loop forever" };
  if (repeat <= 1) return { text: "Once", label: "Repeat: once" };
  return { text: `${repeat} times`, label: `Repeat: ${repeat} times` };
}

function nextRepeat(current: number) {
  const index = REPEAT_CHOICES.findIndex((choice) => choice === current);
  return REPEAT_CHOICES[(index + 1) % REPEAT_CHOICES.length] ?? 1;
}

const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 transition-colors hover:bg-brand-100 active:bg-brand-200 disabled:pointer-events-none disabled:opacity-50";

export function AudioCard({
  audioUrl,
  title,
  phrases,
  defaultOpen = false,
  renderPhraseActions,
  className,
  headingLevel = 2,
  audioKey,
  openTranslations,
  onToggleTranslation,
  list = false,
}: AudioCardProps) {
  const instanceId = useId();
  // An empty URL is a group whose audio has not been made yet (imported phrases): its phrases show, nothing plays, and
  // nothing is fetched (an empty src would load the page itself).
  const hasAudio = audioUrl !== "";
  const cueKey = phrases.map((p) => (list ? p.audioUrl : p.cue?.join("-"))).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- cueKey is what the segments are made of
  const segments = useMemo(() => segmentsOf(phrases, audioUrl, list), [cueKey, audioUrl, list]);
  const player = useAudioPlayer(audioKey ?? `audio-card:${instanceId}:${audioUrl}`, audioUrl, {
    // A list fetches nothing before play: its files are many and short.
    preload: hasAudio && !list ? "metadata" : "none",
    ...(segments ? { segments } : {}),
  });
  const [ownTranslations, setOwnTranslations] = useState<ReadonlySet<string>>(() => new Set());
  const shownTranslations = openTranslations ?? ownTranslations;
  const toggleTranslation =
    onToggleTranslation ??
    ((id: string) =>
      setOwnTranslations((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }));
  const listRef = useRef<HTMLUListElement>(null);
  // Keeps the phrase being spoken in view inside the card's own scrolling list; never scrolls the page.
  useEffect(() => {
    const box = listRef.current;
    const row = box?.children[player.segment] as HTMLElement | undefined;
    if (!box || !row || !player.playing) return;
    const top = row.offsetTop;
    if (top >= box.scrollTop && top + row.offsetHeight <= box.scrollTop + box.clientHeight) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollTo({ top: top - 8, behavior: smooth ? "smooth" : "auto" });
  }, [player.segment, player.playing]);
  const [open, setOpen] = useState(defaultOpen);
  // Fade in only when the visitor opens the card, not on page load.
  const [toggled, setToggled] = useState(false);
  const speedLabelId = `${instanceId}-speed`;
  const contentId = `${instanceId}-content`;
  // A disclosure needs no library: a button with aria-expanded and aria-controls, and the data-state that the styles
  // below read (what Radix Collapsible rendered, without its code on every lesson page's first visit).
  const state = open ? "open" : "closed";
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const progress = player.duration > 0 ? Math.min(100, (player.currentTime / player.duration) * 100) : 0;
  const repeat = repeatLabels(player.repeat);

  return (
    <section
      aria-label={title}
      data-state={state}
      // The audio engine loads on the first sign of wanting to play (docs/decisions/010-learn-mode.md): by the click it
      // is usually here; if not, the play button shows it loading.
      onPointerEnter={player.warm}
      onPointerDown={player.warm}
      onFocus={player.warm}
      className={cn(
        "overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-[var(--shadow-card)]",
        className,
      )}
    >
      <div className="flex items-center gap-2 p-3 sm:gap-3 sm:p-4">
        <button
          type="button"
          onClick={() => {
            // A list starts from its first phrase, unless "Play all" was paused in the middle: then it goes on.
            if (list && !player.playing && (player.segment < 0 || player.scope === "one")) void player.playSegment(0, "all");
            else void player.toggle();
          }}
          disabled={!hasAudio}
          aria-label={!hasAudio ? "Audio not available yet" : list ? (player.playing ? "Pause" : "Play all") : player.playing ? "Pause audio" : "Play audio"}
          title={hasAudio ? undefined : "Audio not available yet"}
          className={cn(
            "inline-flex size-12 shrink-0 items-center justify-center rounded-full text-white shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50",
            player.playing ? "bg-accent-600 hover:bg-accent-700" : "bg-brand-700 hover:bg-brand-800 active:bg-brand-900",
          )}
        >
          {player.playing && player.loading ? (
            <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : player.playing ? (
            <Pause className="size-5 fill-current" aria-hidden />
          ) : (
            <Play className="size-5 translate-x-px fill-current" aria-hidden />
          )}
        </button>
        <Heading className="min-w-0 flex-1">
          <button
            type="button"
            aria-controls={contentId}
            aria-expanded={open}
            data-state={state}
            onClick={() => {
              setOpen(!open);
              setToggled(true);
            }}
            className="group flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-1 text-left transition-colors hover:bg-brand-50">
            <span className="min-w-0 flex-1">
              <span className="block text-base leading-snug font-bold break-words text-ink sm:text-lg">{title}</span>
              <span className="mt-0.5 flex items-center gap-1.5 text-sm font-medium text-muted">
                <Headphones className="size-3.5 text-brand-500" aria-hidden />
                {phraseCountLabel(phrases.length)}
              </span>
            </span>
            <ChevronDown
              className="size-5 shrink-0 text-brand-600 transition-transform duration-200 group-data-[state=open]:rotate-180"
              aria-hidden
            />
          </button>
        </Heading>
      </div>

      {!open && (player.playing || player.currentTime > 0) ? (
        <div aria-hidden className="h-1 bg-brand-100">
          <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
        </div>
      ) : null}

      {/* Always rendered (hidden while closed): phrases are in the server HTML and expanded translations survive. */}
      <div
        id={contentId}
        data-state={state}
        hidden={!open}
        className={cn("border-t border-brand-100", toggled && "data-[state=open]:animate-[fade-in_200ms_ease-out]")}
      >
        <div hidden={!hasAudio} className="space-y-2 bg-brand-50/60 px-3 pt-2 pb-3 sm:px-5 sm:pb-4">
          {list ? null : (
          <SeekSlider
            currentTime={player.currentTime}
            duration={player.duration}
            onSeek={player.seek}
            progress={progress}
          />
          )}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-2 sm:gap-x-3">
            {list ? null : (
            <>
            <span className="min-w-[5.5rem] text-sm font-semibold text-muted tabular-nums">
              {`${formatTime(player.currentTime)} / ${formatTime(player.duration)}`}
            </span>
            <div className="flex items-center">
              <button
                type="button"
                onClick={() => player.seekBy(-SEEK_STEP_SECONDS)}
                aria-label={`Back ${SEEK_STEP_SECONDS} seconds`}
                className={cn(iconButton, "relative")}
              >
                <RotateCcw className="size-6" strokeWidth={1.75} aria-hidden />
                <span aria-hidden className="absolute inset-0 flex items-center justify-center text-[0.55rem] font-bold">
                  {SEEK_STEP_SECONDS}
                </span>
              </button>
              <button
                type="button"
                onClick={() => player.seekBy(SEEK_STEP_SECONDS)}
                aria-label={`Forward ${SEEK_STEP_SECONDS} seconds`}
                className={cn(iconButton, "relative")}
              >
                <RotateCw className="size-6" strokeWidth={1.75} aria-hidden />
                <span aria-hidden className="absolute inset-0 flex items-center justify-center text-[0.55rem] font-bold">
                  {SEEK_STEP_SECONDS}
                </span>
              </button>
            </div>
            </>
            )}
            <button
              type="button"
              onClick={() => player.setRepeat(nextRepeat(player.repeat))}
              aria-label={repeat.label}
              title="Change how many times the audio plays"
              className={cn(
                "ml-auto inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors sm:ml-0",
                player.repeat > 1
                  ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                  : "border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
              )}
            >
              <Repeat className="size-4" aria-hidden />
              {repeat.text}
            </button>
            <div
              role="group"
              aria-labelledby={speedLabelId}
              className="flex w-full items-center gap-2 sm:ml-auto sm:w-auto"
            >
              <span id={speedLabelId} className="text-sm font-semibold text-muted">
                Speed
              </span>
              <div className="flex flex-1 rounded-full border border-brand-200 bg-white p-0.5 sm:flex-none">
                {PUBLIC_PLAYBACK_RATES.map((rate) => {
                  const selected = player.rate === rate;
                  return (
                    <button
                      key={rate}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => player.setRate(rate)}
                      className={cn(
                        "h-10 min-w-11 flex-1 rounded-full px-2.5 text-sm font-semibold tabular-nums transition-colors sm:flex-none",
                        selected ? "bg-brand-700 text-white shadow-sm" : "text-brand-800 hover:bg-brand-50",
                      )}
                    >
                      {rateLabel(rate)}
                    </button>
                  );
                })}
              </div>
            </div>
          </div>
          {segments ? <PhraseControls player={player} /> : null}
        </div>

        {phrases.length > 0 ? (
          <ul
            ref={listRef}
            className="relative max-h-96 divide-y divide-brand-100 overflow-auto overscroll-contain border-t border-brand-100 px-1.5 py-1.5 sm:px-2.5"
          >
            {phrases.map((phrase, index) => (
              <PhraseRow
                key={phrase.id}
                phrase={phrase}
                number={index + 1}
                actions={renderPhraseActions?.(phrase)}
                expanded={shownTranslations.has(phrase.id)}
                onToggle={() => toggleTranslation(phrase.id)}
                current={player.segment === index}
                // A phrase's own play button: only where the card knows where the phrase is.
                playing={segments && segments[index]?.url ? player.playing && player.segment === index && player.scope === "one" : null}
                onPlay={() => {
                  if (player.playing && player.segment === index && player.scope === "one") player.pause();
                  else void player.playSegment(index);
                }}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function SeekSlider({
  currentTime,
  duration,
  progress,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  progress: number;
  onSeek: (seconds: number) => void;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const max = duration > 0 ? duration : 0;
  const value = Math.min(Math.max(currentTime, 0), max);

  function seekToPointer(clientX: number) {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || max <= 0) return;
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    onSeek(fraction * max);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowRight: value + SLIDER_KEY_STEP_SECONDS,
      ArrowUp: value + SLIDER_KEY_STEP_SECONDS,
      ArrowLeft: value - SLIDER_KEY_STEP_SECONDS,
      ArrowDown: value - SLIDER_KEY_STEP_SECONDS,
      PageUp: value + SEEK_STEP_SECONDS,
      PageDown: value - SEEK_STEP_SECONDS,
      Home: 0,
      End: max,
    };
    const target = steps[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(Math.max(target, 0), max > 0 ? max : Math.max(target, 0)));
  }

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Playback position"
      aria-valuemin={0}
      aria-valuemax={Math.round(max)}
      aria-valuenow={Math.round(value)}
      aria-valuetext={`${formatTime(value)} of ${formatTime(max)}`}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekToPointer(event.clientX);
      }}
      onPointerMove={(event) => {
        if (dragging.current) seekToPointer(event.clientX);
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      className="group relative flex h-10 cursor-pointer touch-pan-y items-center rounded-full select-none"
    >
      <div ref={trackRef} className="relative h-2 w-full rounded-full bg-brand-100">
        <div className="absolute inset-y-0 left-0 rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
        <div
          className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow ring-2 ring-brand-600 transition-transform group-hover:scale-110"
          style={{ left: `${progress}%` }}
        />
      </div>
    </div>
  );
}

/** "Repeat this phrase", listen-and-repeat and its pause: for a card that knows where each phrase is. */
function PhraseControls({ player }: { player: AudioPlayer }) {
  const toggle = "inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors";
  const pressed = (on: boolean) =>
    on ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800" : "border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50";
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={player.loopSegment}
          onClick={() => player.setLoopSegment(!player.loopSegment)}
          className={cn(toggle, pressed(player.loopSegment))}
        >
          <Repeat className="size-4" aria-hidden />
          Repeat this phrase
        </button>
        <button
          type="button"
          aria-pressed={player.shadow}
          onPointerEnter={() => void loadListenAndRepeat()}
          onFocus={() => void loadListenAndRepeat()}
          onClick={() => player.setShadow(!player.shadow)}
          className={cn(toggle, pressed(player.shadow))}
        >
          Listen and repeat
        </button>
      </div>
      {player.shadow ? (
        <Suspense
          // Until its code is here (a moment after the click that turned it on): the status line it starts with.
          fallback={<p className="h-10 truncate text-sm leading-10 font-semibold text-ink">Listen, then say each phrase in the pause</p>}
        >
          <ListenAndRepeat player={player} />
        </Suspense>
      ) : null}
    </>
  );
}

function PhraseRow({
  phrase,
  number,
  actions,
  expanded,
  onToggle,
  current,
  playing,
  onPlay,
}: {
  phrase: AudioCardPhrase;
  number: number;
  actions: React.ReactNode;
  expanded: boolean;
  onToggle: () => void;
  /** Being spoken (or last spoken): highlighted with color only, so nothing moves. */
  current: boolean;
  /** Whether this phrase plays on its own now; null: the phrase has no play button of its own. */
  playing: boolean | null;
  onPlay: () => void;
}) {
  const panelId = `${useId()}-translation`;
  return (
    <li
      aria-current={current || undefined}
      data-phrase={number}
      className={cn("flex items-start gap-1 rounded-xl py-1", current && "bg-accent-50 shadow-[inset_3px_0_0_var(--color-accent-500)]")}
    >
      {playing === null ? null : (
        <button
          type="button"
          onClick={onPlay}
          aria-label={`${playing ? "Pause" : "Play"} phrase ${number}`}
          className={iconButton}
        >
          {playing ? <Pause className="size-4 fill-current" aria-hidden /> : <Play className="size-4 translate-x-px fill-current" aria-hidden />}
        </button>
      )}
      <div className="min-w-0 flex-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className={cn(
            "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-brand-50",
            expanded && "bg-brand-50",
          )}
        >
          <span className="min-w-0 flex-1 text-[0.975rem] leading-snug font-semibold break-words text-ink">
            {phrase.original}
            {phrase.reading ? (
              <span data-reading className="mt-0.5 hidden text-sm font-medium text-muted [html[data-show-reading]_&]:block">
                {phrase.reading}
              </span>
            ) : null}
          </span>
          <ChevronDown
            className={cn("size-4 shrink-0 text-brand-500 transition-transform duration-200", expanded && "rotate-180")}
            aria-hidden
          />
        </button>
        <div
          id={panelId}
          hidden={!expanded}
          className="mx-3 mt-1 mb-1.5 border-l-[3px] border-accent-500 py-0.5 pl-3 text-[0.95rem] leading-snug break-words text-muted"
        >
          {phrase.translation}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 items-center self-start pt-0.5">{actions}</div> : null}
    </li>
  );
}
