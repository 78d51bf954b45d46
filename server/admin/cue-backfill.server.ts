import { eq, inArray, ne, sql } from "drizzle-orm";
import type { Cue } from "#common/audio-cues/split-at-pauses.ts";
import type { CueBackfillGroup } from "#common/audio-cues/cue-backfill.ts";
import type { Database } from "#server/db/client.server.ts";
import { phrases } from "#server/db/schema.ts";
import { selectInCatalogueOrder } from "#server/admin/catalogue-order.server.ts";
import { lockedGroupPhrases, lockLessons } from "#server/admin/phrase-group-lock.server.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import { recordChange, type ChangeRecorder } from "#server/admin/change-log.server.ts";

/**
 * Audio groups without cues, and saving the cues an admin's browser found for one (issue 23, point 1, "Existing
 * installations"). A group is a lesson's phrases sharing one audio URL; one of several phrases needs cues to be
 * played on its own (a single phrase plays its whole file). Like the audio backfill, each request stands alone: the
 * database is the progress, so a run can stop, move to another server, or resume.
 */

function cuelessQuery(db: Database) {
  const order = sql`${phrases.position}, ${phrases.createdAt}, ${phrases.id}`;
  const grouped = db
    .select({
      languageId: phrases.languageId,
      levelId: phrases.levelId,
      lessonId: phrases.lessonId,
      audioUrl: phrases.audioUrl,
      phraseIds: sql<string[]>`json_agg(${phrases.id} order by ${order})`.as("phrase_ids"),
      firstText: sql<string>`(array_agg(${phrases.originalText} order by ${order}))[1]`.as("first_text"),
      firstPosition: sql<number>`min(${phrases.position})`.as("first_position"),
    })
    .from(phrases)
    .where(ne(phrases.audioUrl, ""))
    .groupBy(phrases.languageId, phrases.levelId, phrases.lessonId, phrases.audioUrl)
    .having(sql`count(*) >= 2 and bool_or(${phrases.cueStartMs} is null)`)
    .as("grouped");
  return selectInCatalogueOrder(
    db,
    grouped,
    {
      languageId: grouped.languageId,
      levelId: grouped.levelId,
      lessonId: grouped.lessonId,
      audioUrl: grouped.audioUrl,
      phraseIds: grouped.phraseIds,
      firstText: grouped.firstText,
      total: sql<number>`(count(*) over ())::int`,
    },
    grouped.firstPosition,
    grouped.audioUrl,
  );
}

/**
 * The first group of several phrases with a phrase lacking its cue, in catalogue order, leaving out `skip` (groups
 * this run could not split, named by their first phrase's id), and how many such groups there are (skipped included).
 */
export async function nextCuelessGroup(db: Database, skip: string[] = []): Promise<{ group: CueBackfillGroup | null; remaining: number }> {
  const skipped = new Set(skip);
  // The skip list is short (failures of one run), so reading that many rows past it is cheap.
  const rows = await cuelessQuery(db).limit(skipped.size + 1);
  const remaining = rows[0]?.total ?? 0;
  const row = rows.find((r) => !skipped.has(r.phraseIds[0]!));
  if (!row) return { group: null, remaining };
  const { total: _total, ...group } = row;
  return { group: { ...group, firstText: group.firstText.trim() }, remaining };
}

export type SaveCuesResult = "saved" | "done" | "changed";

/**
 * Gives the group's phrases their cues, in one transaction under the lesson's phrase lock (the one group edits take),
 * if the group is still exactly `phraseIds` (in order) playing `audioUrl`: cues found for another list of phrases or
 * another file would be wrong. A group whose phrases all have cues by now (saved from the dialog meanwhile) is left
 * as it is.
 */
export async function saveGroupCues(
  deps: { db: Database; events: EventBus; changes: ChangeRecorder },
  input: { audioUrl: string; phraseIds: string[]; cues: Cue[] },
): Promise<SaveCuesResult> {
  const { db } = deps;
  if (input.phraseIds.length !== input.cues.length || input.phraseIds.length === 0) return "changed";
  const [first] = await db
    .select({ languageId: phrases.languageId, levelId: phrases.levelId, lessonId: phrases.lessonId })
    .from(phrases)
    .where(inArray(phrases.id, input.phraseIds.slice(0, 1)));
  if (!first) return "changed";
  const result = await db.transaction(async (tx): Promise<SaveCuesResult> => {
    await lockLessons(tx, first);
    const group = await lockedGroupPhrases(tx, { ...first, audioUrl: input.audioUrl });
    if (group.length !== input.phraseIds.length || group.some((row, i) => row.id !== input.phraseIds[i])) return "changed";
    if (group.every((row) => row.cueStartMs !== null)) return "done";
    for (const [i, row] of group.entries()) {
      const [start, end] = input.cues[i]!;
      await tx.update(phrases).set({ cueStartMs: start, cueEndMs: end }).where(eq(phrases.id, row.id));
    }
    await recordChange(tx, deps.changes, {
      section: "catalog",
      action: "Found where each phrase is spoken",
      subject: `${first.languageId} / ${first.levelId} / ${first.lessonId}`,
      count: group.length,
    });
    return "saved";
  });
  if (result === "saved") await deps.events.publish("catalog");
  return result;
}
