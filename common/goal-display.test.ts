import { describe, expect, it } from "vitest";
import { countOf, dayActivityLabel, daysOf, timeZoneName } from "#common/goal-display.ts";
import { DUE_COUNT_CAP, dueBadge } from "#common/viewer.ts";

describe("the daily goal's words", () => {
  it("labels a day of the grid by what was done, not by its colour", () => {
    expect(dayActivityLabel({ day: "2026-06-02", reviews: 14, lessons: 0, goalMet: true }, "2026-06-05")).toBe("Tuesday, June 2: 14 reviews, goal met");
    expect(dayActivityLabel({ day: "2026-06-05", reviews: 1, lessons: 2, goalMet: false }, "2026-06-05")).toBe("Friday, June 5: 1 review, 2 lessons, today");
    expect(dayActivityLabel({ day: "2026-11-01", reviews: 0, lessons: 0, goalMet: false }, "2026-11-26")).toBe("Sunday, November 1: no activity");
  });

  it("counts in plain English", () => {
    expect([countOf(1, "lessons"), countOf(0, "reviews"), daysOf(1), daysOf(12)]).toEqual(["1 lesson", "0 reviews", "1 day", "12 days"]);
    expect(timeZoneName("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos Aires");
  });

  it("shows the due count up to the cap, then 99+", () => {
    expect([dueBadge(1), dueBadge(DUE_COUNT_CAP), dueBadge(DUE_COUNT_CAP + 1)]).toEqual(["1", "99", "99+"]);
  });
});
