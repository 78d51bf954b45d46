import { describe, expect, it } from "vitest";
import { computePeaks, cueRange, secondsLabel } from "#app/lib/recorder/waveform.ts";

describe("computePeaks", () => {
  it("takes the loudest sample of each slice, scaled to the loudest bar", () => {
    const samples = Float32Array.from([0.1, -0.2, 0.05, 0.4, -0.8, 0.2, 0, 0]);
    expect(computePeaks(samples, 4)).toEqual([0.25, 0.5, 1, 0]);
  });

  it("reads only the given range (a phrase's cue in its group's audio)", () => {
    const samples = Float32Array.from([1, 1, 0.2, -0.4, 1, 1]);
    expect(computePeaks(samples, 2, 2, 4)).toEqual([0.5, 1]);
  });

  it("silence stays flat rather than dividing by zero", () => {
    expect(computePeaks(new Float32Array(10), 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it("more bars than samples repeat the nearest sample; no bars or an empty range give no peaks", () => {
    expect(computePeaks(Float32Array.from([0.5, -1]), 4)).toEqual([0.5, 0.5, 1, 1]);
    expect(computePeaks(Float32Array.from([0.5]), 0)).toEqual([]);
    expect(computePeaks(Float32Array.from([0.5, 1]), 3, 1, 1)).toEqual([0, 0, 0]);
  });
});

describe("cueRange", () => {
  it("turns milliseconds into samples, clamped to the audio", () => {
    expect(cueRange(1000, 5000, [1200, 2500])).toEqual([1200, 2500]);
    expect(cueRange(44_100, 44_100, [500, 2000])).toEqual([22_050, 44_100]);
    expect(cueRange(1000, 300, undefined)).toEqual([0, 300]);
  });
});

describe("secondsLabel", () => {
  it("says the length to a tenth of a second", () => {
    expect(secondsLabel(1440)).toBe("1.4 seconds");
    expect(secondsLabel(1000)).toBe("1 second");
    expect(secondsLabel(0)).toBe("0 seconds");
  });
});
