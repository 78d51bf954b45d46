import type { SubmissionResult } from "@conform-to/react";
import { isMediaAddress } from "#common/media-url.ts";
import { z } from "#common/zod.ts";

/**
 * The admin Languages, Levels and Lessons tabs: their form schemas (the server validates with the same ones) and
 * every text of SPEC §2, §5 and §8 they show, word for word. Browser-safe.
 */

export const catalogMessages = {
  languageIdShort: "Language ID must be at least 2 characters",
  idPattern: "ID must contain only lowercase letters, numbers, and hyphens",
  languageNameShort: "Language name must be at least 2 characters",
  flagUrl: "Please enter a valid URL for the flag image",
  levelIdRequired: "Level ID is required",
  languageRequired: "Language is required",
  titleShort: "Title must be at least 2 characters",
  cefrRequired: "CEFR label is required",
  iconUrl: "Please enter a valid URL for the icon image",
  lessonIdRequired: "Lesson ID is required",
  levelRequired: "Level is required",
  translatedTitleShort: "Translated title must be at least 2 characters",
  missingOrderIndex: "Cannot reorder: missing order index",
  /** Not in the spec: a second row with a key that exists (ids are chosen by the admin). */
  languageExists: "A language with this ID already exists",
  /** Not in the spec: /blog, /review and the like are pages of their own, which a language's page would never reach. */
  languageIdReserved: "This ID is the address of a page of the site. Please choose another.",
  levelExists: "A level with this ID already exists in this language",
  lessonExists: "A lesson with this ID already exists in this level",
} as const;

export const catalogToasts = {
  languageAdded: "Language added successfully",
  languageUpdated: "Language updated successfully",
  languageDeleted: "Language deleted successfully",
  languageAddFailed: "Failed to add language",
  languageUpdateFailed: "Failed to update language",
  languageDeleteFailed: "Failed to delete language",
  levelAdded: "Level added successfully",
  levelUpdated: "Level updated successfully",
  levelDeleted: "Level deleted successfully",
  levelLocked: "Level locked successfully",
  levelUnlocked: "Level unlocked successfully",
  levelOrderUpdated: "Level order updated",
  levelAddFailed: "Failed to add level",
  levelUpdateFailed: "Failed to update level",
  levelDeleteFailed: "Failed to delete level",
  levelLockFailed: "Failed to lock level",
  levelUnlockFailed: "Failed to unlock level",
  levelOrderFailed: "Failed to update level order",
  lessonAdded: "Lesson added successfully",
  lessonUpdated: "Lesson updated successfully",
  lessonDeleted: "Lesson deleted successfully",
  lessonLocked: "Lesson locked successfully",
  lessonUnlocked: "Lesson unlocked successfully",
  lessonOrderUpdated: "Lesson order updated successfully",
  lessonAddFailed: "Failed to add lesson",
  lessonUpdateFailed: "Failed to update lesson",
  lessonDeleteFailed: "Failed to delete lesson",
  lessonLockFailed: "Failed to lock lesson",
  lessonUnlockFailed: "Failed to unlock lesson",
  lessonOrderFailed: "Failed to update lesson order",
  uploadingIcon: "Uploading icon...",
  iconUploaded: "Icon uploaded successfully",
  iconUploadFailed: "Failed to upload icon",
  /** Not in the spec: the Language dialog's flag upload, in the icon upload's words. */
  uploadingFlag: "Uploading flag...",
  flagUploaded: "Flag uploaded successfully",
  flagUploadFailed: "Failed to upload flag",
} as const;

/** The name of the dialogs' second submit button (issue 27): saved, the dialog stays open for the next one. */
export const SAVE_AND_ADD_ANOTHER = "another";

export const catalogTexts = {
  loading: "Loading...",
  saveAndAddAnother: "Save and add another",
  unsavedOrderTitle: "Leave without saving the new order?",
  unsavedOrder: "The lessons have a new order that is not saved yet. Stay and select Save Order to keep it.",
  noLanguages: "No languages found. Add your first language to get started.",
  noLevelsForLanguage: "No levels found for this language.",
  addLanguagesFirst: "You need to add languages first before creating levels.",
  noLessons: "No lessons found. Add your first lesson to get started.",
  addLanguagesAndLevelsFirst: "Add languages and levels first before creating lessons.",
  lessonDeleteConfirm: "Are you sure you want to delete this lesson? This will also delete all associated phrases.",
  orderNotSet: "Not set",
} as const;

/** Lengths no admin needs to exceed; they keep one request from storing megabytes in a title. */
/** The Voice field's first choice: no voice of its own (Conform would read an empty value as a missing field). */
export const AUTOMATIC_VOICE = "automatic";

/** The Common European Framework's six levels: the Level dialog offers these, and "Other" for a school's own. */
export const CEFR_LABELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;

export const CATALOG_LIMITS = { id: 64, name: 120, url: 2048, cefr: 16, voice: 64 } as const;

const idPattern = /^[a-z0-9-]+$/;

/** An id field: `required` is the message for an empty one (Conform turns an empty field into undefined). */
const idField = (required: string, min = 1) =>
  z
    .string({ error: required })
    .trim()
    .min(min, required)
    .max(CATALOG_LIMITS.id, `ID must be at most ${CATALOG_LIMITS.id} characters`)
    .regex(idPattern, catalogMessages.idPattern);

const text = (message: string, max: number = CATALOG_LIMITS.name) =>
  z.string({ error: message }).trim().min(2, message).max(max, `Must be at most ${max} characters`);

const url = (message: string) => z.string({ error: message }).trim().max(CATALOG_LIMITS.url, message).refine(isMediaAddress, message);
/** A URL or nothing: Conform sends an emptied field as undefined. */
const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(CATALOG_LIMITS.url, message)
    .refine((v) => v === "" || isMediaAddress(v), message)
    .optional()
    .transform((v) => v ?? "");

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/**
 * A language's page is /<id>: an id that is also the first segment of one of the site's own addresses (app/routes.ts,
 * the stored files, the build's assets, public/) would give it a page nobody reaches. Refused when a language is
 * created (server/admin/catalog-admin.server.ts); tests/admin-catalog.test.ts checks the list against the route table.
 */
export const RESERVED_LANGUAGE_IDS: ReadonlySet<string> = new Set([
  "languages",
  "locked-content",
  "download",
  "support",
  "faq",
  "privacy-policy",
  "terms-of-use",
  "blog",
  "profile",
  "review",
  "auth",
  "admin",
  "api",
  "embed",
  "storage",
  "assets",
  "images",
  "icons",
  "offline",
]);

export const languageSchema = z.object({
  id: z
    .string({ error: catalogMessages.languageIdShort })
    .trim()
    .min(2, catalogMessages.languageIdShort)
    .max(CATALOG_LIMITS.id, `ID must be at most ${CATALOG_LIMITS.id} characters`)
    .regex(idPattern, catalogMessages.idPattern),
  name: text(catalogMessages.languageNameShort),
  flagUrl: url(catalogMessages.flagUrl),
  /**
   * A speech voice's code, AUTOMATIC_VOICE for one the id or name names (saved as null), absent where the form has no
   * Voice field (a speech engine without a list): then the saved choice stays. The server checks the engine has it.
   */
  voice: z
    .string()
    .trim()
    .max(CATALOG_LIMITS.voice)
    .optional()
    .transform((v) => (v === AUTOMATIC_VOICE ? null : v)),
});

export const levelSchema = z.object({
  id: idField(catalogMessages.levelIdRequired),
  languageId: z.string({ error: catalogMessages.languageRequired }).trim().min(1, catalogMessages.languageRequired),
  title: text(catalogMessages.titleShort),
  cefrLabel: z
    .string({ error: catalogMessages.cefrRequired })
    .trim()
    .min(1, catalogMessages.cefrRequired)
    .max(CATALOG_LIMITS.cefr, `Must be at most ${CATALOG_LIMITS.cefr} characters`),
  iconUrl: optionalUrl(catalogMessages.iconUrl),
  isLocked: checkbox,
});

export const lessonSchema = z.object({
  id: idField(catalogMessages.lessonIdRequired),
  languageId: z.string({ error: catalogMessages.languageRequired }).trim().min(1, catalogMessages.languageRequired),
  levelId: z.string({ error: catalogMessages.levelRequired }).trim().min(1, catalogMessages.levelRequired),
  title: text(catalogMessages.titleShort),
  translatedTitle: text(catalogMessages.translatedTitleShort),
  iconUrl: optionalUrl(catalogMessages.iconUrl),
  isLocked: checkbox,
});

export type LanguageInput = z.infer<typeof languageSchema>;
export type LevelInput = z.infer<typeof levelSchema>;
export type LessonInput = z.infer<typeof lessonSchema>;

export interface AdminLanguage {
  id: string;
  name: string;
  flagUrl: string;
  /** The speech voice chosen for it, or null for one picked from its id or name. */
  voice: string | null;
}

/** A voice the Language dialog offers (the speech engine's list). */
export interface VoiceChoice {
  code: string;
  name: string;
}

/** The Language dialog's Voice field. */
export const voiceField = {
  label: "Voice",
  automatic: "Automatic (from the ID or name)",
  hint: "The voice Generate Audio speaks with. Choose one when Automatic finds none for this language.",
  unknown: "Choose a voice from the list",
} as const;

export interface AdminLevel {
  languageId: string;
  id: string;
  title: string;
  cefrLabel: string;
  iconUrl: string;
  orderIndex: number | null;
  isLocked: boolean;
}

export interface AdminLesson {
  languageId: string;
  levelId: string;
  id: string;
  title: string;
  translatedTitle: string;
  iconUrl: string;
  orderIndex: number | null;
  isLocked: boolean;
}

/** What the catalogue tabs' actions answer: whether it worked, and the form's result (field errors) if any. */
export interface CatalogActionData {
  ok: boolean;
  result: SubmissionResult<string[]> | null;
}
