import type { AudioController } from "#app/lib/audio/audio-controller.ts";

/**
 * Loads the audio controller (the engine) on the learner's first intent to play: a pointer over or on a player, focus
 * in it, a lesson shortcut. A visit that plays nothing never fetches it (docs/decisions/010-learn-mode.md, "The
 * first-visit JavaScript target"); a player renders the same DOM before and after, from INITIAL_AUDIO_STATE.
 *
 * The controller module registers itself here when it is evaluated (`provideAudioEngine`), so a page that imports it
 * statically (the admin area) has its engine at once.
 */

let engine: (() => AudioController) | null = null;
let loading: Promise<AudioController> | null = null;
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

/** Starts loading the engine if it is not here yet; a failed load (offline) is tried again on the next call. */
export function loadAudioEngine(): Promise<AudioController> {
  const ready = audioEngine();
  if (ready) return Promise.resolve(ready);
  loading ??= import("#app/lib/audio/audio-controller.ts").then(
    (module) => module.getAudioController(),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** For pointerenter / pointerdown / focus handlers: warm the engine up before the click that needs it. */
export function warmAudioEngine() {
  loadAudioEngine().catch(() => {});
}
