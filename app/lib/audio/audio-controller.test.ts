import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAudioController, getAudioController, segmentAt, turnMs, type MediaElementLike } from "#app/lib/audio/audio-controller.ts";
import {
  formatTime,
  INITIAL_AUDIO_STATE,
  PROGRESS_TICK_MS,
  SEEK_STEP_SECONDS,
  type AudioController,
  type AudioState,
  type Segment,
} from "#app/lib/audio/audio-state.ts";

/** Just enough of HTMLAudioElement: events fire synchronously, play() resolves unless told otherwise. */
class FakeMedia implements MediaElementLike {
  src = "";
  preload = "auto";
  currentTime = 0;
  duration = Number.NaN;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  paused = true;
  ended = false;
  readyState = 0;
  error: { code: number; message: string } | null = null;
  loads = 0;
  playCalls = 0;
  /** The next play() rejects with this. */
  rejectNextPlay: unknown = null;
  /** When set, play() stays pending until settle() is called. */
  holdPlay = false;
  private pending: { resolve: () => void; reject: (reason: unknown) => void } | null = null;
  private listeners = new Map<string, Set<() => void>>();

  play() {
    this.playCalls += 1;
    if (this.rejectNextPlay) {
      const reason = this.rejectNextPlay;
      this.rejectNextPlay = null;
      return Promise.reject(reason);
    }
    this.paused = false;
    this.ended = false;
    this.emit("play");
    if (this.holdPlay) {
      return new Promise<void>((resolve, reject) => {
        this.pending = { resolve, reject };
      });
    }
    this.readyState = 4;
    this.emit("playing");
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.emit("pause");
    if (this.pending) {
      const abort = Object.assign(new Error("The play() request was interrupted by a call to pause()."), {
        name: "AbortError",
      });
      this.pending.reject(abort);
      this.pending = null;
    }
  }
  load() {
    this.loads += 1;
  }
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  addEventListener(type: string, listener: () => void) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  emit(type: string) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }

  // Test helpers standing in for the browser.
  loadMetadata(duration: number) {
    this.duration = duration;
    this.readyState = 1;
    this.emit("loadedmetadata");
  }
  /** Playback reaches the end: the element pauses, fires "pause", then "ended". */
  reachEnd() {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    this.emit("pause");
    this.emit("ended");
  }
  failWithMediaError() {
    this.error = { code: 4, message: "MEDIA_ELEMENT_ERROR: Format error" };
    this.paused = true;
    this.emit("error");
  }
}

interface Setup {
  controller: AudioController;
  media: FakeMedia[];
  warn: ReturnType<typeof vi.fn>;
  runDeferred: () => void;
}

function setup(): Setup {
  const media: FakeMedia[] = [];
  const deferred: (() => void)[] = [];
  const warn = vi.fn();
  const controller = createAudioController({
    createMedia: () => {
      const element = new FakeMedia();
      media.push(element);
      return element;
    },
    defer: (callback) => deferred.push(callback),
    warn,
  });
  return { controller, media, warn, runDeferred: () => deferred.splice(0).forEach((callback) => callback()) };
}

function record(controller: AudioController, key: string) {
  const states: AudioState[] = [];
  const unsubscribe = controller.subscribe(key, (state) => states.push(state));
  return { states, unsubscribe };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("one audio at a time", () => {
  it("starting B pauses and rewinds A and notifies A's listeners", async () => {
    const { controller, media } = setup();
    const a = record(controller, "a");
    await controller.play("a", "/a.wav");
    const [mediaA] = media;
    mediaA!.loadMetadata(12);
    controller.seek("a", 4);
    expect(controller.getState("a")).toMatchObject({ playing: true, currentTime: 4, duration: 12 });

    await controller.play("b", "/b.wav");

    expect(mediaA!.paused).toBe(true);
    expect(mediaA!.currentTime).toBe(0);
    expect(controller.getState("a")).toMatchObject({ playing: false, currentTime: 0 });
    expect(a.states.at(-1)).toMatchObject({ playing: false, currentTime: 0 });
    expect(controller.getState("b").playing).toBe(true);
    expect(controller.activeKey()).toBe("b");
  });

  it("a late play event from a track already taken over does not steal playback back", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav");
    await controller.play("b", "/b.wav");
    media[0]!.emit("play"); // queued from the earlier play(), delivered after A was paused
    expect(controller.activeKey()).toBe("b");
    expect(controller.getState("b").playing).toBe(true);
  });

  it("play started outside the API (OS media controls) still pauses the other key", async () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav");
    await controller.play("b", "/b.wav");
    void media[0]!.play();
    expect(controller.activeKey()).toBe("a");
    expect(controller.getState("a").playing).toBe(true);
    expect(controller.getState("b").playing).toBe(false);
    expect(media[1]!.paused).toBe(true);
  });

  it("toggle pauses the playing key and keeps its position", async () => {
    const { controller, media } = setup();
    await controller.toggle("a", "/a.wav");
    media[0]!.loadMetadata(12);
    controller.seek("a", 3);
    expect(await controller.toggle("a", "/a.wav")).toBe(false);
    expect(controller.getState("a")).toMatchObject({ playing: false, currentTime: 3 });
    expect(media[0]!.paused).toBe(true);
    expect(await controller.toggle("a", "/a.wav")).toBe(true);
    expect(controller.getState("a")).toMatchObject({ playing: true, currentTime: 3 });
  });
});

describe("end of playback", () => {
  it("resets the play state to not playing at 0", async () => {
    const { controller, media } = setup();
    const a = record(controller, "a");
    await controller.play("a", "/a.wav");
    media[0]!.loadMetadata(12);
    media[0]!.reachEnd();
    expect(controller.getState("a")).toMatchObject({ playing: false, currentTime: 0, duration: 12, loading: false });
    expect(media[0]!.currentTime).toBe(0);
    expect(controller.activeKey()).toBeNull();
    // The "pause" fired before "ended" must not produce an intermediate not-playing-at-the-end state.
    expect(a.states.some((state) => !state.playing && state.currentTime === 12)).toBe(false);
  });

  it("repeats the whole audio the chosen number of times", async () => {
    const { controller, media } = setup();
    controller.setRepeat("a", 3); // unknown key: ignored until the key exists
    await controller.play("a", "/a.wav", { repeat: 3 });
    const element = media[0]!;
    element.loadMetadata(5);
    expect(controller.getState("a").repeat).toBe(3);

    element.reachEnd();
    expect(controller.getState("a").playing).toBe(true);
    element.reachEnd();
    expect(controller.getState("a").playing).toBe(true);
    element.reachEnd();
    expect(controller.getState("a")).toMatchObject({ playing: false, currentTime: 0 });
    expect(element.playCalls).toBe(3);

    // The count starts over on the next play.
    await controller.play("a", "/a.wav");
    element.reachEnd();
    element.reachEnd();
    expect(controller.getState("a").playing).toBe(true);
    expect(element.playCalls).toBe(6);
  });

  it("loops forever with Infinity until paused", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav", { repeat: Number.POSITIVE_INFINITY });
    media[0]!.loadMetadata(5);
    for (let round = 0; round < 10; round++) media[0]!.reachEnd();
    expect(controller.getState("a").playing).toBe(true);
    controller.pause("a");
    expect(controller.getState("a").playing).toBe(false);
  });

  it("normalizes repeat values", () => {
    const { controller } = setup();
    controller.prepare("a", "/a.wav", { preload: "none" });
    controller.setRepeat("a", 0);
    expect(controller.getState("a").repeat).toBe(1);
    controller.setRepeat("a", 2.7);
    expect(controller.getState("a").repeat).toBe(2);
    controller.setRepeat("a", Number.NaN);
    expect(controller.getState("a").repeat).toBe(1);
  });

  it("lowering repeat during the last round ends after it", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav", { repeat: 3 });
    media[0]!.loadMetadata(5);
    media[0]!.reachEnd();
    media[0]!.reachEnd();
    controller.setRepeat("a", 2);
    media[0]!.reachEnd();
    expect(controller.getState("a").playing).toBe(false);
  });
});

describe("rate", () => {
  it("defaults to 1", () => {
    const { controller } = setup();
    expect(controller.getState("x").rate).toBe(1);
    controller.prepare("a", "/a.wav");
    expect(controller.getState("a").rate).toBe(1);
  });

  it("changing speed while playing keeps playing at the new rate", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav");
    const element = media[0]!;
    element.loadMetadata(12);
    element.currentTime = 4;
    controller.setRate("a", 0.75);
    expect(element.playbackRate).toBe(0.75);
    expect(element.defaultPlaybackRate).toBe(0.75);
    expect(element.paused).toBe(false);
    expect(element.currentTime).toBe(4);
    expect(controller.getState("a")).toMatchObject({ playing: true, rate: 0.75 });
  });

  it("can restart from the beginning instead (admin behaviour)", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav");
    media[0]!.loadMetadata(12);
    controller.seek("a", 6);
    controller.setRate("a", 1.3, { restart: true });
    expect(media[0]!.currentTime).toBe(0);
    expect(controller.getState("a")).toMatchObject({ playing: true, rate: 1.3, currentTime: 0 });
  });

  it("applies a rate chosen before the element exists", async () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav", { preload: "none" });
    controller.setRate("a", 1.25);
    await controller.play("a", "/a.wav");
    expect(media[0]!.playbackRate).toBe(1.25);
  });
});

describe("seeking", () => {
  it("seekBy defaults to 10 s and clamps to [0, duration]", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav");
    media[0]!.loadMetadata(25);
    expect(SEEK_STEP_SECONDS).toBe(10);

    controller.seekBy("a");
    expect(controller.getState("a").currentTime).toBe(10);
    controller.seekBy("a");
    controller.seekBy("a");
    expect(controller.getState("a").currentTime).toBe(25);
    expect(media[0]!.currentTime).toBe(25);
    controller.seekBy("a", -100);
    expect(controller.getState("a").currentTime).toBe(0);
    controller.seek("a", 7.5);
    controller.seekBy("a", -5);
    expect(controller.getState("a").currentTime).toBe(2.5);
  });

  it("a seek before the element exists is applied when it is created", async () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav", { preload: "none" });
    controller.seek("a", 3);
    expect(media).toHaveLength(0);
    await controller.play("a", "/a.wav");
    expect(media[0]!.currentTime).toBe(3);
  });

  it("play resumes from the start when paused at the very end", async () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav");
    media[0]!.loadMetadata(8);
    controller.seek("a", 8);
    await controller.play("a", "/a.wav");
    expect(media[0]!.currentTime).toBe(0);
  });
});

describe("progress", () => {
  it("ticks every 100 ms while playing and stops when paused", async () => {
    const { controller, media } = setup();
    const a = record(controller, "a");
    await controller.play("a", "/a.wav");
    const element = media[0]!;
    element.loadMetadata(12);
    expect(PROGRESS_TICK_MS).toBe(100);

    element.currentTime = 0.1;
    vi.advanceTimersByTime(99);
    expect(controller.getState("a").currentTime).toBe(0);
    vi.advanceTimersByTime(1);
    expect(controller.getState("a").currentTime).toBe(0.1);
    element.currentTime = 0.2;
    vi.advanceTimersByTime(100);
    expect(controller.getState("a").currentTime).toBe(0.2);

    controller.pause("a");
    const notified = a.states.length;
    element.currentTime = 5;
    vi.advanceTimersByTime(1000);
    expect(a.states.length).toBe(notified);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not notify when nothing changed", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/a.wav");
    media[0]!.loadMetadata(12);
    const a = record(controller, "a");
    vi.advanceTimersByTime(500);
    expect(a.states).toHaveLength(0);
    const before = controller.getState("a");
    expect(controller.getState("a")).toBe(before);
  });
});

describe("failures", () => {
  it("a rejected play() is swallowed, warned and flagged", async () => {
    const { controller, media, warn } = setup();
    controller.prepare("a", "/missing.wav");
    media[0]!.rejectNextPlay = Object.assign(new Error("The element has no supported sources."), {
      name: "NotSupportedError",
    });
    await expect(controller.play("a", "/missing.wav")).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("/missing.wav");
    expect(controller.getState("a")).toMatchObject({ playing: false, loading: false, error: true });
    expect(controller.activeKey()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);

    // A new attempt reloads the element and clears the flag.
    await expect(controller.play("a", "/missing.wav")).resolves.toBe(true);
    expect(media[0]!.loads).toBe(1);
    expect(controller.getState("a")).toMatchObject({ playing: true, error: false });
  });

  it("a media error event is swallowed, warned and flagged", async () => {
    const { controller, media, warn } = setup();
    await controller.play("a", "/a.wav");
    media[0]!.failWithMediaError();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(controller.getState("a")).toMatchObject({ playing: false, error: true });
  });

  it("uses console.warn by default, never console.error", async () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    const controller = createAudioController({
      createMedia: () => {
        const element = new FakeMedia();
        element.rejectNextPlay = Object.assign(new Error("blocked"), { name: "NotAllowedError" });
        return element;
      },
    });
    await expect(controller.play("a", "/a.wav")).resolves.toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("a play() interrupted by our own pause is not an error", async () => {
    const { controller, media, warn } = setup();
    controller.prepare("a", "/a.wav");
    media[0]!.holdPlay = true;
    const started = controller.play("a", "/a.wav");
    expect(controller.getState("a")).toMatchObject({ playing: true, loading: true });
    controller.pause("a");
    await expect(started).resolves.toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(controller.getState("a")).toMatchObject({ playing: false, loading: false, error: false });
  });

  it("a failing element factory (no DOM) is swallowed too", async () => {
    const warn = vi.fn();
    const controller = createAudioController({
      createMedia: () => {
        throw new Error("Audio playback is only available in the browser");
      },
      warn,
    });
    await expect(controller.play("a", "/a.wav")).resolves.toBe(false);
    expect(controller.getState("a").error).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("loading and lifecycle", () => {
  it("prepare loads only metadata, play upgrades to a full preload", async () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav");
    expect(media[0]).toMatchObject({ preload: "metadata", src: "/a.wav" });
    await controller.play("a", "/a.wav");
    expect(media).toHaveLength(1);
    expect(media[0]!.preload).toBe("auto");
  });

  it("prepare with preload none creates no element", () => {
    const { controller, media } = setup();
    controller.prepare("a", "/a.wav", { preload: "none" });
    expect(media).toHaveLength(0);
    expect(controller.getState("a")).toBe(INITIAL_AUDIO_STATE);
  });

  it("getState is stable and the initial state for unknown keys", () => {
    const { controller } = setup();
    expect(controller.getState("nope")).toBe(INITIAL_AUDIO_STATE);
    expect(controller.getState("nope")).toBe(controller.getState("nope"));
  });

  it("a new URL for the same key starts over but keeps speed and repeat", async () => {
    const { controller, media } = setup();
    await controller.play("a", "/one.wav", { rate: 0.5, repeat: 2 });
    media[0]!.loadMetadata(12);
    await controller.play("a", "/two.wav");
    expect(media).toHaveLength(2);
    expect(media[0]!.src).toBe("");
    expect(media[1]!.src).toBe("/two.wav");
    expect(controller.getState("a")).toMatchObject({ playing: true, rate: 0.5, repeat: 2, duration: 0 });
  });

  it("releases a key when its last subscriber leaves, unless it resubscribes first", async () => {
    const { controller, media, runDeferred } = setup();
    const first = record(controller, "a");
    controller.prepare("a", "/a.wav");
    await controller.play("a", "/a.wav");

    // StrictMode-style unsubscribe + immediate resubscribe keeps the audio.
    first.unsubscribe();
    const second = record(controller, "a");
    runDeferred();
    expect(controller.getState("a").playing).toBe(true);

    second.unsubscribe();
    runDeferred();
    expect(media[0]!.paused).toBe(true);
    expect(media[0]!.src).toBe("");
    expect(media[0]!.listenerCount()).toBe(0);
    expect(controller.getState("a")).toBe(INITIAL_AUDIO_STATE);
    expect(controller.activeKey()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keys played without subscribers (a preview button) are not released", async () => {
    const { controller, runDeferred } = setup();
    await controller.play("preview", "/a.wav");
    runDeferred();
    expect(controller.getState("preview").playing).toBe(true);
  });

  it("getAudioController is a lazy singleton that needs no DOM to exist", () => {
    expect(typeof (globalThis as { Audio?: unknown }).Audio).toBe("undefined");
    const controller = getAudioController();
    expect(getAudioController()).toBe(controller);
    expect(controller.getState("a")).toBe(INITIAL_AUDIO_STATE);
  });
});

describe("formatTime", () => {
  it.each([
    [0, "0:00"],
    [3.9, "0:03"],
    [12, "0:12"],
    [65, "1:05"],
    [3723, "1:02:03"],
    [Number.NaN, "0:00"],
    [Number.POSITIVE_INFINITY, "0:00"],
    [-4, "0:00"],
  ])("%s → %s", (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

/** A FakeMedia whose position moves with the (fake) clock while playing, at its playbackRate, as a real one does. */
class ClockMedia extends FakeMedia {
  private base = 0;
  private since = 0;
  constructor() {
    super();
    // FakeMedia's currentTime is a plain field of the instance; here it is read from the clock instead.
    Object.defineProperty(this, "currentTime", {
      get: () => (this.paused ? this.base : this.base + ((Date.now() - this.since) / 1000) * this.playbackRate),
      set: (seconds: number) => {
        this.base = seconds;
        this.since = Date.now();
      },
    });
  }
  override play() {
    this.since = Date.now();
    return super.play();
  }
  override pause() {
    if (!this.paused) this.base = this.currentTime;
    super.pause();
  }
}

function clockSetup() {
  const media: ClockMedia[] = [];
  const controller = createAudioController({
    createMedia: () => {
      const element = new ClockMedia();
      media.push(element);
      return element;
    },
    defer: () => {},
  });
  return { controller, media };
}

/**
 * Three phrases in one 6 s file, with pauses between them. Phrase 2 is 1.46 s long, not a multiple of the 100 ms
 * progress tick: stopping on time takes the phrase-end timer, not the tick.
 */
const cues: Segment[] = [
  { url: "/g.mp3", start: 0.2, end: 1.5 },
  { url: "/g.mp3", start: 2.0, end: 3.46 },
  { url: "/g.mp3", start: 4.0, end: 5.0 },
];

describe("phrases inside the audio (segments)", () => {
  it("finds the phrase at a position: the one spoken, else the one just spoken", () => {
    expect(segmentAt(cues, "/g.mp3", 0.1)).toBe(-1);
    expect(segmentAt(cues, "/g.mp3", 0.19)).toBe(0); // a seek that lands a frame early
    expect(segmentAt(cues, "/g.mp3", 1.7)).toBe(0);
    expect(segmentAt(cues, "/g.mp3", 2.1)).toBe(1);
    expect(segmentAt(cues, "/g.mp3", 5.5)).toBe(2);
    expect(segmentAt(cues, "/other.mp3", 2.1)).toBe(-1);
  });

  it("the learner's turn is 1.5x the phrase as played, and never under a second", () => {
    expect(turnMs(2, 1, 1.5)).toBe(3000);
    expect(turnMs(2, 0.5, 1.5)).toBe(6000);
    expect(turnMs(0.3, 1, 1.5)).toBe(1000);
  });

  for (const rate of [1, 0.75]) {
    it(`plays exactly phrase 2 at ${rate}x: from its start, paused at its end`, async () => {
      const { controller, media } = clockSetup();
      controller.prepare("g", "/g.mp3", { segments: cues });
      controller.setRate("g", rate);
      await controller.playSegment("g", "/g.mp3", 1);
      const element = media[0]!;
      element.loadMetadata(6);
      expect(element.currentTime).toBe(2.0);
      expect(controller.getState("g")).toMatchObject({ playing: true, segment: 1, scope: "one" });
      // Just before the end (in real time: 1.46 s of audio at `rate`) it still plays...
      vi.advanceTimersByTime((1.46 / rate) * 1000 - 10);
      expect(element.paused).toBe(false);
      // ...and right after, it has paused at the end, not run into the next phrase.
      vi.advanceTimersByTime(12);
      expect(element.paused).toBe(true);
      expect(element.currentTime).toBeGreaterThanOrEqual(3.46 - 0.01);
      expect(element.currentTime).toBeLessThan(3.46 + 0.01);
      expect(controller.getState("g")).toMatchObject({ playing: false, segment: 1 });
      expect(controller.activeKey()).toBe(null);
    });
  }

  it("while the whole audio plays, the current phrase follows the cue starts", async () => {
    const { controller } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    const seen: number[] = [];
    controller.subscribe("g", (state) => {
      if (seen.at(-1) !== state.segment) seen.push(state.segment);
    });
    await controller.play("g", "/g.mp3");
    vi.advanceTimersByTime(199);
    expect(controller.getState("g").segment).toBe(-1);
    vi.advanceTimersByTime(2);
    expect(controller.getState("g").segment).toBe(0);
    vi.advanceTimersByTime(1798); // 1.999 s: in the pause after phrase 1
    expect(controller.getState("g").segment).toBe(0);
    vi.advanceTimersByTime(2);
    expect(controller.getState("g").segment).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(controller.getState("g").segment).toBe(2);
    expect(seen).toEqual([-1, 0, 1, 2]);
    expect(controller.getState("g").playing).toBe(true);
  });

  it("listen-and-repeat: after each phrase a turn for the learner, then the next phrase", async () => {
    const { controller, media } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    controller.setShadow("g", true);
    await controller.playSegment("g", "/g.mp3", 0, { scope: "all" });
    const element = media[0]!;
    vi.advanceTimersByTime(1301); // phrase 1 (1.3 s) is over
    const turn = controller.getState("g");
    expect(turn).toMatchObject({ playing: true, segment: 0, turnMs: 1950 });
    expect(element.paused).toBe(true);
    expect(element.currentTime).toBeCloseTo(1.5, 1);
    vi.advanceTimersByTime(1900);
    expect(element.paused).toBe(true); // still the learner's turn
    vi.advanceTimersByTime(60);
    expect(element.paused).toBe(false);
    expect(element.currentTime).toBeCloseTo(2.0, 1);
    expect(controller.getState("g")).toMatchObject({ playing: true, segment: 1, turnMs: 0 });
    // Pausing during a turn ends it: nothing starts by itself afterwards.
    vi.advanceTimersByTime(1501);
    expect(controller.getState("g").turnMs).toBeGreaterThan(0);
    controller.pause("g");
    expect(controller.getState("g")).toMatchObject({ playing: false, turnMs: 0 });
    vi.advanceTimersByTime(10_000);
    expect(element.paused).toBe(true);
  });

  it("the turn's length follows the chosen factor", async () => {
    const { controller } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    controller.setShadow("g", true);
    controller.setTurnFactor("g", 3);
    await controller.playSegment("g", "/g.mp3", 1);
    vi.advanceTimersByTime(1461);
    expect(controller.getState("g").turnMs).toBe(4380);
    // A phrase's own play with listen-and-repeat: the turn, then it stops (no next phrase).
    vi.advanceTimersByTime(4381);
    expect(controller.getState("g")).toMatchObject({ playing: false, segment: 1, turnMs: 0 });
  });

  it("repeat this phrase: the phrase plays again after a short gap until turned off", async () => {
    const { controller, media } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    controller.setLoopSegment("g", true);
    await controller.playSegment("g", "/g.mp3", 2);
    const element = media[0]!;
    for (let round = 0; round < 3; round++) {
      vi.advanceTimersByTime(1001);
      expect(element.paused).toBe(true);
      vi.advanceTimersByTime(600);
      expect(element.paused).toBe(false);
      expect(element.currentTime).toBeCloseTo(4.0, 1);
    }
    controller.setLoopSegment("g", false);
    vi.advanceTimersByTime(1001);
    expect(controller.getState("g")).toMatchObject({ playing: false, segment: 2 });
  });

  it("starting another audio during a turn ends the turn there (one audio at a time)", async () => {
    const { controller, media } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    controller.setShadow("g", true);
    await controller.playSegment("g", "/g.mp3", 0);
    vi.advanceTimersByTime(1301);
    expect(controller.getState("g").turnMs).toBeGreaterThan(0);
    await controller.play("other", "/other.mp3");
    vi.advanceTimersByTime(10_000);
    expect(controller.getState("g")).toMatchObject({ playing: false, turnMs: 0, segment: -1 });
    expect(media[0]!.paused).toBe(true);
    expect(controller.activeKey()).toBe("other");
  });

  it("a list of per-phrase files plays each file in turn on one element, then rests", async () => {
    const { controller, media } = clockSetup();
    const files: Segment[] = ["/1.mp3", "/2.mp3", "/3.mp3"].map((url) => ({ url, start: 0, end: Number.POSITIVE_INFINITY }));
    controller.prepare("list", "/1.mp3", { segments: files });
    await controller.playSegment("list", "/1.mp3", 0, { scope: "all" });
    const element = media[0]!;
    element.loadMetadata(1);
    element.reachEnd();
    expect(element.src).toBe("/2.mp3");
    expect(controller.getState("list")).toMatchObject({ playing: true, segment: 1 });
    element.reachEnd();
    expect(element.src).toBe("/3.mp3");
    element.reachEnd();
    expect(controller.getState("list")).toMatchObject({ playing: false, segment: -1 });
    expect(media).toHaveLength(1);
    // The key is still named by its first file: the hook's actions keep working on it.
    await controller.playSegment("list", "/1.mp3", 1);
    expect(element.src).toBe("/2.mp3");
    element.reachEnd();
    expect(controller.getState("list")).toMatchObject({ playing: false, segment: 1 });
  });

  it("moving to another phrase while paused moves the position there; play goes on from it", async () => {
    const { controller, media } = clockSetup();
    controller.prepare("g", "/g.mp3", { segments: cues });
    controller.selectSegment("g", 2);
    expect(controller.getState("g")).toMatchObject({ playing: false, segment: 2, currentTime: 4.0 });
    await controller.play("g", "/g.mp3");
    expect(media[0]!.currentTime).toBeCloseTo(4.0, 2);
    expect(controller.getState("g").scope).toBe("all");
  });
});
