import { useCallback, useEffect, useRef, useState } from "react";
import { loadAudioEngine } from "#app/lib/audio/audio-engine.ts";
import { canRecord, preferredMimeType, problemOf, type RecorderProblem } from "#app/lib/recorder/recorder-errors.ts";

/** A take stops by itself after this long: a phrase is a few seconds. */
export const MAX_TAKE_MS = 15_000;

export type RecorderState =
  | { status: "idle" }
  | { status: "starting" }
  | { status: "recording"; startedAt: number }
  | { status: "error"; problem: RecorderProblem };

export interface RecordedTake {
  audio: Blob;
  mimeType: string;
  durationMs: number;
}

/**
 * The microphone through MediaRecorder, in the browser's own format. The stream is held only while recording (the
 * browser's "in use" indicator goes off at stop), and everything recorded stays in memory for `onTake`.
 */
export function useRecorder(onTake: (take: RecordedTake) => void) {
  const [state, setState] = useState<RecorderState>({ status: "idle" });
  const recorder = useRef<MediaRecorder | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onTakeRef = useRef(onTake);
  useEffect(() => {
    onTakeRef.current = onTake;
  });

  const stop = useCallback(() => {
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = null;
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (!canRecord()) {
      setState({ status: "error", problem: "unsupported" });
      return;
    }
    setState({ status: "starting" });
    // The learner is about to speak: the lesson's audio stops (one sound at a time).
    void loadAudioEngine().then((engine) => engine.pauseAll(), () => {});
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setState({ status: "error", problem: problemOf(error) });
      return;
    }
    const mimeType = preferredMimeType((type) => MediaRecorder.isTypeSupported(type));
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      setState({ status: "error", problem: problemOf(error) });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    media.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    media.addEventListener("stop", () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      setState({ status: "idle" });
      const type = media.mimeType || mimeType || chunks[0]?.type || "audio/webm";
      if (chunks.length > 0) onTakeRef.current({ audio: new Blob(chunks, { type }), mimeType: type, durationMs: Math.round(performance.now() - startedAt) });
    });
    recorder.current = media;
    media.start();
    stopTimer.current = setTimeout(stop, MAX_TAKE_MS);
    setState({ status: "recording", startedAt });
  }, [stop]);

  // Closing the recorder mid-take ends the take (kept) and frees the microphone.
  useEffect(() => stop, [stop]);

  return { state, start, stop };
}

/** Whole seconds since `startedAt`, ticking while recording. */
export function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}
