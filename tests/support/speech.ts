import espeak from "espeak-ng";
import type { Cue } from "#common/audio-cues/split-at-pauses.ts";

/**
 * Real speech with known cut points, for the pause splitter's tests: eSpeak NG speaks each phrase on its own, each
 * clip is trimmed to its first and last audible sample, and the clips are joined with silences of known lengths.
 */

export interface Recording {
  samples: Float32Array;
  sampleRate: number;
  /** Where each phrase's sound starts and ends, in ms. */
  phrases: Cue[];
}

/** 16-bit PCM of a RIFF WAVE file (as eSpeak writes it: mono), as floats in [-1, 1]. */
export function wavSamples(wav: Uint8Array): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const sampleRate = view.getUint32(24, true);
  let at = 12;
  while (at + 8 <= wav.length) {
    const tag = String.fromCharCode(...wav.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (tag === "data") {
      const count = Math.floor(Math.min(size, wav.length - at - 8) / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(at + 8 + i * 2, true) / 32768;
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error("No audio data in the WAV file");
}

/** A mono 16-bit PCM WAV file of `samples`. */
export function wavFile(samples: Float32Array, sampleRate: number): Uint8Array {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  return new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength);
}

/** One phrase spoken by eSpeak NG, without the silence it adds before and after. */
export async function spoken(text: string, voice: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const wav = (await espeak({ arguments: ["-v", voice, "-s", "150", "-w", "out.wav", text] })).FS.readFile("out.wav");
  const { samples, sampleRate } = wavSamples(wav);
  const audible = (x: number) => Math.abs(x) > 0.005;
  const first = samples.findIndex(audible);
  const last = samples.findLastIndex(audible);
  return { samples: samples.slice(first, last + 1), sampleRate };
}

/** Deterministic noise (a fixed seed), so a failing run can be replayed. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

/**
 * The phrases spoken in order: `leadMs` of silence, then each phrase followed by its pause (`pausesMs[i]` after
 * phrase i), then `tailMs`. `gain` scales the speech; `noiseRms` adds room noise everywhere (0 for digital silence).
 */
export async function recording(
  texts: string[],
  voice: string,
  { pausesMs, leadMs = 300, tailMs = 400, gain = 1, noiseRms = 0.002 }: { pausesMs: number[]; leadMs?: number; tailMs?: number; gain?: number; noiseRms?: number },
): Promise<Recording> {
  const clips = [];
  for (const text of texts) clips.push(await spoken(text, voice));
  const sampleRate = clips[0]!.sampleRate;
  const at = (ms: number) => Math.round((ms * sampleRate) / 1000);
  const parts: Float32Array[] = [new Float32Array(at(leadMs))];
  const phrases: Cue[] = [];
  let length = parts[0]!.length;
  clips.forEach((clip, i) => {
    const start = length;
    parts.push(clip.samples.map((x) => x * gain));
    length += clip.samples.length;
    phrases.push([(start / sampleRate) * 1000, (length / sampleRate) * 1000]);
    const pause = new Float32Array(at(i < clips.length - 1 ? pausesMs[i]! : tailMs));
    parts.push(pause);
    length += pause.length;
  });
  const samples = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  // Uniform noise of this RMS: its amplitude is √12 times the RMS.
  const next = noise(7);
  if (noiseRms > 0) for (let i = 0; i < samples.length; i++) samples[i]! += next() * noiseRms * Math.sqrt(12);
  return { samples, sampleRate, phrases };
}
