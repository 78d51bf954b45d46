/** The admin change log (issue 27 point 6), as the Overview shows it. */

export const CHANGE_SECTIONS = ["catalog", "blog", "settings"] as const;
export type ChangeSection = (typeof CHANGE_SECTIONS)[number];

export const changeSectionLabels: Record<ChangeSection, string> = { catalog: "Catalog", blog: "Blog", settings: "Settings" };

/** A text field before and after a change (null: empty or absent). */
export type TextChanges = Record<string, { before: string | null; after: string | null }>;

export interface ChangeLogEntry {
  id: string;
  section: ChangeSection;
  action: string;
  subject: string;
  count: number;
  changes: TextChanges | null;
  actorEmail: string;
  /** ISO 8601. */
  at: string;
}

/** How many entries the Overview shows at a time. */
export const CHANGE_LOG_PAGE = 10;

export const changeLogTexts = {
  title: "Latest Changes",
  description: "Who changed the catalog, the blog and the settings, newest first.",
  filterLabel: "Show changes in",
  all: "All",
  empty: "No changes recorded yet.",
  emptySection: "No changes recorded in this section yet.",
  older: "Older changes",
  newest: "Back to the newest",
  details: "What changed",
  before: "Before",
  after: "After",
  emptyText: "(empty)",
} as const;

/** Labels for the fields a change names. */
export const changeFieldLabels: Record<string, string> = {
  id: "ID",
  name: "Name",
  title: "Title",
  translatedTitle: "Translated title",
  cefrLabel: "CEFR label",
  flagUrl: "Flag",
  iconUrl: "Icon",
  voice: "Voice",
  originalText: "Original text",
  translatedText: "Translation",
  audioUrl: "Audio",
  reading: "Reading",
  content: "Content",
  excerpt: "Excerpt",
  slug: "Slug",
  imageUrl: "Image",
  place: "Place",
};

export const changeFieldLabel = (field: string) =>
  changeFieldLabels[field] ?? field.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
