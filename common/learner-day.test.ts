import { describe, expect, it } from "vitest";
import { addDays, dayFromNumber, dayNumber, daysBetween, isTimeZone, learnerDay } from "#common/learner-day.ts";

const la = "America/Los_Angeles";

describe("learnerDay", () => {
  it("puts 23:30 and 00:30 in Los Angeles on one day: the day turns at 4 AM", () => {
    // 2026-03-02 is winter time (UTC-8): 23:30 local is 07:30 UTC the next day.
    expect(learnerDay(new Date("2026-03-03T07:30:00Z"), la)).toBe("2026-03-02");
    expect(learnerDay(new Date("2026-03-03T08:30:00Z"), la)).toBe("2026-03-02");
  });

  it("puts 03:59 and 04:01 on two days", () => {
    expect(learnerDay(new Date("2026-03-03T11:59:00Z"), la)).toBe("2026-03-02");
    expect(learnerDay(new Date("2026-03-03T12:01:00Z"), la)).toBe("2026-03-03");
  });

  it("counts 20:00 local on the local day although it is already the next day in UTC", () => {
    expect(learnerDay(new Date("2026-03-03T04:00:00Z"), la)).toBe("2026-03-02");
  });

  it("gives each wall-clock day once across daylight saving changes", () => {
    // Spring forward on 2026-03-08 (2 AM becomes 3 AM), fall back on 2026-11-01 (2 AM happens twice).
    const days = (start: string, hours: number) => {
      const seen = new Set<string>();
      for (let h = 0; h < hours; h++) seen.add(learnerDay(new Date(Date.parse(start) + h * 3_600_000), la));
      return [...seen];
    };
    expect(days("2026-03-06T20:00:00Z", 96)).toEqual(["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    expect(days("2026-10-30T20:00:00Z", 96)).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"]);
    // 4 AM local, either side of each change, turns the day.
    expect(learnerDay(new Date("2026-03-08T10:59:00Z"), la)).toBe("2026-03-07"); // 03:59 PDT
    expect(learnerDay(new Date("2026-03-08T11:00:00Z"), la)).toBe("2026-03-08"); // 04:00 PDT
    expect(learnerDay(new Date("2026-11-01T11:59:00Z"), la)).toBe("2026-10-31"); // 03:59 PST
    expect(learnerDay(new Date("2026-11-01T12:00:00Z"), la)).toBe("2026-11-01"); // 04:00 PST
  });

  it("works in zones ahead of UTC and with half-hour offsets", () => {
    expect(learnerDay(new Date("2026-06-01T18:00:00Z"), "Asia/Tokyo")).toBe("2026-06-01"); // 03:00 on the 2nd
    expect(learnerDay(new Date("2026-06-01T19:00:00Z"), "Asia/Tokyo")).toBe("2026-06-02"); // 04:00
    expect(learnerDay(new Date("2026-06-01T22:29:00Z"), "Asia/Kolkata")).toBe("2026-06-01"); // 03:59
    expect(learnerDay(new Date("2026-06-01T22:30:00Z"), "Asia/Kolkata")).toBe("2026-06-02"); // 04:00
  });
});

describe("dates", () => {
  it("adds days across months, years and a leap day", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(3);
  });

  it("numbers days as Date does, every day from 1900 to 2200", () => {
    for (let n = dayNumber("1900-01-01"); n <= dayNumber("2200-12-31"); n++) {
      const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
      if (dayFromNumber(n) !== iso || dayNumber(iso) !== n) expect({ n, iso, back: dayFromNumber(n) }).toBe("the same day");
    }
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayFromNumber(-1)).toBe("1969-12-31");
  });

  it("accepts IANA zones and refuses anything else", () => {
    expect(isTimeZone(la)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    expect(isTimeZone("A".repeat(65))).toBe(false);
  });
});
