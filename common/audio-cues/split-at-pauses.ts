/**
 * Where each phrase is spoken in a recording of several phrases, found from the recording alone (issue 23, point 1:
 * uploaded audio). Pure and browser-safe: the admin's browser decodes the file and runs this on its samples.
 *
 * A fixed silence length is fragile (150 ms cut "La cuenta, por favor" at its comma; 400 ms merged everything), but
 * the number of phrases is known: the recording is cut at its N-1 longest pauses. What counts as silence is relative
 * to the file's own levels (its noise floor and its loud speech), so a quiet or a noisy recording works alike.
 */

/** A phrase's place in its audio: [startMs, endMs]. */
export type Cue = [startMs: number, endMs: number];

export type SplitResult =
  | { ok: true; cues: Cue[]; pauses: number }
  | { ok: false; reason: "no-speech" | "too-few-pauses"; pauses: number; phrases: number };

export interface SplitOptions {
  /** Analysis frame length (default 10 ms). */
  frameMs?: number;
  /** A quieter stretch shorter than this is part of a phrase (a stop consonant's closure), not a pause. */
  minPauseMs?: number;
  /** Sound shorter than this between two pauses is a click or a breath, not a phrase. */
  minSoundMs?: number;
  /** Added before each phrase's onset and after its offset (never past the middle of a pause), so no phrase starts clipped. */
  marginMs?: number;
}

const DEFAULTS = { frameMs: 10, minPauseMs: 150, minSoundMs: 60, marginMs: 25 } as const;
/** The quietest level considered (digital silence would be -Infinity). */
const FLOOR_DB = -100;
/** A file whose loud parts stay below this holds no speech worth cutting. */
const NO_SPEECH_DB = -60;

/** Each frame's level in dB (mean power of its samples). */
function frameLevels(samples: Float32Array, frameLength: number): Float64Array {
  const count = Math.ceil(samples.length / frameLength);
  const levels = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    const start = f * frameLength;
    const end = Math.min(samples.length, start + frameLength);
    let power = 0;
    for (let i = start; i < end; i++) power += samples[i]! * samples[i]!;
    levels[f] = Math.max(FLOOR_DB, 10 * Math.log10(power / Math.max(1, end - start) + 1e-12));
  }
  return levels;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor((sorted.length - 1) * p)))]!;
}

/** Runs of sound as [startFrame, endFrame) after short gaps are filled and short blips dropped. */
function soundRuns(loud: boolean[], minPauseFrames: number, minSoundFrames: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let f = 0; f < loud.length; f++) {
    if (!loud[f]) continue;
    const start = f;
    while (f < loud.length && loud[f]) f++;
    runs.push([start, f]);
  }
  // A gap shorter than a pause joins its neighbors into one stretch of speech.
  const joined: [number, number][] = [];
  for (const run of runs) {
    const last = joined.at(-1);
    if (last && run[0] - last[1] < minPauseFrames) last[1] = run[1];
    else joined.push([run[0], run[1]]);
  }
  return joined.filter(([start, end]) => end - start >= minSoundFrames);
}

/**
 * Splits mono `samples` (at `sampleRate`) into `phrases` cues, or says why it cannot: no speech at all, or fewer
 * pauses than the phrases need (it never invents a cut). With one phrase the cue is the speech from its onset to its
 * offset, leading and trailing silence left out.
 */
export function splitAtPauses(samples: Float32Array, sampleRate: number, phrases: number, options: SplitOptions = {}): SplitResult {
  const { frameMs, minPauseMs, minSoundMs, marginMs } = { ...DEFAULTS, ...options };
  if (!Number.isInteger(phrases) || phrases < 1) throw new RangeError("At least one phrase is needed");
  const frameLength = Math.max(1, Math.round((sampleRate * frameMs) / 1000));
  const levels = frameLevels(samples, frameLength);
  const durationMs = Math.round((samples.length / sampleRate) * 1000);
  const noSpeech = { ok: false, reason: "no-speech", pauses: 0, phrases } as const;
  if (levels.length === 0) return noSpeech;

  const sorted = Float64Array.from(levels).sort();
  const floorDb = percentile(sorted, 0.05);
  const speechDb = percentile(sorted, 0.98);
  if (speechDb < NO_SPEECH_DB) return noSpeech;
  // A fifth of the way from the floor to loud speech (at least 6 dB over the floor): quiet consonants stay speech,
  // breath and room noise stay silence.
  const threshold = floorDb + Math.max(6, (speechDb - floorDb) * 0.2);
  const loud = Array.from(levels, (level) => level >= threshold);
  const runs = soundRuns(loud, Math.ceil(minPauseMs / frameMs), Math.ceil(minSoundMs / frameMs));
  if (runs.length === 0) return noSpeech;

  const gaps = runs.slice(1).map((run, i) => ({ after: i, length: run[0] - runs[i]![1] }));
  if (gaps.length < phrases - 1) return { ok: false, reason: "too-few-pauses", pauses: gaps.length, phrases };
  const cuts = [...gaps]
    .sort((a, b) => b.length - a.length || a.after - b.after)
    .slice(0, phrases - 1)
    .map((gap) => gap.after)
    .sort((a, b) => a - b);

  const ms = (frame: number) => Math.min(durationMs, frame * frameMs);
  const cues: Cue[] = [];
  let first = 0;
  for (const last of [...cuts, runs.length - 1]) {
    const startFrame = runs[first]![0];
    const endFrame = runs[last]![1];
    // The margin stops at the middle of the pause on either side, so neighbors never overlap.
    const earliest = first === 0 ? 0 : (ms(runs[first - 1]![1]) + ms(startFrame)) / 2;
    const latest = last === runs.length - 1 ? durationMs : (ms(endFrame) + ms(runs[last + 1]![0])) / 2;
    cues.push([Math.round(Math.max(earliest, ms(startFrame) - marginMs)), Math.round(Math.min(latest, ms(endFrame) + marginMs))]);
    first = last + 1;
  }
  return { ok: true, cues, pauses: gaps.length };
}
