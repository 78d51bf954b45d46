/**
 * Where a learner goes after a lesson (issue 23, "Lesson flow"). Computed on the server from the catalogue, the same
 * for everyone, so the shared lesson page carries it in its data. Browser-safe.
 */

/** A lesson or level to go on to; a locked one leads to its locked-content promo. */
export interface FlowStep {
  kind: "lesson" | "level";
  /** The lesson's title, or the level's title. */
  title: string;
  /** The lesson's translated title, or the level's CEFR label. */
  detail: string;
  href: string;
  locked: boolean;
}

export interface LessonNext {
  /** The next lesson of the level in order; after the level's last lesson, the next level. */
  next: FlowStep;
  /** When `next` is locked: the first step after it that the website can open, if there is one. */
  open?: FlowStep;
}
