import { audioEngine } from "#app/lib/audio/audio-registry.ts";
import type { AudioController } from "#app/lib/audio/audio-state.ts";

export { audioEngine, audioEngineReady, onAudioEngine } from "#app/lib/audio/audio-registry.ts";

/**
 * Loads the audio controller (the engine) on the learner's first intent to play: a pointer over or on a player, focus
 * in it, a lesson shortcut. A visit that plays nothing never fetches it (docs/decisions/010-learn-mode.md, "The
 * first-visit JavaScript target"); a player renders the same DOM before and after, from INITIAL_AUDIO_STATE.
 *
 * The controller module registers itself when it is evaluated (audio-registry.ts), so a page that imports it
 * statically (the admin area) has its engine at once.
 */

let loading: Promise<AudioController> | null = null;

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
