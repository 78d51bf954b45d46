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

/** Days since 1970-01-01 of an ISO date: arithmetic on days without a Date object per step (streaks walk a year). */
export function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

/** The ISO date of a day number (Howard Hinnant's civil-from-days: proleptic Gregorian, as Date uses). */
export function dayFromNumber(days: number): string {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${date < 10 ? "0" : ""}${date}`;
}

/** The ISO date `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (both ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
