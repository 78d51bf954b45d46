import type { SplitResult } from "#common/audio-cues/split-at-pauses.ts";
import { cueText } from "#common/audio-cues/cue-text.ts";

/**
 * Cues for groups saved before cues existed (issue 23, point 1, "Existing installations"): what the Phrases tab's
 * loop sends to POST /admin/cue-backfill (JSON) and receives. The audio is decoded and split in the admin's browser,
 * the only place with a decoder; the server names the next group and stores the cues it is given.
 */

export const CUE_BACKFILL_API = "/admin/cue-backfill";

/** A run's failures that the next "next" request leaves out; the loop stops asking past this many. */
export const MAX_CUE_SKIPPED = 100;
/** The most phrases one group's cues are saved for in a request. */
export const MAX_CUE_PHRASES = 1000;
export const MAX_AUDIO_URL_LENGTH = 2048;

export interface CueBackfillGroup {
  languageId: string;
  levelId: string;
  lessonId: string;
  audioUrl: string;
  languageName: string;
  levelTitle: string;
  cefrLabel: string;
  lessonTitle: string;
  /** The group's phrases in order: the cues are saved for exactly these. */
  phraseIds: string[];
  firstText: string;
}

export type CueBackfillAnswer =
  | { intent: "next"; group: CueBackfillGroup | null; remaining: number }
  /** saved: written; done: the group had cues already (nothing written); changed: its phrases or audio changed meanwhile. */
  | { intent: "save"; status: "saved" | "done" | "changed" }
  | { error: string };

export const cueBackfillText = {
  title: "Audio cues",
  description:
    "Groups saved before phrase timing existed play as a whole. Find where each phrase is spoken: this browser listens for the pauses in each group's audio, one group at a time.",
  start: "Find cues for all groups",
  resume: "Resume finding cues",
  stop: "Stop",
  stopping: "Stopping after this group...",
  progressLabel: "Finding cues",
  progress: (done: number, total: number) => `${done} of ${total}`,
  starting: "Starting...",
  now: "Now: ",
  none: "Every group with several phrases has its cues.",
  finished: "Cues found for every group.",
  finishedWithFailures: (failed: number) => `Finished. ${failed} ${failed === 1 ? "group" : "groups"} could not be split: set their cues by hand.`,
  stopped: "Stopped. Resume at any time: groups that have cues are not done again.",
  failuresTitle: "Groups without cues",
  retry: "Retry failed groups",
  edit: "Edit cues",
  editLabel: (label: string) => `Edit cues of ${label}`,
  gone: "This group no longer exists. Run again to see the current groups.",
  notHere: "The audio is not stored on this site, so this browser cannot read it.",
  loadFailed: "The audio could not be loaded or decoded.",
  changed: "The group changed while its cues were found. Run again to include it.",
  splitFailed: (result: Extract<SplitResult, { ok: false }>) => cueText.splitFailed(result),
} as const;

export const cueGroupLabel = (group: Pick<CueBackfillGroup, "languageName" | "levelTitle" | "cefrLabel" | "lessonTitle">) =>
  `${group.languageName} › ${group.levelTitle} (${group.cefrLabel}) › ${group.lessonTitle}`;
