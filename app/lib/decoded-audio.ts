import { useEffect, useState } from "react";

/**
 * An audio file decoded in the browser, for the admin's cue editor and cue backfill and the learner's record-and-compare:
 * the pause splitter and the waveforms need samples, which only a decoder has, and the browser is one.
 */
export interface DecodedAudio {
  /** For playing spans of it (an AudioBuffer belongs to no one context). */
  buffer: AudioBuffer;
  /** The channels mixed down to one. */
  samples: Float32Array;
  sampleRate: number;
  durationMs: number;
}

/** Decoding resamples to the context's rate; speech needs no more than this. */
const DECODE_RATE = 44_100;
/** A dialog reopened on the same group decodes nothing again; two files at most are kept (a minute is 10 MB). */
const KEEP = 2;
const cache = new Map<string, Promise<DecodedAudio>>();

function mixDown(buffer: AudioBuffer): Float32Array {
  if (buffer.numberOfChannels === 1) return buffer.getChannelData(0);
  const mixed = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const channel = buffer.getChannelData(c);
    for (let i = 0; i < mixed.length; i++) mixed[i]! += channel[i]! / buffer.numberOfChannels;
  }
  return mixed;
}

/** `url` decoded, without keeping it (a loop over many files). */
export async function loadDecodedAudio(url: string): Promise<DecodedAudio> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The audio could not be loaded (${response.status})`);
  return decodeAudioData(await response.arrayBuffer());
}

/** An audio file's bytes decoded (a learner's recording, which has no address to fetch). */
export async function decodeAudioData(data: ArrayBuffer): Promise<DecodedAudio> {
  // An offline context decodes without the user gesture a playing context would want.
  const buffer = await new OfflineAudioContext({ numberOfChannels: 1, length: 1, sampleRate: DECODE_RATE }).decodeAudioData(data);
  return { buffer, samples: mixDown(buffer), sampleRate: buffer.sampleRate, durationMs: Math.round(buffer.duration * 1000) };
}

/** The decoded file, shared by every caller that asks for the same address; a failure is not kept. */
export function decodeAudio(url: string): Promise<DecodedAudio> {
  let pending = cache.get(url);
  if (!pending) {
    pending = loadDecodedAudio(url);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
    while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  }
  return pending;
}

export type DecodeState = { status: "idle" } | { status: "loading"; url: string } | { status: "ready"; url: string; audio: DecodedAudio } | { status: "error"; url: string };

/** `url` decoded ("" for none), with its loading and failure states. */
export function useDecodedAudio(url: string): DecodeState {
  const [state, setState] = useState<DecodeState>({ status: "idle" });
  useEffect(() => {
    if (!url) return;
    let current = true;
    decodeAudio(url).then(
      (audio) => current && setState({ status: "ready", url, audio }),
      () => current && setState({ status: "error", url }),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!url) return { status: "idle" };
  // Until this address's answer arrives, an earlier one's is not shown.
  return state.status !== "idle" && state.url === url ? state : { status: "loading", url };
}
