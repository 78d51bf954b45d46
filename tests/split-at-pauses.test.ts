import { describe, expect, it } from "vitest";
import { cueText } from "#common/audio-cues/cue-text.ts";
import { splitAtPauses, type Cue } from "#common/audio-cues/split-at-pauses.ts";
import { recording } from "#tests/support/speech.ts";

/** The pause splitter (issue 23, point 1) on real eSpeak speech joined with pauses of known lengths. */

const TOLERANCE_MS = 50;

function expectCues(actual: Cue[], expected: Cue[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach(([start, end], i) => {
    const [wantStart, wantEnd] = expected[i]!;
    expect(Math.abs(start - wantStart), `phrase ${i + 1} start: ${start} for ${wantStart.toFixed(0)}`).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(Math.abs(end - wantEnd), `phrase ${i + 1} end: ${end} for ${wantEnd.toFixed(0)}`).toBeLessThanOrEqual(TOLERANCE_MS);
  });
}

const spanish = ["¿Dónde está el hotel?", "La cuenta, por favor", "Buenos días", "Muchas gracias"];

describe("splitAtPauses", () => {
  it("finds every phrase of a recording within 50 ms, and does not cut at a comma's shorter pause", async () => {
    const audio = await recording(spanish, "es", { pausesMs: [500, 700, 450] });
    const result = splitAtPauses(audio.samples, audio.sampleRate, spanish.length);
    if (!result.ok) throw new Error(`No cues: ${JSON.stringify(result)}`);
    expectCues(result.cues, audio.phrases);
    // The comma's pause was heard (four pauses for three cuts) and left inside its phrase.
    expect(result.pauses).toBe(4);
    for (const [start, end] of result.cues) expect(end).toBeGreaterThan(start);
    for (let i = 1; i < result.cues.length; i++) expect(result.cues[i]![0]).toBeGreaterThanOrEqual(result.cues[i - 1]![1]);
  });

  it("works from the file's own levels: a quieter recording with room noise splits the same", async () => {
    const audio = await recording(spanish, "es", { pausesMs: [400, 600, 800], gain: 0.3, noiseRms: 0.002, leadMs: 900, tailMs: 150 });
    const result = splitAtPauses(audio.samples, audio.sampleRate, spanish.length);
    if (!result.ok) throw new Error(`No cues: ${JSON.stringify(result)}`);
    expectCues(result.cues, audio.phrases);
  });

  it("with one phrase, the cue is its speech, leading and trailing silence left out", async () => {
    const audio = await recording(["La cuenta, por favor"], "es", { pausesMs: [], leadMs: 800, tailMs: 1200 });
    const result = splitAtPauses(audio.samples, audio.sampleRate, 1);
    if (!result.ok) throw new Error(`No cues: ${JSON.stringify(result)}`);
    expectCues(result.cues, audio.phrases);
  });

  it("says so when the file has fewer pauses than the phrases need, instead of inventing cuts", async () => {
    const audio = await recording(["Buenos días", "Muchas gracias"], "es", { pausesMs: [600] });
    expect(splitAtPauses(audio.samples, audio.sampleRate, 4)).toEqual({ ok: false, reason: "too-few-pauses", pauses: 1, phrases: 4 });
    expect(cueText.splitFailed({ ok: false, reason: "too-few-pauses", pauses: 1, phrases: 4 })).toBe(
      "Found 1 pause for 4 phrases, so no cues were suggested. The group plays as a whole until you set them.",
    );
    const two = splitAtPauses(audio.samples, audio.sampleRate, 2);
    if (!two.ok) throw new Error(`No cues: ${JSON.stringify(two)}`);
    expectCues(two.cues, audio.phrases);
  });

  it("finds no speech in silence or faint noise", () => {
    const rate = 22050;
    expect(splitAtPauses(new Float32Array(rate * 2), rate, 2)).toMatchObject({ ok: false, reason: "no-speech" });
    const hiss = Float32Array.from({ length: rate * 2 }, (_, i) => 0.0005 * Math.sin(i));
    expect(splitAtPauses(hiss, rate, 1)).toMatchObject({ ok: false, reason: "no-speech" });
  });

  it("splits tone bursts at their gaps, at any sample rate", () => {
    const rate = 44100;
    const bursts: Cue[] = [
      [200, 900],
      [1400, 1650],
      [2500, 3700],
    ];
    const samples = new Float32Array(Math.round(4.2 * rate));
    for (const [start, end] of bursts) {
      for (let i = Math.round((start * rate) / 1000); i < Math.round((end * rate) / 1000); i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate);
    }
    const result = splitAtPauses(samples, rate, 3);
    if (!result.ok) throw new Error(`No cues: ${JSON.stringify(result)}`);
    expectCues(result.cues, bursts);
  });
});
