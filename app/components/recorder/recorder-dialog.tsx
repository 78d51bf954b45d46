import { Mic, Pause, Play, Square, Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Waveform, type WaveformSource } from "#app/components/recorder/waveform.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DialogBody, ModalDialog } from "#app/components/ui/dialog.tsx";
import { loadAudioEngine } from "#app/lib/audio/audio-engine.ts";
import type { AudioController, Segment } from "#app/lib/audio/audio-state.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { decodeAudioData, useDecodedAudio } from "#app/lib/decoded-audio.ts";
import { RECORDER_MESSAGES } from "#app/lib/recorder/recorder-errors.ts";
import { countTakes, deleteAllTakes, deleteTake, getTake, onTakesChange, saveTake, type Take } from "#app/lib/recorder/takes-store.ts";
import { MAX_TAKE_MS, useElapsedSeconds, useRecorder, type RecordedTake } from "#app/lib/recorder/use-recorder.ts";
import { cueRange } from "#app/lib/recorder/waveform.ts";

export interface RecorderPhrase {
  phraseId: string;
  original: string;
  /** The phrase's audio (its group's file) and where in it the phrase is, [startMs, endMs]. */
  audioUrl: string;
  cue?: readonly [number, number] | undefined;
}

export const PRIVACY_NOTE = "Your recordings stay on this device, in this browser. They are never uploaded.";

/**
 * Record and compare (issue 26): the learner records the phrase, hears their take and the native phrase one after the
 * other, and sees both waveforms. Loaded on first use only (record-button.tsx). Takes live in IndexedDB
 * (takes-store.ts); nothing is sent anywhere.
 */
export default function RecorderDialog({ open, onOpenChange, phrase }: { open: boolean; onOpenChange: (open: boolean) => void; phrase: RecorderPhrase }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Record and compare" description={phrase.original}>
      <DialogBody>
        <RecorderPanel phrase={phrase} />
      </DialogBody>
    </ModalDialog>
  );
}

type TakeState = { status: "loading" } | { status: "none" } | { status: "ready"; take: Take; url: string; saved: boolean };

function RecorderPanel({ phrase }: { phrase: RecorderPhrase }) {
  const [take, setTake] = useState<TakeState>({ status: "loading" });
  const [announcement, setAnnouncement] = useState("");
  const [storeFailed, setStoreFailed] = useState(false);
  const takeCount = useTakeCount();

  const showTake = useCallback((next: Take | undefined, saved = true) => {
    setTake(next ? { status: "ready", take: next, url: URL.createObjectURL(next.audio), saved } : { status: "none" });
  }, []);
  // The object URL lives as long as the take is shown.
  const takeUrl = take.status === "ready" ? take.url : "";
  useEffect(() => (takeUrl ? () => URL.revokeObjectURL(takeUrl) : undefined), [takeUrl]);

  useEffect(() => {
    let current = true;
    getTake(phrase.phraseId).then(
      (stored) => current && showTake(stored),
      () => {
        if (!current) return;
        setStoreFailed(true);
        showTake(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [phrase.phraseId, showTake]);

  const onTake = useCallback(
    (recorded: RecordedTake) => {
      const next: Take = { phraseId: phrase.phraseId, ...recorded, recordedAt: Date.now() };
      saveTake(next).then(
        () => {
          showTake(next);
          setAnnouncement("Take recorded and kept on this device.");
        },
        () => {
          // Private windows may refuse storage: the take still plays until the dialog closes.
          showTake(next, false);
          setAnnouncement("Take recorded. It could not be kept in this browser and is gone when you close this.");
        },
      );
    },
    [phrase.phraseId, showTake],
  );
  const recorder = useRecorder(onTake);
  const recording = recorder.state.status === "recording";
  const elapsed = useElapsedSeconds(recorder.state.status === "recording" ? recorder.state.startedAt : null);

  const segments = useMemo<readonly Segment[] | undefined>(
    () => (phrase.cue ? [{ url: phrase.audioUrl, start: phrase.cue[0] / 1000, end: phrase.cue[1] / 1000 }] : undefined),
    [phrase.audioUrl, phrase.cue],
  );
  // Both through the site's one audio helper: playing either stops whatever else plays, the lesson's audio included.
  const nativeKey = `recorder:native:${phrase.phraseId}`;
  const takeKey = `recorder:take:${phrase.phraseId}`;
  const native = useAudioPlayer(nativeKey, phrase.audioUrl, { preload: "none", ...(segments ? { segments } : {}) });
  const mine = useAudioPlayer(takeKey, takeUrl, { preload: "none" });
  const hasNative = phrase.audioUrl !== "";
  const playNative = () => (segments ? native.playSegment(0, "one") : native.play({ from: 0 }));
  const playTake = () => mine.play({ from: 0 });
  // Which "Compare" is under way: any other play or pause button ends it, so the take does not follow.
  const compareRun = useRef(0);
  const byHand = (act: () => unknown) => () => {
    compareRun.current += 1;
    void act();
  };

  async function compare() {
    const run = ++compareRun.current;
    const engine = await loadAudioEngine();
    if (!(await playNative())) return;
    await untilStopped(engine, nativeKey);
    // Paused by the learner or another sound started: the take waits.
    if (compareRun.current !== run || engine.activeKey() !== null) return;
    await playTake();
  }

  async function removeTake() {
    mine.stop();
    try {
      await deleteTake(phrase.phraseId);
    } catch {
      // Nothing was stored (storage refused): the take shown is the only copy.
    }
    setTake({ status: "none" });
    setAnnouncement("Take deleted.");
  }

  async function removeAll() {
    mine.stop();
    try {
      await deleteAllTakes();
    } catch {
      setAnnouncement("Your recordings could not be deleted. Please try again.");
      return;
    }
    setTake({ status: "none" });
    setAnnouncement("All your recordings are deleted.");
  }

  const nativeWave = useNativeWaveform(phrase.audioUrl, phrase.cue);
  const takeWave = useTakeWaveform(take.status === "ready" ? take.take.audio : null);
  const problem = recorder.state.status === "error" ? recorder.state.problem : null;
  const headingId = useId();
  const playingNow = native.playing ? "Playing the native phrase…" : mine.playing ? "Playing your take…" : "";

  return (
    <div className="space-y-5" data-recorder>
      <section aria-labelledby={`${headingId}-native`} className="space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h3 id={`${headingId}-native`} className="font-semibold text-ink">
            Native speaker
          </h3>
          <Button type="button" variant="outline" size="sm" disabled={!hasNative} onClick={byHand(() => (native.playing ? native.pause() : playNative()))}>
            {native.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            {native.playing ? "Pause" : "Play the phrase"}
          </Button>
        </div>
        {hasNative ? <Waveform source={nativeWave} label="the native phrase" tone="native" name="native" /> : <p className="text-sm text-muted">This phrase has no audio yet.</p>}
      </section>

      <section aria-labelledby={`${headingId}-take`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${headingId}-take`} className="font-semibold text-ink">
            Your take
          </h3>
          {take.status === "ready" && !recording ? (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={byHand(() => (mine.playing ? mine.pause() : playTake()))}>
                {mine.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
                {mine.playing ? "Pause" : "Play my take"}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => void removeTake()} aria-label="Delete my take">
                <Trash2 aria-hidden />
                Delete
              </Button>
            </div>
          ) : null}
        </div>
        {recording ? (
          <div className="flex h-16 items-center gap-3 rounded-xl bg-red-50 px-4 text-red-900" data-recording>
            <span aria-hidden className="size-3 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none" />
            <span className="font-semibold">Recording</span>
            <span className="tabular-nums" aria-hidden>{`0:${String(elapsed).padStart(2, "0")} / 0:${MAX_TAKE_MS / 1000}`}</span>
          </div>
        ) : take.status === "ready" ? (
          <Waveform source={takeWave} label="your take" tone="take" name="take" />
        ) : (
          <p className="flex h-16 items-center justify-center rounded-xl border border-dashed border-brand-200 px-4 text-center text-sm text-muted">
            {take.status === "loading" ? "Looking for your last take…" : "No take yet. Record yourself saying the phrase."}
          </p>
        )}
      </section>

      {problem ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-recorder-problem={problem}>
          {RECORDER_MESSAGES[problem]}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {recording ? (
          <Button type="button" onClick={recorder.stop} className="bg-red-700 hover:bg-red-800">
            <Square className="fill-current" aria-hidden />
            Stop recording
          </Button>
        ) : (
          <Button type="button" onClick={() => void recorder.start()} disabled={recorder.state.status === "starting"}>
            <Mic aria-hidden />
            {take.status === "ready" ? "Record again" : "Record"}
          </Button>
        )}
        <Button type="button" variant="outline" disabled={take.status !== "ready" || recording || !hasNative} onClick={() => void compare()}>
          Compare
        </Button>
      </div>
      <p className="min-h-5 text-sm text-muted" aria-hidden>
        {recording ? `Stops by itself after ${MAX_TAKE_MS / 1000} seconds.` : playingNow}
      </p>

      <div className="space-y-2 border-t border-brand-100 pt-4 text-sm text-muted">
        <p data-recorder-privacy>{PRIVACY_NOTE}</p>
        {storeFailed || (take.status === "ready" && !take.saved) ? <p>This browser does not let the site keep recordings, so takes are gone when you close this.</p> : null}
        {takeCount > 0 ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => void removeAll()} className="-ml-3">
            <Trash2 aria-hidden />
            {`Delete all my recordings (${takeCount})`}
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {recording ? "Recording. Say the phrase, then stop." : announcement}
      </p>
    </div>
  );
}

/** Resolves when `key` stops playing (its end, a pause, or another sound taking over). */
function untilStopped(engine: AudioController, key: string): Promise<void> {
  return new Promise((resolve) => {
    const off = engine.subscribe(key, (state) => {
      if (state.playing) return;
      off();
      resolve();
    });
    if (!engine.getState(key).playing) {
      off();
      resolve();
    }
  });
}

function useNativeWaveform(url: string, cue: RecorderPhrase["cue"]): WaveformSource {
  const decoded = useDecodedAudio(url);
  return useMemo(() => {
    if (decoded.status === "error") return { status: "error" };
    if (decoded.status !== "ready") return { status: "loading" };
    const { samples, sampleRate } = decoded.audio;
    const [from, to] = cueRange(sampleRate, samples.length, cue);
    return { status: "ready", samples, from, to, durationMs: Math.round(((to - from) / sampleRate) * 1000) };
  }, [decoded, cue]);
}

function useTakeWaveform(audio: Blob | null): WaveformSource {
  const [source, setSource] = useState<{ audio: Blob; wave: WaveformSource } | null>(null);
  useEffect(() => {
    if (!audio) return;
    let current = true;
    audio
      .arrayBuffer()
      .then(decodeAudioData)
      .then(
        (decoded) =>
          current &&
          setSource({ audio, wave: { status: "ready", samples: decoded.samples, from: 0, to: decoded.samples.length, durationMs: decoded.durationMs } }),
        () => current && setSource({ audio, wave: { status: "error" } }),
      );
    return () => {
      current = false;
    };
  }, [audio]);
  return source && source.audio === audio ? source.wave : { status: "loading" };
}

function useTakeCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    const read = () => void countTakes().then((n) => current && setCount(n), () => {});
    read();
    const off = onTakesChange(read);
    return () => {
      current = false;
      off();
    };
  }, []);
  return count;
}
