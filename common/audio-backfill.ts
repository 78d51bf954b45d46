/**
 * The "Phrases without audio" view (issue 10, point 6's extra): its texts and what its generate loop sends and
 * receives. The API route is POST /admin/audio-backfill (JSON), the page /admin/phrases/without-audio.
 */

export const AUDIO_BACKFILL_API = "/admin/audio-backfill";
export const AUDIO_BACKFILL_PAGE = "/admin/phrases/without-audio";

/** An id is a short slug; anything longer is refused rather than looked up. */
export const MAX_ID_LENGTH = 200;
/** A run's failures that the next "next" request leaves out; the loop stops asking past this many. */
export const MAX_SKIPPED = 100;

export interface BackfillGroupKey {
  languageId: string;
  levelId: string;
  lessonId: string;
  /** An import's planned group (phrases.audio_batch); null: the lesson's other audio-less phrases. */
  batch: string | null;
}

/** A group's key alone, as the generate loop sends it back. */
export const backfillKey = ({ languageId, levelId, lessonId, batch }: BackfillGroupKey): BackfillGroupKey => ({ languageId, levelId, lessonId, batch });

/** A group's key as one string (a React key, a set member). */
export const backfillKeyString = (key: BackfillGroupKey) => [key.languageId, key.levelId, key.lessonId, key.batch ?? ""].join("\u0000");

export interface BackfillGroup extends BackfillGroupKey {
  languageName: string;
  levelTitle: string;
  cefrLabel: string;
  lessonTitle: string;
  phraseCount: number;
  /** What generating speaks first: the group's first non-empty original text (then the others, in order). */
  firstText: string;
}

export type BackfillAnswer =
  | { intent: "next"; group: BackfillGroup | null; remaining: number }
  | { intent: "generate"; status: "generated" | "done"; url?: string }
  | { intent: "generate"; status: "failed"; message: string }
  | { error: string };

export const backfillText = {
  title: "Phrases without audio",
  description: "Audio groups whose phrases have no audio yet. Generate speech for all of them in one go.",
  link: "Phrases without audio",
  empty: "Every phrase has audio.",
  generateAll: "Generate audio for all",
  resume: "Resume generating",
  stop: "Stop",
  stopping: "Stopping after this group...",
  finished: "Audio generated for every group.",
  finishedWithFailures: (failed: number) => `Finished. ${failed} ${failed === 1 ? "group" : "groups"} could not be generated.`,
  stopped: "Stopped. What is left is listed below; resume at any time.",
  failuresTitle: "Groups that failed",
  retry: "Retry failed groups",
  progress: (done: number, total: number) => `${done} of ${total}`,
  counts: (groups: number, phrases: number) =>
    `${groups} ${groups === 1 ? "audio group" : "audio groups"} (${phrases} ${phrases === 1 ? "phrase" : "phrases"}) without audio`,
} as const;

export const groupLabel = (group: Pick<BackfillGroup, "languageName" | "levelTitle" | "cefrLabel" | "lessonTitle">) =>
  `${group.languageName} › ${group.levelTitle} (${group.cefrLabel}) › ${group.lessonTitle}`;

/** The generate loop's progress texts (app/components/admin/batch-run.tsx's BatchProgressText). */
export const backfillProgressText = {
  label: "Generating audio",
  progress: backfillText.progress,
  starting: "Starting...",
  now: "Now: ",
  stopping: backfillText.stopping,
  stopped: backfillText.stopped,
  finished: (failed: number) => (failed > 0 ? backfillText.finishedWithFailures(failed) : backfillText.finished),
};
