import type { AudioController } from "#app/lib/audio/audio-state.ts";

/**
 * Where the audio controller (the engine) is once its module has been evaluated: audio-controller.ts registers itself
 * here, whether a page imported it statically (the admin area) or audio-engine.ts loaded it on demand. Players read
 * it through audio-engine.ts.
 */

let engine: (() => AudioController) | null = null;
const listeners = new Set<() => void>();

export function provideAudioEngine(get: () => AudioController) {
  engine = get;
  for (const listener of [...listeners]) listener();
}

/** The controller, once loaded; null before (and on the server, where nothing may play). */
export function audioEngine(): AudioController | null {
  return engine && typeof window !== "undefined" ? engine() : null;
}

export const audioEngineReady = () => engine !== null;

export function onAudioEngine(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
