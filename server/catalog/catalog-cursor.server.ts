import { createHmac, timingSafeEqual } from "node:crypto";
import { MISSING_ORDER_INDEX, type LessonSummary } from "#common/catalog.ts";

/**
 * The opaque cursor of a paged lesson list: where the previous page ended, as a position in the list's order (order
 * index, title, id), so a lesson added or removed between two pages moves no other lesson to the wrong page. Signed
 * with the site's secret and bound to its level: an edited or borrowed cursor is refused, never interpreted.
 */

export interface LessonPosition {
  order: number;
  title: string;
  id: string;
}

export const positionOf = (lesson: LessonSummary): LessonPosition => ({
  order: lesson.orderIndex ?? MISSING_ORDER_INDEX,
  title: lesson.title,
  id: lesson.id,
});

/** The list's order: the website's (order index, missing as 999, then title), ties broken by id so it is total. */
export function comparePositions(a: LessonPosition, b: LessonPosition): number {
  if (a.order !== b.order) return a.order - b.order;
  const byTitle = a.title.localeCompare(b.title);
  if (byTitle !== 0) return byTitle;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The index of the first lesson after `position` in a list sorted by comparePositions (binary search). */
export function indexAfter(sorted: readonly LessonPosition[], position: LessonPosition): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePositions(sorted[middle]!, position) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const CURSOR_VERSION = 1;
const SIGNATURE_BYTES = 16;

const sign = (secret: string, payload: string) =>
  createHmac("sha256", `catalog-cursor:${secret}`).update(payload).digest().subarray(0, SIGNATURE_BYTES);

export function encodeCursor(secret: string, scope: string, position: LessonPosition): string {
  const payload = Buffer.from(JSON.stringify([CURSOR_VERSION, scope, position.order, position.title, position.id])).toString("base64url");
  return `${payload}.${sign(secret, payload).toString("base64url")}`;
}

/** The position a cursor names, or undefined when it was not made by encodeCursor for this scope. */
export function decodeCursor(secret: string, scope: string, cursor: string): LessonPosition | undefined {
  const [payload, signature, ...rest] = cursor.split(".");
  if (!payload || !signature || rest.length > 0) return undefined;
  const given = Buffer.from(signature, "base64url");
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(secret, payload))) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 5) return undefined;
    const [version, cursorScope, order, title, id] = value as unknown[];
    if (version !== CURSOR_VERSION || cursorScope !== scope) return undefined;
    if (typeof order !== "number" || typeof title !== "string" || typeof id !== "string") return undefined;
    return { order, title, id };
  } catch {
    // Signed by us, so this cannot happen short of a changed format; refused like any other bad cursor.
    return undefined;
  }
}
