import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { CHANGE_LOG_PAGE, type ChangeLogEntry, type ChangeSection, type TextChanges } from "#common/change-log.ts";
import type { Executor } from "#server/db/client.server.ts";
import { changeLog } from "#server/db/schema.ts";

/**
 * The admin change log (issue 27 point 6, docs/decisions/018-change-log.md). Every catalogue, blog and settings write
 * calls recordChange inside its own transaction: the entry commits with the change or not at all. Entries older
 * than the configured number of days are removed by the next write.
 */

/** Who makes a change: an admin (their id and email at the time), or the CLI (no id, email 'cli'). */
export interface ChangeAuthor {
  userId: string | null;
  email: string;
}

/** What a write needs to record itself: its author and how long entries are kept (CHANGE_LOG_DAYS). */
export interface ChangeRecorder {
  author: ChangeAuthor;
  keepDays: number;
}

export const cliAuthor: ChangeAuthor = { userId: null, email: "cli" };

export function changeRecorder(env: { CHANGE_LOG_DAYS: number }, author: ChangeAuthor): ChangeRecorder {
  return { author, keepDays: env.CHANGE_LOG_DAYS };
}

export interface ChangeInput {
  section: ChangeSection;
  action: string;
  subject: string;
  count?: number;
  changes?: TextChanges | null;
  /**
   * Minutes within which this change joins the log's latest entry when that is the same author, section, action and
   * subject (its count grows, its details go, as they described one of many): a run of audio generations for one
   * lesson is one line, not one per group.
   */
  foldMinutes?: number;
}

/** Writes one entry (or adds to the latest, see foldMinutes); call it inside the change's transaction. */
export async function recordChange(tx: Executor, recorder: ChangeRecorder, change: ChangeInput): Promise<void> {
  const count = Math.max(1, change.count ?? 1);
  if (change.foldMinutes) {
    const latest = tx.select({ id: changeLog.id }).from(changeLog).orderBy(desc(changeLog.createdAt), desc(changeLog.id)).limit(1);
    const joined = await tx
      .update(changeLog)
      .set({ count: sql`${changeLog.count} + ${count}`, changes: null })
      .where(
        and(
          eq(changeLog.id, sql`(${latest})`),
          eq(changeLog.section, change.section),
          eq(changeLog.action, change.action),
          eq(changeLog.subject, change.subject),
          eq(changeLog.actorEmail, recorder.author.email),
          sql`${changeLog.createdAt} >= now() - make_interval(mins => ${change.foldMinutes})`,
        ),
      )
      .returning({ id: changeLog.id });
    if (joined.length > 0) return;
  }
  await tx.insert(changeLog).values({
    section: change.section,
    action: change.action,
    subject: change.subject,
    count,
    changes: change.changes && Object.keys(change.changes).length > 0 ? change.changes : null,
    actorUserId: recorder.author.userId,
    actorEmail: recorder.author.email,
  });
  await tx.delete(changeLog).where(lt(changeLog.createdAt, sql`now() - make_interval(days => ${recorder.keepDays})`));
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value as string | number | boolean);
}

/** The fields that differ between two versions of a record, before and after, as text. */
export function textChanges<T extends object>(before: Partial<T> | null, after: Partial<T> | null, fields: (keyof T & string)[]): TextChanges {
  const changes: TextChanges = {};
  for (const field of fields) {
    const was = asText(before?.[field]);
    const now = asText(after?.[field]);
    if (was !== now) changes[field] = { before: was, after: now };
  }
  return changes;
}

/** A page of entries, newest first: a section's or all, older than a cursor ("createdAt|id" of the last shown). */
export async function latestChanges(
  db: Executor,
  options: { section?: ChangeSection | undefined; olderThan?: string | undefined; keepDays: number },
): Promise<{ entries: ChangeLogEntry[]; next: string | null }> {
  const conditions: (SQL | undefined)[] = [sql`${changeLog.createdAt} >= now() - make_interval(days => ${options.keepDays})`];
  if (options.section) conditions.push(eq(changeLog.section, options.section));
  const cursor = parseCursor(options.olderThan);
  if (cursor) {
    conditions.push(or(lt(changeLog.createdAt, cursor.at), and(eq(changeLog.createdAt, cursor.at), lt(changeLog.id, cursor.id))));
  }
  const rows = await db
    .select()
    .from(changeLog)
    .where(and(...conditions))
    .orderBy(desc(changeLog.createdAt), desc(changeLog.id))
    .limit(CHANGE_LOG_PAGE + 1);
  const page = rows.slice(0, CHANGE_LOG_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      section: row.section,
      action: row.action,
      subject: row.subject,
      count: row.count,
      changes: row.changes ?? null,
      actorEmail: row.actorEmail,
      at: row.createdAt.toISOString(),
    })),
    next: rows.length > CHANGE_LOG_PAGE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCursor(value: string | undefined): { at: Date; id: string } | null {
  if (!value || value.length > 80) return null;
  const [iso, id] = value.split("|");
  const at = new Date(iso ?? "");
  if (Number.isNaN(at.getTime()) || !id || !uuid.test(id)) return null;
  return { at, id };
}
