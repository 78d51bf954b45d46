import { describe, expect, it } from "vitest";
import {
  breakSeparatedSsml,
  joinSpeech,
  MP3_DECODER_DELAY_SAMPLES,
  mp3Cues,
  PHRASE_PAUSE_MS,
  splitAtBreaks,
  trimSilence,
  type Pcm,
} from "#server/tts/speech-join.server.ts";

const rate = 22050;
const samplesOf = (ms: number) => Math.round((ms * rate) / 1000);

/** Silence and tone in turn: [silence ms, tone ms, silence ms, tone ms, ...]. */
function pcm(...parts: number[]): Pcm {
  const samples = new Int16Array(parts.reduce((sum, ms) => sum + samplesOf(ms), 0));
  let at = 0;
  for (const [i, ms] of parts.entries()) {
    const length = samplesOf(ms);
    if (i % 2 === 1) for (let j = 0; j < length; j++) samples[at + j] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * j) / rate)) || 1000;
    at += length;
  }
  return { samples, rate };
}

describe("joining speech", () => {
  it("puts the pieces one after another with the pause between them, and nothing before or after", () => {
    const pieces = [pcm(0, 1000), pcm(0, 730), pcm(0, 1250)];
    const { pcm: joined, spans } = joinSpeech(pieces);
    const pause = samplesOf(PHRASE_PAUSE_MS);
    const [a, b, c] = pieces.map((p) => p.samples.length) as [number, number, number];
    expect(spans).toEqual([
      [0, a],
      [a + pause, a + pause + b],
      [a + pause + b + pause, a + pause + b + pause + c],
    ]);
    expect(joined.samples.length).toBe(a + b + c + 2 * pause);
    expect(joined.samples.subarray(a, a + pause).every((s) => s === 0)).toBe(true);
    expect(Array.from(joined.samples.subarray(a + pause, a + pause + b))).toEqual(Array.from(pieces[1]!.samples));
  });

  it("gives cues in whole milliseconds of the MP3 as a browser decodes it: the encoder's delay comes first", () => {
    const joined = joinSpeech([pcm(0, 1000), pcm(0, 500)]);
    const delayMs = (MP3_DECODER_DELAY_SAMPLES * 1000) / rate;
    expect(delayMs).toBeCloseTo(50.1, 1);
    expect(mp3Cues(joined)).toEqual([
      [50, Math.round(1000 + delayMs)],
      [Math.round(1000 + PHRASE_PAUSE_MS + delayMs), Math.round(1000 + PHRASE_PAUSE_MS + 500 + delayMs)],
    ]);
  });

  it("refuses pieces at different sample rates rather than place them wrongly", () => {
    expect(() => joinSpeech([pcm(0, 100), { samples: new Int16Array(10), rate: 24000 }])).toThrow("different sample rates");
  });

  it("trims a piece to its sound, keeping a short margin, and keeps a silent piece whole", () => {
    const trimmed = trimSilence(pcm(300, 1000, 600));
    expect(trimmed.samples.length).toBe(samplesOf(1000) + 2 * samplesOf(15));
    const silent = pcm(500);
    expect(trimSilence(silent).samples.length).toBe(silent.samples.length);
  });
});

describe("a group spoken in one run, cut at its breaks", () => {
  it("cuts at every long silence and nowhere else, to the pieces each phrase would be trimmed to", () => {
    // Pauses of 300 ms inside a phrase (a comma), 1500 ms between phrases.
    const group = pcm(100, 800, 300, 400, 1500, 900, 1500, 600, 200);
    const pieces = splitAtBreaks(group, 3)!;
    const margin = samplesOf(15);
    expect(pieces.map((p) => p.samples.length)).toEqual([samplesOf(1500) + 2 * margin, samplesOf(900) + 2 * margin, samplesOf(600) + 2 * margin]);
    expect(pieces.map((piece) => trimSilence(piece).samples.length)).toEqual(pieces.map((p) => p.samples.length));
  });

  it("says so when the silences do not match the phrases, instead of cutting somewhere", () => {
    expect(splitAtBreaks(pcm(100, 800, 1500, 900), 3)).toBeNull();
    expect(splitAtBreaks(pcm(100, 800, 300, 900), 2)).toBeNull();
  });

  it("escapes the texts for SSML", () => {
    expect(breakSeparatedSsml(["A & B", "<x>"])).toBe('<speak>A &amp; B<break time="1500ms"/>&lt;x&gt;</speak>');
  });
});
