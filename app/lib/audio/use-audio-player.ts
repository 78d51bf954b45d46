import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  getAudioController,
  INITIAL_AUDIO_STATE,
  type AudioState,
  type PlayOptions,
  type PrepareOptions,
  type Segment,
  type SetRateOptions,
} from "#app/lib/audio/audio-controller.ts";

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
}

export type AudioPlayer = AudioState & AudioPlayerActions;

export interface UseAudioPlayerOptions {
  /** "metadata" (default) fetches the file's header after hydration so the duration shows; "none" waits for play. */
  preload?: PrepareOptions["preload"];
  /** Where each phrase is in the audio (see Segment); keep the array stable between renders. */
  segments?: readonly Segment[];
}

const getServerSnapshot = () => INITIAL_AUDIO_STATE;

/**
 * State and actions for one audio through the site-wide controller. `key` must be unique per player on screen (two
 * cards with the same key share one state). Server rendering and hydration see INITIAL_AUDIO_STATE; the controller
 * is only created in the browser. When the component unmounts, its audio stops.
 */
export function useAudioPlayer(key: string, url: string, options: UseAudioPlayerOptions = {}): AudioPlayer {
  const preload = options.preload ?? "metadata";
  const segments = options.segments;

  const subscribe = useCallback((onChange: () => void) => getAudioController().subscribe(key, onChange), [key]);
  const getSnapshot = useCallback(() => getAudioController().getState(key), [key]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  useEffect(() => {
    getAudioController().prepare(key, url, { preload, segments: segments ?? [] });
  }, [key, url, preload, segments]);

  const actions = useMemo<AudioPlayerActions>(() => {
    // The controller ignores unknown keys; registering first makes controls work even before the effect above ran.
    const controller = () => {
      const shared = getAudioController();
      shared.prepare(key, url, { preload: "none", ...(segments ? { segments } : {}) });
      return shared;
    };
    return {
      play: (playOptions) => controller().play(key, url, playOptions),
      pause: () => controller().pause(key),
      toggle: () => controller().toggle(key, url),
      stop: () => controller().stop(key),
      seek: (seconds) => controller().seek(key, seconds),
      seekBy: (delta) => controller().seekBy(key, delta),
      setRate: (rate, rateOptions) => controller().setRate(key, rate, rateOptions),
      setRepeat: (times) => controller().setRepeat(key, times),
      playSegment: (index, scope) => controller().playSegment(key, url, index, scope ? { scope } : {}),
      selectSegment: (index) => controller().selectSegment(key, index),
      setLoopSegment: (on) => controller().setLoopSegment(key, on),
      setShadow: (on) => controller().setShadow(key, on),
      setTurnFactor: (factor) => controller().setTurnFactor(key, factor),
    };
  }, [key, url, segments]);

  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}
