/**
 * A learner's day: the date on their own clock, turning at 4 AM rather than midnight (as Anki's does), so a review at
 * half past midnight still counts for the evening before. Computed from the wall clock in the learner's IANA zone, so
 * daylight saving changes neither skip nor repeat a day. Days are ISO dates ("2026-11-26").
 */

export const DAY_TURNS_AT_HOUR = 4;
export const DEFAULT_TIME_ZONE = "UTC";
/** The longest zone name accepted (the longest IANA name is 30 characters). */
export const TIME_ZONE_MAX = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    // Only valid zones get here (isTimeZone), of which there are some six hundred: the map stays small.
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `value` names a time zone this runtime knows (an IANA name such as "America/Los_Angeles", or "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > TIME_ZONE_MAX) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The learner day `at` falls on in `timeZone`. */
export function learnerDay(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return Number(parts.hour) < DAY_TURNS_AT_HOUR ? addDays(date, -1) : date;
}

/** The ISO date `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
