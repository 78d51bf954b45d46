/** The catalogue archive's admin routes and texts (app/routes/admin/catalog-export.ts, catalog-import.ts). */
export const CATALOG_EXPORT_PATH = "/admin/catalog/export";
export const CATALOG_IMPORT_PATH = "/admin/catalog/import";

export const catalogArchiveText = {
  signedOut: "Please sign in as an administrator.",
  denied: "Only administrators can export or import the catalog.",
  noFile: "Choose a catalog archive (.tar) to import.",
  tooLarge: (maxBytes: number) => `The archive should be less than ${Math.round(maxBytes / 1024 ** 2)} MB`,
  failed: "The import failed; nothing was changed. Please try again.",
  exportButton: "Export catalog",
  importButton: "Import catalog",
  imported: "Catalog imported",
};

export interface ImportSummary {
  counts: Record<"languages" | "levels" | "lessons" | "phrases" | "files", { added: number; changed: number; removed: number; unchanged: number }>;
  languages: { added: string[]; changed: string[]; removed: string[] };
  levels: { added: string[]; changed: string[]; removed: string[] };
  lessons: { added: string[]; changed: string[]; removed: string[] };
  phrases: { added: string[]; changed: string[]; removed: string[] };
  files: { added: string[] };
  learnerRows: { favoritesRemoved: number; progressRemoved: number; reviewCardsLeavingDeck: number };
}

export type ImportAnswer = { intent: "dry-run" | "apply"; summary: ImportSummary } | { error: string };
