/**
 * A waveform as bars: the loudest sample of each equal slice of the audio, scaled so the loudest bar is 1. A take and
 * the native phrase are drawn side by side at the same height whatever their levels, so the shapes compare, not the
 * microphone's gain.
 */
export function computePeaks(samples: Float32Array, bars: number, from = 0, to = samples.length): number[] {
  const start = Math.max(0, Math.min(from, samples.length));
  const end = Math.max(start, Math.min(to, samples.length));
  const count = Math.max(0, Math.floor(bars));
  const peaks = new Array<number>(count).fill(0);
  if (count === 0 || end === start) return peaks;
  const slice = (end - start) / count;
  for (let bar = 0; bar < count; bar++) {
    const first = start + Math.floor(bar * slice);
    const last = Math.max(first + 1, start + Math.floor((bar + 1) * slice));
    let peak = 0;
    for (let i = first; i < last && i < end; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks[bar] = peak;
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks;
}

/** The sample range of a cue [startMs, endMs] (the whole audio without one). */
export function cueRange(sampleRate: number, length: number, cue?: readonly [number, number]): [number, number] {
  if (!cue) return [0, length];
  const from = Math.min(length, Math.max(0, Math.round((cue[0] / 1000) * sampleRate)));
  const to = Math.min(length, Math.max(from, Math.round((cue[1] / 1000) * sampleRate)));
  return [from, to];
}

/** "1.4 seconds": the waveform's text alternative names its length. */
export function secondsLabel(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 100) / 10);
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}
