import type { SplitResult } from "#common/audio-cues/split-at-pauses.ts";

/** The cue editor's and the cue backfill's texts (issue 23 has no wording for them; US spelling, like every text). */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const cueText = {
  editorLabel: "Phrase timing",
  loading: "Loading the waveform...",
  loadFailed: "The audio could not be loaded to show its waveform.",
  suggested: "Suggested from the pauses in the audio. Play each phrase to check it, and drag a handle to correct it.",
  help: "Drag a handle, or focus it and use the arrow keys (Shift for larger steps).",
  setByHand: "Set cues by hand",
  resuggest: "Suggest again",
  splitFailed: (result: Extract<SplitResult, { ok: false }>) =>
    result.reason === "no-speech"
      ? "No speech was found in this audio, so no cues were suggested. The group plays as a whole until you set them."
      : `Found ${plural(result.pauses, "pause", "pauses")} for ${result.phrases} phrases, so no cues were suggested. The group plays as a whole until you set them.`,
  playPhrase: (n: number) => `Play phrase ${n}`,
  stopPhrase: (n: number) => `Stop phrase ${n}`,
  handle: (n: number, edge: "start" | "end") => `Phrase ${n} ${edge}`,
  seconds: (ms: number) => `${(ms / 1000).toFixed(2)} seconds`,
  span: (startMs: number, endMs: number) => `${(startMs / 1000).toFixed(2)}–${(endMs / 1000).toFixed(2)} s`,
} as const;
