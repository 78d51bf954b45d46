import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { audioEngine, audioEngineReady, loadAudioEngine, onAudioEngine, warmAudioEngine } from "#app/lib/audio/audio-engine.ts";
import {
  INITIAL_AUDIO_STATE,
  type AudioState,
  type PlayOptions,
  type PrepareOptions,
  type Segment,
  type SetRateOptions,
} from "#app/lib/audio/audio-state.ts";
import type { AudioController } from "#app/lib/audio/audio-state.ts";

export interface AudioPlayerActions {
  /** Resolves to true once playback started; never rejects (failures are logged and flagged in `error`). */
  play: (options?: PlayOptions) => Promise<boolean>;
  pause: () => void;
  toggle: () => Promise<boolean>;
  stop: () => void;
  seek: (seconds: number) => void;
  /** Default +10 s (SPEC §9). */
  seekBy: (delta?: number) => void;
  setRate: (rate: number, options?: SetRateOptions) => void;
  /** 1 = play once, n = play n times, Infinity = loop. */
  setRepeat: (times: number) => void;
  /** Plays one phrase: scope "one" (default) stops at its end, "all" goes on. */
  playSegment: (index: number, scope?: "all" | "one") => Promise<boolean>;
  selectSegment: (index: number) => void;
  setLoopSegment: (on: boolean) => void;
  setShadow: (on: boolean) => void;
  setTurnFactor: (factor: number) => void;
  /** Starts loading the audio engine (pointer over or on the player, focus in it) so the first play does not wait. */
  warm: () => void;
}

export type AudioPlayer = AudioState & AudioPlayerActions;

export interface UseAudioPlayerOptions {
  /** "metadata" (default) fetches the file's header after hydration so the duration shows; "none" waits for play. */
  preload?: PrepareOptions["preload"];
  /** Where each phrase is in the audio (see Segment); keep the array stable between renders. */
  segments?: readonly Segment[];
}

const getServerSnapshot = () => INITIAL_AUDIO_STATE;
const notReady = () => false;
const nothing = () => () => {};

/**
 * Reads only a file's length, for a player shown before the engine is loaded (what the engine's "metadata" preload
 * does once it is). Returns the cleanup, which lets the browser drop the element.
 */
function probeDuration(url: string, onDuration: (seconds: number) => void): () => void {
  const media = new Audio();
  media.preload = "metadata";
  const read = () => {
    if (Number.isFinite(media.duration) && media.duration > 0) onDuration(media.duration);
  };
  media.addEventListener("loadedmetadata", read);
  media.src = url;
  return () => {
    media.removeEventListener("loadedmetadata", read);
    media.removeAttribute("src");
    media.load();
  };
}

/**
 * State and actions for one audio through the site-wide controller. `key` must be unique per player on screen (two
 * cards with the same key share one state). Server rendering and hydration see INITIAL_AUDIO_STATE; the controller
 * is only created in the browser, and on a public page only loaded on the first intent to play (audio-engine.ts):
 * until then the player shows INITIAL_AUDIO_STATE with what was asked of it meanwhile (a play shows as loading), and
 * the actions wait for the engine. When the component unmounts, its audio stops.
 */
export function useAudioPlayer(key: string, url: string, options: UseAudioPlayerOptions = {}): AudioPlayer {
  const preload = options.preload ?? "metadata";
  const segments = options.segments;
  const ready = useSyncExternalStore(onAudioEngine, audioEngineReady, notReady);

  const subscribe = useCallback((onChange: () => void) => audioEngine()?.subscribe(key, onChange) ?? (() => {}), [key]);
  const getSnapshot = useCallback(() => audioEngine()?.getState(key) ?? INITIAL_AUDIO_STATE, [key]);
  const state = useSyncExternalStore(ready ? subscribe : nothing, ready ? getSnapshot : getServerSnapshot, getServerSnapshot);
  // Before the engine: what the learner asked for while it loads, and the file's length.
  const [pending, setPending] = useState<Partial<AudioState>>({});
  const [probed, setProbed] = useState<{ url: string; duration: number } | null>(null);

  useEffect(() => {
    if (ready) audioEngine()?.prepare(key, url, { preload, segments: segments ?? [] });
  }, [ready, key, url, preload, segments]);

  useEffect(() => {
    if (ready || preload !== "metadata" || url === "") return;
    return probeDuration(url, (duration) => setProbed({ url, duration }));
  }, [ready, url, preload]);

  const actions = useMemo<AudioPlayerActions>(() => {
    // The controller ignores unknown keys; registering first makes controls work even before the effect above ran.
    const run = <T,>(act: (controller: AudioController) => T | Promise<T>, fallback: T, shown?: (current: Partial<AudioState>) => Partial<AudioState>) => {
      const withKey = (controller: AudioController) => {
        controller.prepare(key, url, { preload: "none", ...(segments ? { segments } : {}) });
        return act(controller);
      };
      // Loaded: at once, inside the click (browsers want play() there).
      const loaded = audioEngine();
      if (loaded) return withKey(loaded);
      if (shown) setPending((current) => ({ ...current, ...shown(current) }));
      return loadAudioEngine().then(withKey, (error: unknown) => {
        console.warn("The audio player could not be loaded", error);
        setPending((current) => ({ ...current, playing: false, loading: false, error: true }));
        return fallback;
      });
    };
    const playing = { playing: true, loading: true, error: false };
    return {
      play: async (playOptions) => run((c) => c.play(key, url, playOptions), false, () => ({ ...playing, scope: "all" })),
      pause: () => void run((c) => c.pause(key), undefined, () => ({ playing: false, loading: false })),
      toggle: async () =>
        run((c) => c.toggle(key, url), false, (current) => (current.playing ? { playing: false, loading: false } : { ...playing, scope: "all" })),
      stop: () => void run((c) => c.stop(key), undefined, () => ({ playing: false, loading: false, segment: -1 })),
      seek: (seconds) => void run((c) => c.seek(key, seconds), undefined),
      seekBy: (delta) => void run((c) => c.seekBy(key, delta), undefined),
      setRate: (rate, rateOptions) => void run((c) => c.setRate(key, rate, rateOptions), undefined, () => ({ rate })),
      setRepeat: (times) => void run((c) => c.setRepeat(key, times), undefined, () => ({ repeat: times })),
      playSegment: async (index, scope) =>
        run((c) => c.playSegment(key, url, index, scope ? { scope } : {}), false, () => ({ ...playing, segment: index, scope: scope ?? "one" })),
      selectSegment: (index) => void run((c) => c.selectSegment(key, index), undefined, () => ({ segment: index })),
      setLoopSegment: (on) => void run((c) => c.setLoopSegment(key, on), undefined, () => ({ loopSegment: on })),
      setShadow: (on) => void run((c) => c.setShadow(key, on), undefined, () => ({ shadow: on })),
      setTurnFactor: (factor) => void run((c) => c.setTurnFactor(key, factor), undefined, () => ({ turnFactor: factor })),
      warm: warmAudioEngine,
    };
  }, [key, url, segments]);

  const shown = useMemo(() => {
    const current = ready ? state : { ...state, ...pending };
    // The engine's own element reads the length again once it is loaded; until then the probe's value stands.
    if (current.duration > 0 || probed?.url !== url) return current;
    return { ...current, duration: probed.duration };
  }, [ready, state, pending, probed, url]);
  return useMemo(() => ({ ...shown, ...actions }), [shown, actions]);
}
