import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { AudioCard, segmentsOf, type AudioCardPhrase } from "#app/components/audio-card.tsx";
import type { AudioController } from "#app/lib/audio/audio-state.ts";
import { audioEngine, loadAudioEngine } from "#app/lib/audio/audio-engine.ts";
import { INITIAL_AUDIO_STATE } from "#app/lib/audio/audio-state.ts";
import { SHOW_READING_KEY, writeStorage } from "#app/lib/browser-storage.ts";
import { cn } from "#app/lib/cn.ts";
import type { AudioGroup } from "#common/catalog.ts";

// Rarely opened: its code (and the dialog library's) loads on first use, not with the page.
const LessonKeysDialog = lazy(() => import("#app/components/lesson-keys-dialog.tsx"));

export interface LessonPlayerProps {
  groups: AudioGroup[];
  renderPhraseActions?: (phrase: AudioCardPhrase) => React.ReactNode;
}

/** The audio key of a group's card: the keyboard reaches the card's player through it. */
const keyOf = (audioUrl: string) => `lesson:${audioUrl}`;

const READING_ATTRIBUTE = "data-show-reading";
const readingListeners = new Set<() => void>();
/**
 * "Show reading" lives on <html> (the head script sets it before the first paint from the stored choice, and CSS shows
 * the readings from it), so the page never renders them in one state and then flips.
 */
const readingStore = {
  subscribe: (listener: () => void) => {
    readingListeners.add(listener);
    return () => readingListeners.delete(listener);
  },
  get: () => document.documentElement.hasAttribute(READING_ATTRIBUTE),
  set: (on: boolean) => {
    document.documentElement.toggleAttribute(READING_ATTRIBUTE, on);
    writeStorage("local", SHOW_READING_KEY, String(on));
    readingListeners.forEach((listener) => listener());
  },
};

function flip(shown: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(shown);
  if (!next.delete(id)) next.add(id);
  return next;
}

function toPhrase(group: AudioGroup): AudioCardPhrase[] {
  return group.phrases.map((p) => ({
    id: p.id,
    original: p.originalText,
    translation: p.translatedText,
    audioUrl: p.audioUrl,
    ...(p.cue ? { cue: p.cue } : {}),
    ...(p.reading ? { reading: p.reading } : {}),
  }));
}

/**
 * The lesson's audio: one card per audio file (SPEC §2), or, when every phrase has a file of its own, one compact
 * list; above them "Show all translations", "Show reading" and the keys. Everything here is the visitor's own and
 * stays in the browser: the page itself is the same for everyone (page cache).
 */
export function LessonPlayer({ groups, renderPhraseActions }: LessonPlayerProps) {
  const [openTranslations, setOpenTranslations] = useState<ReadonlySet<string>>(() => new Set());
  const [keysOpen, setKeysOpen] = useState(false);
  // Stays mounted once loaded, so that closing gives the focus back as any dialog does.
  const [keysLoaded, setKeysLoaded] = useState(false);
  if (keysOpen && !keysLoaded) setKeysLoaded(true);
  const showReading = useSyncExternalStore(readingStore.subscribe, readingStore.get, () => false);
  const lastCard = useRef(0);

  const list = groups.length > 1 && groups.every((g) => g.phrases.length === 1 && g.audioUrl !== "");
  const cards = useMemo(
    () =>
      list
        ? [{ audioUrl: groups[0]!.audioUrl, phrases: groups.flatMap(toPhrase) }]
        : groups.map((g) => ({ audioUrl: g.audioUrl, phrases: toPhrase(g) })),
    [groups, list],
  );
  const allPhrases = cards.flatMap((card) => card.phrases);
  const allOpen = allPhrases.length > 0 && allPhrases.every((p) => openTranslations.has(p.id));
  const hasReadings = allPhrases.some((p) => p.reading);

  const toggleTranslation = (id: string) => setOpenTranslations((current) => flip(current, id));

  // The shortcuts act on one card: the one playing, else the one used last, else the first.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Typing, a dialog, or a control that uses the key itself (a button's Space, the slider's arrows).
      if (target?.isContentEditable || target?.closest("input, textarea, select, [role=dialog]")) return;
      if (event.key === "?") {
        event.preventDefault();
        setKeysOpen(true);
        return;
      }
      if (event.shiftKey) return;
      // Before the first play the audio engine is not loaded (audio-engine.ts): nothing plays, so the card is the one
      // used last, and the keys that need the engine wait for it.
      const engine = audioEngine();
      const playingIndex = engine ? cards.findIndex((card) => keyOf(card.audioUrl) === engine.activeKey()) : -1;
      const card = cards[playingIndex >= 0 ? playingIndex : Math.min(lastCard.current, cards.length - 1)];
      if (!card || card.audioUrl === "") return;
      const key = keyOf(card.audioUrl);
      const onControl = target?.closest("button, a, [role=slider]");
      const withController = (act: (controller: AudioController, state: typeof INITIAL_AUDIO_STATE) => void) => {
        const run = (controller: AudioController) => {
          const segments = segmentsOf(card.phrases, card.audioUrl, list);
          controller.prepare(key, card.audioUrl, { preload: "none", ...(segments ? { segments } : {}) });
          act(controller, controller.getState(key));
        };
        if (engine) run(engine);
        else loadAudioEngine().then(run, (error: unknown) => console.warn("The audio player could not be loaded", error));
      };
      switch (event.key) {
        case " ":
          if (onControl) return;
          withController((controller, state) => {
            if (state.playing) controller.pause(key);
            else if (list && (state.segment < 0 || state.scope === "one")) void controller.playSegment(key, card.audioUrl, 0, { scope: "all" });
            else void controller.play(key, card.audioUrl);
          });
          break;
        case "ArrowLeft":
        case "ArrowRight": {
          if (target?.closest("[role=slider]")) return;
          const step = event.key === "ArrowRight" ? 1 : -1;
          withController((controller, state) => {
            controller.selectSegment(key, Math.min(card.phrases.length - 1, Math.max(0, state.segment < 0 ? 0 : state.segment + step)));
          });
          break;
        }
        case "r":
        case "R":
          withController((controller, state) => controller.setLoopSegment(key, !state.loopSegment));
          break;
        case "t":
        case "T": {
          const segment = (engine?.getState(key) ?? INITIAL_AUDIO_STATE).segment;
          const phrase = card.phrases[Math.max(0, segment)];
          if (!phrase) return;
          setOpenTranslations((current) => flip(current, phrase.id));
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [cards, list]);

  const toolButton = "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors";
  const idle = "border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => setOpenTranslations(allOpen ? new Set() : new Set(allPhrases.map((p) => p.id)))}
          className={cn(toolButton, idle)}
        >
          {allOpen ? "Hide all translations" : "Show all translations"}
        </button>
        {hasReadings ? (
          <button
            type="button"
            aria-pressed={showReading}
            onClick={() => readingStore.set(!showReading)}
            className={cn(toolButton, showReading ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800" : idle)}
          >
            Show reading
          </button>
        ) : null}
        <button type="button" onClick={() => setKeysOpen(true)} className={cn(toolButton, idle, "ml-auto max-sm:hidden")} aria-haspopup="dialog">
          Keyboard shortcuts
        </button>
      </div>
      <div
        // Which card the keys act on: the last one touched or focused.
        onPointerDownCapture={(event) => markCard(event.target)}
        onFocusCapture={(event) => markCard(event.target)}
        className={cn("grid items-start gap-5", !list && "lg:grid-cols-2")}
      >
        {cards.map((card, index) => (
          <div key={card.audioUrl} data-card={index} className="min-w-0">
            <AudioCard
              audioKey={keyOf(card.audioUrl)}
              audioUrl={card.audioUrl}
              title={list ? "All phrases" : `Audio ${index + 1}`}
              list={list}
              defaultOpen
              phrases={card.phrases}
              openTranslations={openTranslations}
              onToggleTranslation={toggleTranslation}
              {...(renderPhraseActions ? { renderPhraseActions } : {})}
            />
          </div>
        ))}
      </div>
      {keysLoaded ? (
        <Suspense fallback={null}>
          <LessonKeysDialog open={keysOpen} onOpenChange={setKeysOpen} />
        </Suspense>
      ) : null}
    </div>
  );

  function markCard(target: EventTarget) {
    const card = target instanceof Element ? target.closest<HTMLElement>("[data-card]") : null;
    if (card) lastCard.current = Number(card.dataset["card"]);
  }
}
