/**
 * The one shared audio helper of the site (SPEC §4: "Only one audio plays at a time through the shared audio helper").
 *
 * Every audio card, preview button or favourite row plays through the browser singleton returned by
 * `getAudioController()`. Each caller names its audio with a `key` (unique per card on screen) and gets its own state;
 * starting one key pauses and rewinds whichever other key was playing, and tells that key's subscribers.
 *
 * Nothing here touches `window`, `document` or `Audio` when the module is imported, so server rendering can import it.
 * Media elements are created on demand through a factory, which is also how the unit tests pass in a fake element.
 *
 * Public pages never import this module statically: they load it through audio-engine.ts on the learner's first
 * intent to play, so it is not part of a page's first-visit JavaScript (docs/decisions/010-learn-mode.md).
 */
import { provideAudioEngine } from "#app/lib/audio/audio-registry.ts";
import {
  DEFAULT_PLAYBACK_RATE,
  DEFAULT_TURN_FACTOR,
  INITIAL_AUDIO_STATE,
  PROGRESS_TICK_MS,
  SEEK_STEP_SECONDS,
  type AudioController,
  type AudioListener,
  type AudioState,
  type PlayOptions,
  type PrepareOptions,
  type Segment,
  type SetRateOptions,
} from "#app/lib/audio/audio-state.ts";

/** The shortest turn: a short word still needs time to be said. */
const MIN_TURN_MS = 1000;
/** The silence between two plays of a looped phrase, so the loop does not run the phrase into itself. */
const LOOP_GAP_MS = 600;
/**
 * A boundary closer than this counts as reached: timers fire a little early or late, and the media clock moves in
 * steps, so waiting for the exact millisecond would take another timer round for nothing.
 */
const BOUNDARY_SLACK_S = 0.008;
/** A position this close after a phrase's start already belongs to it (a seek can land a frame early). */
const START_SLACK_S = 0.05;

/** The part of HTMLAudioElement the controller uses; `new Audio()` satisfies it, and so does a small test fake. */
export interface MediaElementLike {
  src: string;
  preload: string;
  currentTime: number;
  readonly duration: number;
  playbackRate: number;
  defaultPlaybackRate: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly readyState: number;
  readonly error: { readonly code: number; readonly message: string } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}



export interface AudioControllerOptions {
  /** Creates a media element. Browser default: `new Audio()`. */
  createMedia: () => MediaElementLike;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** One-shot timers for phrase ends and the learner's pauses. Default: the global setTimeout. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Runs a callback soon (used to release keys whose last subscriber left). Default queueMicrotask. */
  defer?: (callback: () => void) => void;
  /** Where failures are reported. Default console.warn (never console.error: failures are expected and swallowed). */
  warn?: (...args: unknown[]) => void;
}

interface Track {
  key: string;
  /** The URL callers name the key by. */
  source: string;
  /** The file loaded now: `source`, or another segment's file in a list of per-phrase files. */
  url: string;
  segments: readonly Segment[];
  /** A pause the controller made itself (phrase loop, learner's turn): `playing` stays true meanwhile. */
  holding: boolean;
  /** The pending phrase-end or end-of-hold timer. */
  timeout: unknown;
  state: AudioState;
  media: MediaElementLike | null;
  detach: (() => void) | null;
  /** Which play-through of `repeat` is running (1-based); 0 when stopped. */
  round: number;
  /** Bumped by every play/pause/stop so a late play() settlement can tell it has been superseded. */
  generation: number;
}

/** HTMLMediaElement.HAVE_FUTURE_DATA: enough data to start playing. */
const HAVE_FUTURE_DATA = 3;

function finiteOr(value: number, fallback: number) {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function isAbortError(error: unknown) {
  return typeof error === "object" && error !== null && "name" in error && error.name === "AbortError";
}

/**
 * The phrase at `seconds` in `url`: the one spoken there, or in the pause after a phrase the one just spoken (the
 * highlight stays until the next begins); -1 before the first. `preferred` wins when it contains the position.
 */
export function segmentAt(segments: readonly Segment[], url: string, seconds: number, preferred = -1): number {
  const inside = (segment: Segment | undefined) =>
    segment?.url === url && seconds >= segment.start - START_SLACK_S && seconds < segment.end - BOUNDARY_SLACK_S;
  if (inside(segments[preferred])) return preferred;
  let found = -1;
  segments.forEach((segment, index) => {
    if (segment.url === url && seconds >= segment.start - START_SLACK_S && (found < 0 || segment.start >= segments[found]!.start)) found = index;
  });
  return found;
}

/** The learner's turn after a phrase `length` seconds long played at `rate`. */
export function turnMs(length: number, rate: number, factor: number): number {
  return Math.max(MIN_TURN_MS, Math.round(((Number.isFinite(length) ? length : 0) / rate) * factor * 1000));
}

export function normalizeRepeat(times: number): number {
  if (times === Number.POSITIVE_INFINITY) return times;
  if (!Number.isFinite(times) || times < 1) return 1;
  return Math.floor(times);
}

export function normalizeRate(rate: number): number {
  // Browsers throw outside roughly [0.0625, 16]; keep to a sane range for speech.
  if (!Number.isFinite(rate) || rate <= 0) return DEFAULT_PLAYBACK_RATE;
  return Math.min(4, Math.max(0.25, rate));
}

/** Clamps a position to [0, duration]; with an unknown duration (0) only the lower bound applies. */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return duration > 0 ? Math.min(seconds, duration) : seconds;
}

export function createAudioController(options: AudioControllerOptions): AudioController {
  const startTimer = options.setInterval ?? ((callback: () => void, ms: number) => globalThis.setInterval(callback, ms));
  const stopTimer =
    options.clearInterval ?? ((handle: unknown) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>));
  const startTimeout = options.setTimeout ?? ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms));
  const stopTimeout =
    options.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const defer = options.defer ?? ((callback: () => void) => queueMicrotask(callback));
  const warn = options.warn ?? ((...args: unknown[]) => console.warn(...args));

  const tracks = new Map<string, Track>();
  const listeners = new Map<string, Set<AudioListener>>();
  let active: Track | null = null;
  let timer: unknown = null;

  function update(track: Track, patch: Partial<AudioState>) {
    const next = { ...track.state, ...patch };
    const changed = (Object.keys(next) as (keyof AudioState)[]).some((name) => next[name] !== track.state[name]);
    if (!changed) return;
    track.state = next;
    // Only the live track notifies: a released key has nothing left to say.
    if (tracks.get(track.key) !== track) return;
    for (const listener of [...(listeners.get(track.key) ?? [])]) listener(next);
  }

  function tick() {
    const track = active;
    if (!track?.media) return;
    const duration = finiteOr(track.media.duration, track.state.duration);
    update(track, { duration, currentTime: clampTime(track.media.currentTime, duration) });
    clock(track);
  }

  /** Whether the end of the current phrase needs an action (stop, loop, the learner's turn), not just a highlight. */
  function stopsAtSegmentEnd(track: Track) {
    return track.state.scope === "one" || track.state.loopSegment || track.state.shadow;
  }

  /** Ends a hold and cancels the pending phrase timer: the track pauses, stops or moves elsewhere. */
  function settle(track: Track) {
    if (track.timeout !== null) stopTimeout(track.timeout);
    track.timeout = null;
    track.holding = false;
  }

  /**
   * The next moment something happens inside the audio (the current phrase ends and must stop, or the next one
   * starts and takes the highlight), as a timer set from the media clock and the speed; `timeupdate` is far too coarse
   * for it. The progress tick calls this again every 100 ms, which corrects a timer set before a stall or a seek.
   */
  function schedule(track: Track) {
    if (track.timeout !== null) stopTimeout(track.timeout);
    track.timeout = null;
    const media = track.media;
    if (!media || track.holding || active !== track || !track.state.playing || track.segments.length === 0) return;
    const now = media.currentTime;
    const current = track.segments[track.state.segment];
    let target = Number.POSITIVE_INFINITY;
    if (current?.url === track.url && stopsAtSegmentEnd(track)) target = current.end;
    for (const segment of track.segments) {
      if (segment.url === track.url && segment.start > now && segment.start < target) target = segment.start;
    }
    if (!Number.isFinite(target)) return;
    const rate = media.playbackRate > 0 ? media.playbackRate : track.state.rate;
    track.timeout = startTimeout(() => {
      track.timeout = null;
      clock(track);
    }, Math.max(0, ((target - now) / rate) * 1000));
  }

  /** Reads the media clock: acts on the end of the current phrase, or moves the highlight, then sets the next timer. */
  function clock(track: Track) {
    const media = track.media;
    if (!media || track.holding || active !== track || track.segments.length === 0) return;
    const now = media.currentTime;
    const current = track.segments[track.state.segment];
    if (current?.url === track.url && stopsAtSegmentEnd(track) && now >= current.end - BOUNDARY_SLACK_S) {
      segmentEnded(track, track.state.segment, false);
      return;
    }
    update(track, { segment: segmentAt(track.segments, track.url, now, track.state.segment) });
    schedule(track);
  }

  /** Pauses the media but not the listener's playback: a gap in a loop, or the learner's turn (`turn` ms, else 0). */
  function hold(track: Track, ms: number, turn: number, then: () => void) {
    settle(track);
    track.holding = true;
    track.media?.pause();
    update(track, { turnMs: turn, loading: false });
    track.timeout = startTimeout(() => {
      track.timeout = null;
      track.holding = false;
      update(track, { turnMs: 0 });
      then();
    }, ms);
  }

  function segmentEnded(track: Track, index: number, atFileEnd: boolean) {
    const segment = track.segments[index];
    if (!segment) return;
    const { loopSegment, shadow, scope, rate, turnFactor } = track.state;
    const end = Number.isFinite(segment.end) ? segment.end : finiteOr(track.media?.duration ?? 0, segment.start);
    const turn = shadow ? turnMs(end - segment.start, rate, turnFactor) : 0;
    const next = () => {
      if (index + 1 < track.segments.length) void goTo(track, index + 1);
      else sequenceEnded(track);
    };
    if (loopSegment) hold(track, turn || LOOP_GAP_MS, turn, () => void goTo(track, index));
    else if (scope === "one") {
      if (turn) hold(track, turn, turn, () => pause(track.key));
      else pause(track.key);
    } else if (turn) hold(track, turn, turn, next);
    // In one file the next phrase follows by itself; a list of files moves on at the end of each.
    else if (atFileEnd || track.segments[index + 1]?.url !== track.url) next();
  }

  /** The last phrase is done: another round if repeat asks for one, else back to rest. */
  function sequenceEnded(track: Track) {
    if (track.round < track.state.repeat) {
      track.round += 1;
      void goTo(track, 0);
    } else {
      finish(track);
    }
  }

  /** Moves to segment `index`'s start (loading its file if it has its own) and plays. */
  function goTo(track: Track, index: number): Promise<boolean> {
    const segment = track.segments[index];
    if (!segment) return Promise.resolve(false);
    settle(track);
    try {
      const media = ensureMedia(track, "auto");
      if (segment.url !== track.url) {
        track.url = segment.url;
        media.src = segment.url;
        update(track, { duration: 0 });
      } else if (track.state.error) {
        media.load();
      }
      media.playbackRate = track.state.rate;
      media.currentTime = segment.start;
    } catch (error) {
      fail(track, error);
      return Promise.resolve(false);
    }
    update(track, { segment: index, currentTime: segment.start, turnMs: 0 });
    return start(track);
  }

  function syncTimer() {
    const shouldRun = active !== null && active.state.playing;
    if (shouldRun && timer === null) timer = startTimer(tick, PROGRESS_TICK_MS);
    if (!shouldRun && timer !== null) {
      stopTimer(timer);
      timer = null;
    }
  }

  function fail(track: Track, reason: unknown) {
    warn(`Audio playback failed for "${track.url}"`, reason);
    settle(track);
    track.generation += 1;
    track.round = 0;
    if (active === track) active = null;
    update(track, { playing: false, loading: false, error: true });
    syncTimer();
  }

  /** Playback reached the end of the last play-through: back to the start, not playing. */
  function finish(track: Track) {
    settle(track);
    track.round = 0;
    track.generation += 1;
    if (track.media) track.media.currentTime = 0;
    if (active === track) active = null;
    update(track, { playing: false, loading: false, currentTime: 0, segment: -1, turnMs: 0 });
    syncTimer();
  }

  function attach(track: Track, media: MediaElementLike) {
    const handlers: Record<string, () => void> = {
      loadedmetadata: () => update(track, { duration: finiteOr(media.duration, 0) }),
      durationchange: () => update(track, { duration: finiteOr(media.duration, track.state.duration) }),
      waiting: () => {
        if (track.state.playing) update(track, { loading: true });
      },
      playing: () => {
        update(track, { loading: false });
        schedule(track);
      },
      seeked: () => {
        update(track, { currentTime: clampTime(media.currentTime, track.state.duration) });
        schedule(track);
      },
      play: () => {
        // Started from outside our API (e.g. the OS media controls): still only one at a time. A late event from a
        // play() we already took back (the element is paused again) is ignored.
        if (active !== track && !media.paused) {
          if (active) rewind(active);
          active = track;
          track.round = Math.max(track.round, 1);
          update(track, { playing: true, error: false });
          syncTimer();
        }
      },
      pause: () => {
        // Ended playback fires "pause" first; "ended" decides whether another round follows. A late event from a
        // pause() already followed by a new play() (the element is playing again) is ignored.
        if (media.ended || !media.paused || !track.state.playing || track.holding) return;
        track.generation += 1;
        if (active === track) active = null;
        update(track, { playing: false, loading: false, currentTime: clampTime(media.currentTime, track.state.duration) });
        syncTimer();
      },
      ended: () => {
        if (track.state.playing && !track.holding && track.segments.length > 0 && track.state.segment >= 0) {
          segmentEnded(track, track.state.segment, true);
        } else if (track.state.playing && track.round < track.state.repeat) {
          track.round += 1;
          media.currentTime = 0;
          update(track, { currentTime: 0 });
          void start(track);
        } else {
          finish(track);
        }
      },
      error: () => {
        const detail = media.error ? `${media.error.code}: ${media.error.message}` : "unknown media error";
        fail(track, detail);
      },
    };
    for (const [type, handler] of Object.entries(handlers)) media.addEventListener(type, handler);
    track.detach = () => {
      for (const [type, handler] of Object.entries(handlers)) media.removeEventListener(type, handler);
    };
  }

  function ensureMedia(track: Track, preload: "metadata" | "auto"): MediaElementLike {
    if (track.media) {
      if (preload === "auto" && track.media.preload !== "auto") track.media.preload = "auto";
      return track.media;
    }
    const media = options.createMedia();
    // Set before src: a page with many cards must not download every file up front.
    media.preload = preload;
    media.defaultPlaybackRate = track.state.rate;
    media.playbackRate = track.state.rate;
    attach(track, media);
    media.src = track.url;
    if (track.state.currentTime > 0) media.currentTime = track.state.currentTime;
    track.media = media;
    return media;
  }

  function disposeMedia(track: Track) {
    const media = track.media;
    if (!media) return;
    track.detach?.();
    track.detach = null;
    track.media = null;
    try {
      media.pause();
      // The documented way to let the browser drop the resource (setting src = "" raises an error event instead).
      media.removeAttribute("src");
      media.load();
    } catch (error) {
      warn("Could not release an audio element", error);
    }
  }

  function ensureTrack(key: string, url: string): Track {
    const existing = tracks.get(key);
    if (existing && existing.source === url) return existing;
    if (existing) {
      // Same key, new file: start over but keep the listener's choices.
      if (active === existing) active = null;
      settle(existing);
      existing.generation += 1;
      existing.round = 0;
      disposeMedia(existing);
      existing.url = url;
      existing.source = url;
      existing.segments = [];
      const { rate, repeat, loopSegment, shadow, turnFactor } = existing.state;
      update(existing, { ...INITIAL_AUDIO_STATE, rate, repeat, loopSegment, shadow, turnFactor });
      syncTimer();
      return existing;
    }
    const track: Track = {
      key,
      source: url,
      url,
      segments: [],
      holding: false,
      timeout: null,
      state: INITIAL_AUDIO_STATE,
      media: null,
      detach: null,
      round: 0,
      generation: 0,
    };
    tracks.set(key, track);
    return track;
  }

  /** Pauses and rewinds a track another key is taking over from. */
  function rewind(track: Track) {
    settle(track);
    track.generation += 1;
    track.round = 0;
    if (active === track) active = null;
    if (track.media) {
      track.media.pause();
      track.media.currentTime = 0;
    }
    update(track, { playing: false, loading: false, currentTime: 0, segment: -1, turnMs: 0 });
  }

  async function start(track: Track): Promise<boolean> {
    const media = ensureMedia(track, "auto");
    const generation = ++track.generation;
    try {
      await media.play();
    } catch (error) {
      // Interrupted by our own pause/stop/other play: not a failure.
      if (generation !== track.generation || tracks.get(track.key) !== track) return false;
      if (isAbortError(error) && !track.state.playing) return false;
      fail(track, error);
      return false;
    }
    if (generation !== track.generation || tracks.get(track.key) !== track) return false;
    update(track, { loading: false, error: false });
    schedule(track);
    return true;
  }

  function play(key: string, url: string, playOptions: PlayOptions = {}): Promise<boolean> {
    const track = ensureTrack(key, url);
    if (playOptions.rate !== undefined) setRate(key, playOptions.rate);
    if (playOptions.repeat !== undefined) setRepeat(key, playOptions.repeat);
    if (playOptions.from !== undefined) seek(key, playOptions.from);
    if (track.state.playing && active === track) return Promise.resolve(true);
    // The card's own play goes on through the audio, also from where a phrase's own play stopped.
    update(track, { scope: "all" });

    if (active && active !== track) rewind(active);
    active = track;

    let media: MediaElementLike;
    try {
      media = ensureMedia(track, "auto");
      if (track.state.error) media.load(); // An element that failed must reload before it can play again.
      media.playbackRate = track.state.rate;
      // Resuming from the very end would end at once: start over instead.
      if (track.state.duration > 0 && track.state.currentTime >= track.state.duration) {
        media.currentTime = 0;
        update(track, { currentTime: 0 });
      }
    } catch (error) {
      fail(track, error);
      return Promise.resolve(false);
    }
    track.round = Math.max(track.round, 1);
    update(track, { playing: true, error: false, loading: media.readyState < HAVE_FUTURE_DATA });
    syncTimer();
    return start(track);
  }

  function pause(key: string) {
    const track = tracks.get(key);
    if (!track) return;
    settle(track);
    track.generation += 1;
    if (active === track) active = null;
    if (track.media) track.media.pause();
    update(track, {
      playing: false,
      loading: false,
      turnMs: 0,
      currentTime: track.media ? clampTime(track.media.currentTime, track.state.duration) : track.state.currentTime,
    });
    syncTimer();
  }

  function toggle(key: string, url: string, playOptions?: PlayOptions) {
    const track = tracks.get(key);
    if (track && track.source === url && track.state.playing) {
      pause(key);
      return Promise.resolve(false);
    }
    return play(key, url, playOptions);
  }

  function stop(key: string) {
    const track = tracks.get(key);
    if (!track) return;
    rewind(track);
    syncTimer();
  }

  function seek(key: string, seconds: number) {
    const track = tracks.get(key);
    if (!track) return;
    const duration = track.media ? finiteOr(track.media.duration, track.state.duration) : track.state.duration;
    const target = clampTime(seconds, duration);
    // A seek during a loop's gap or the learner's turn ends it: the listener chose where to go on from.
    const held = track.holding;
    settle(track);
    if (track.media) track.media.currentTime = target;
    update(track, {
      currentTime: target,
      duration,
      turnMs: 0,
      ...(track.segments.length > 0 ? { segment: segmentAt(track.segments, track.url, target) } : {}),
    });
    if (held && track.state.playing) void start(track);
    else schedule(track);
  }

  function seekBy(key: string, delta: number = SEEK_STEP_SECONDS) {
    const track = tracks.get(key);
    if (!track) return;
    const from = track.media ? track.media.currentTime : track.state.currentTime;
    seek(key, from + delta);
  }

  function setRate(key: string, rate: number, rateOptions: SetRateOptions = {}) {
    const track = tracks.get(key);
    if (!track) return;
    const next = normalizeRate(rate);
    if (track.media) {
      track.media.defaultPlaybackRate = next;
      track.media.playbackRate = next;
    }
    update(track, { rate: next });
    if (rateOptions.restart && track.state.playing) seek(key, 0);
    else schedule(track);
  }

  function setRepeat(key: string, times: number) {
    const track = tracks.get(key);
    if (!track) return;
    update(track, { repeat: normalizeRepeat(times) });
  }

  function prepare(key: string, url: string, prepareOptions: PrepareOptions = {}) {
    const track = ensureTrack(key, url);
    if (prepareOptions.segments) track.segments = prepareOptions.segments;
    if ((prepareOptions.preload ?? "metadata") === "metadata") {
      try {
        ensureMedia(track, "metadata");
      } catch (error) {
        fail(track, error);
      }
    }
  }

  function release(key: string) {
    const track = tracks.get(key);
    if (!track) return;
    rewind(track);
    disposeMedia(track);
    tracks.delete(key);
    syncTimer();
  }

  function playSegment(key: string, url: string, index: number, segmentOptions: { scope?: "all" | "one" } = {}) {
    const track = ensureTrack(key, url);
    if (!track.segments[index]) return Promise.resolve(false);
    if (active && active !== track) rewind(active);
    active = track;
    track.round = Math.max(track.round, 1);
    update(track, { playing: true, error: false, scope: segmentOptions.scope ?? "one", loading: (track.media?.readyState ?? 0) < HAVE_FUTURE_DATA });
    syncTimer();
    return goTo(track, index);
  }

  function selectSegment(key: string, index: number) {
    const track = tracks.get(key);
    const segment = track?.segments[index];
    if (!track || !segment) return;
    if (track.state.playing) {
      void playSegment(key, track.source, index, { scope: track.state.scope });
      return;
    }
    if (segment.url !== track.url) {
      // Another file of a list: load it (paused) so that play goes on from there.
      track.url = segment.url;
      if (track.media) track.media.src = segment.url;
      update(track, { duration: 0 });
    }
    if (track.media) track.media.currentTime = segment.start;
    update(track, { segment: index, currentTime: segment.start });
  }

  function set(key: string, patch: Partial<AudioState>) {
    const track = tracks.get(key);
    if (!track) return;
    update(track, patch);
    schedule(track);
  }

  function subscribe(key: string, listener: AudioListener) {
    let set = listeners.get(key);
    if (!set) {
      set = new Set();
      listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = listeners.get(key);
      if (!current?.delete(listener) || current.size > 0) return;
      listeners.delete(key);
      // Deferred so a quick unsubscribe/resubscribe (React StrictMode, a re-render) keeps the audio going.
      defer(() => {
        if (!listeners.has(key)) release(key);
      });
    };
  }

  return {
    play,
    pause,
    toggle,
    stop,
    pauseAll: () => {
      if (active) pause(active.key);
    },
    seek,
    seekBy,
    setRate,
    setRepeat,
    prepare,
    subscribe,
    getState: (key) => tracks.get(key)?.state ?? INITIAL_AUDIO_STATE,
    activeKey: () => active?.key ?? null,
    release,
    playSegment,
    selectSegment,
    setLoopSegment: (key, on) => set(key, { loopSegment: on }),
    setShadow: (key, on) => set(key, { shadow: on }),
    setTurnFactor: (key, factor) => set(key, { turnFactor: factor > 0 ? factor : DEFAULT_TURN_FACTOR }),
  };
}

let browserController: AudioController | null = null;

/**
 * The site-wide controller, created on first use in the browser. Call it from event handlers and effects, never while
 * rendering on the server (it would hand back a controller that cannot create media elements).
 */
export function getAudioController(): AudioController {
  browserController ??= createAudioController({
    createMedia: () => {
      if (typeof Audio === "undefined") throw new Error("Audio playback is only available in the browser");
      return new Audio();
    },
  });
  return browserController;
}

// Whoever loads this module (the engine loader on a public page, an admin page statically) makes it the engine.
provideAudioEngine(getAudioController);
