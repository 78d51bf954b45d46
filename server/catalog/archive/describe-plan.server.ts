import type { ImportPlan } from "./catalog-import.server.ts";

/** Names listed per kind of change; the counts above them are always whole. */
const LISTED = 50;

/** An import plan as the CLI prints it: counts, then what is added, changed and removed, then the learner rows. */
export function describePlan(plan: ImportPlan, { dryRun }: { dryRun: boolean }): string {
  const lines: string[] = [dryRun ? "Dry run: nothing was changed. Importing this archive would:" : "Imported the archive:"];
  for (const table of ["languages", "levels", "lessons", "phrases", "files"] as const) {
    const c = plan.counts[table];
    lines.push(`  ${table}: ${c.added} added, ${c.changed} changed, ${c.removed} removed, ${c.unchanged} unchanged`);
  }
  for (const table of ["languages", "levels", "lessons", "phrases"] as const) {
    for (const change of ["added", "changed", "removed"] as const) {
      const keys = plan[table][change];
      if (keys.length === 0) continue;
      lines.push(`${capitalized(table)} ${change} (${keys.length}):`);
      for (const key of keys.slice(0, LISTED)) lines.push(`  ${key}`);
      if (keys.length > LISTED) lines.push(`  … and ${keys.length - LISTED} more`);
    }
  }
  if (plan.files.added.length > 0) {
    lines.push(`Files added (${plan.files.added.length}):`);
    for (const key of plan.files.added.slice(0, LISTED)) lines.push(`  ${key}`);
    if (plan.files.added.length > LISTED) lines.push(`  … and ${plan.files.added.length - LISTED} more`);
  }
  const { favoritesRemoved, progressRemoved, reviewCardsLeavingDeck } = plan.learnerRows;
  lines.push(
    `Learner data: ${favoritesRemoved} favorites and ${progressRemoved} lesson progress rows ${dryRun ? "would be" : "were"} removed with their phrases and lessons; ` +
      `${reviewCardsLeavingDeck} review cards ${dryRun ? "would leave" : "left"} the review deck (kept, as after any phrase deletion).`,
  );
  return lines.join("\n");
}

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);
