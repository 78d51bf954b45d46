/**
 * The profile's "Daily goal" forms (issue 24, point 4): what the learner may change about their goal, their days and
 * their deck, checked alike in the browser and on the server, and the toasts the actions answer with.
 */
import { z } from "#common/zod.ts";
import { timeZoneName } from "#common/goal-display.ts";
import { goalSchema, timeZoneSchema } from "#common/review.ts";
import type { ToastMessage } from "#common/toast.ts";

/** The goal and the deck option, saved together ("Save Goal"). */
export const goalSettingsSchema = goalSchema.extend({
  // A checkbox: present ("on") when ticked.
  deckIncludesCompleted: z
    .string()
    .max(8)
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export const timeZoneFormSchema = z.object({ timeZone: timeZoneSchema });

export const goalText = {
  goalSaved: { type: "success", title: "Goal saved", description: "Today's progress now counts towards your new goal." },
  timeZoneSaved: (timeZone: string): ToastMessage => ({
    type: "success",
    title: "Time zone saved",
    description: `Your days now follow ${timeZoneName(timeZone)}.`,
  }),
  goalFailed: { type: "error", title: "Error saving your goal", description: "Please try again." },
  timeZoneFailed: { type: "error", title: "Error saving your time zone", description: "Please try again." },
} as const;
