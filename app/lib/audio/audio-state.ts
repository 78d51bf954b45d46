/**
 * What a page needs of the audio helper to render a player: the choices it offers, the state's shape and its starting
 * value, and the time format. The controller itself (audio-controller.ts) is loaded on the learner's first intent to
 * play (audio-engine.ts), so none of it is in a page's first-visit JavaScript.
 */

/** Seek buttons jump this many seconds by default (SPEC §9). */
export const SEEK_STEP_SECONDS = 10;
/** Default playback rate (SPEC §9). */
export const DEFAULT_PLAYBACK_RATE = 1;
/** The progress timer ticks every 100 ms while playing (SPEC §9). */
export const PROGRESS_TICK_MS = 100;
/** Speeds offered on the public audio card. */
export const PUBLIC_PLAYBACK_RATES = [0.5, 0.75, 1, 1.25] as const;
/** Speeds offered in the admin phrase manager (SPEC §9). */
export const ADMIN_PLAYBACK_RATES = [0.8, 1, 1.3] as const;
/** How many times the whole audio plays: once, twice, three times, or on a loop until paused. */
export const REPEAT_CHOICES = [1, 2, 3, Number.POSITIVE_INFINITY] as const;
/** Listen-and-repeat: the learner's turn lasts this many times the phrase's length (as played, so slower is longer). */
export const TURN_FACTORS = [1, 1.5, 2, 3] as const;
export const DEFAULT_TURN_FACTOR = 1.5;

/**
 * One phrase inside the audio: which file (a lesson whose phrases each have their own file plays them as one list)
 * and where in it, in seconds. `end` is Infinity for "to the end of the file".
 */
export interface Segment {
  url: string;
  start: number;
  end: number;
}

/** What a subscriber sees for one key. Objects are immutable: a change produces a new object. */
export interface AudioState {
  /** Playback is wanted (it may still be buffering: see `loading`). */
  playing: boolean;
  /** Position in seconds. */
  currentTime: number;
  /** Length in seconds; 0 until the metadata has loaded. */
  duration: number;
  rate: number;
  /** Total number of plays of the whole audio: 1 = once, `Infinity` = loop until paused. */
  repeat: number;
  /** Waiting for data after play was asked for. */
  loading: boolean;
  /** The last attempt to load or play failed (the failure was logged with console.warn). */
  error: boolean;
  /** The phrase (index into the segments) being spoken or last spoken; -1 before the first or without segments. */
  segment: number;
  /** "one": stop at the end of `segment` (a phrase's own play button); "all": go on through the audio. */
  scope: "all" | "one";
  /** "Repeat this phrase": the phrase plays again and again until this is turned off or playback paused. */
  loopSegment: boolean;
  /** Listen-and-repeat: after each phrase, a pause for the learner to say it. */
  shadow: boolean;
  /** The learner's pause, as a multiple of the phrase's length (TURN_FACTORS). */
  turnFactor: number;
  /** While it is the learner's turn (listen-and-repeat), its length in ms; 0 otherwise. `playing` stays true. */
  turnMs: number;
}

export const INITIAL_AUDIO_STATE: AudioState = Object.freeze({
  playing: false,
  currentTime: 0,
  duration: 0,
  rate: DEFAULT_PLAYBACK_RATE,
  repeat: 1,
  loading: false,
  error: false,
  segment: -1,
  scope: "all",
  loopSegment: false,
  shadow: false,
  turnFactor: DEFAULT_TURN_FACTOR,
  turnMs: 0,
});

export interface PlayOptions {
  rate?: number;
  repeat?: number;
  /** Start from this position (seconds) instead of where the audio was paused. */
  from?: number;
}

export interface PrepareOptions {
  /**
   * "metadata" (default) creates the element now so the duration shows before the first play; only the header of
   * the file is fetched. "none" only remembers the URL: nothing is fetched until play.
   */
  preload?: "none" | "metadata";
  /** The phrases inside the audio, in order (see Segment). Replaces earlier ones; omit to keep them. */
  segments?: readonly Segment[];
}

export interface SetRateOptions {
  /** Start again from the beginning if playing (the admin phrase manager's behaviour, SPEC §4). Default false. */
  restart?: boolean;
}

/** "0:03", "1:05", "1:02:03". Unknown or negative values show as 0:00. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export type AudioListener = (state: AudioState) => void;

export interface AudioController {
  /**
   * Starts (or resumes) `key` with `url`, pausing and rewinding whatever else was playing. Never rejects: resolves to
   * true once playback started, false if it failed (logged with console.warn, state.error set) or was superseded.
   */
  play(key: string, url: string, options?: PlayOptions): Promise<boolean>;
  /** Pauses `key`, keeping its position. */
  pause(key: string): void;
  /** Pauses if playing, else plays. */
  toggle(key: string, url: string, options?: PlayOptions): Promise<boolean>;
  /** Pauses `key` and rewinds it to 0. */
  stop(key: string): void;
  /** Pauses whichever key is playing (it keeps its position). */
  pauseAll(): void;
  /** Moves to `seconds`, clamped to [0, duration]. */
  seek(key: string, seconds: number): void;
  /** Moves by `delta` seconds (default +10, SEEK_STEP_SECONDS), clamped to [0, duration]. */
  seekBy(key: string, delta?: number): void;
  /** Changes the speed; playing audio keeps playing at the new rate unless `restart` is set. */
  setRate(key: string, rate: number, options?: SetRateOptions): void;
  /** Plays the whole audio `times` times (integer ≥ 1, or Infinity to loop). */
  setRepeat(key: string, times: number): void;
  /** Registers `key` → `url` ahead of playing, optionally loading the metadata (duration). */
  prepare(key: string, url: string, options?: PrepareOptions): void;
  /**
   * Listens to `key`'s state. When the last listener of a key leaves, the key is stopped and its element released
   * (a card that unmounts must not keep playing audio nobody can pause).
   */
  subscribe(key: string, listener: AudioListener): () => void;
  /** The current state of `key` (a stable object between changes; INITIAL_AUDIO_STATE for unknown keys). */
  getState(key: string): AudioState;
  /** The key playing now, if any. */
  activeKey(): string | null;
  /** Stops `key` and forgets it, releasing its media element. */
  release(key: string): void;
  /**
   * Plays segment `index` of `key` from its start, pausing whatever else plays. scope "one" (default) stops at its
   * end (at any speed: a timer, not the media's coarse timeupdate); "all" goes on from there.
   */
  playSegment(key: string, url: string, index: number, options?: { scope?: "all" | "one" }): Promise<boolean>;
  /** Makes segment `index` the current one without playing: moves to its start (playing, it plays from there). */
  selectSegment(key: string, index: number): void;
  setLoopSegment(key: string, on: boolean): void;
  setShadow(key: string, on: boolean): void;
  setTurnFactor(key: string, factor: number): void;
}
