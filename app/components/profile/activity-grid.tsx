import { Check } from "lucide-react";
import { dayActivityLabel, monthName } from "#common/goal-display.ts";
import type { DayActivity, LearnerGoal } from "#common/review.ts";
import { cn } from "#app/lib/cn.ts";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** How dark a day's square is: nothing, some, half the goal or more, the goal met (which also has a check mark). */
function levelOf(day: DayActivity, goal: LearnerGoal): 0 | 1 | 2 | 3 {
  if (day.goalMet) return 3;
  const done = goal.kind === "lessons" ? day.lessons : day.reviews;
  if (day.reviews + day.lessons === 0) return 0;
  return done * 2 >= goal.target ? 2 : 1;
}

const levelClasses = [
  "border border-brand-200 bg-brand-50",
  "bg-brand-200",
  "bg-brand-400",
  "bg-brand-700 text-white",
] as const;

/**
 * The last twelve weeks, a column a week (Monday on top) as in GitHub's contribution graph. A table: each day's cell
 * says what was done and whether the goal was met ("Tuesday, June 2: 14 reviews, goal met"), and the goal's days
 * carry a check mark, so nothing rests on colour alone.
 */
export function ActivityGrid({ days, today, goal }: { days: DayActivity[]; today: string; goal: LearnerGoal }) {
  const weeks: DayActivity[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <div className="min-w-0">
      <table className="w-full max-w-md table-fixed border-separate border-spacing-[3px]">
        <caption className="mb-2 text-left text-sm font-semibold text-ink">Activity in the last {weeks.length} weeks</caption>
        <thead>
          <tr>
            <td className="w-9" />
            {weeks.map((week, index) => {
              const first = week[0]!.day;
              // The month's name above the week it starts in (and above the first week).
              const startsMonth = index === 0 || week.some((d) => d.day.endsWith("-01"));
              const month = monthName(week.find((d) => d.day.endsWith("-01"))?.day ?? first);
              return (
                <th key={first} scope="col" className="h-5 p-0 text-left align-bottom text-[0.7rem] font-medium whitespace-nowrap text-muted">
                  <span aria-hidden>{startsMonth ? month : ""}</span>
                  <span className="sr-only">Week of {monthName(first)} {Number(first.slice(8))}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {weekdays.map((weekday, row) => (
            <tr key={weekday}>
              <th scope="row" className="p-0 pr-1 text-left text-[0.7rem] font-medium text-muted">
                <span aria-hidden>{row % 2 === 0 ? weekday.slice(0, 3) : ""}</span>
                <span className="sr-only">{weekday}</span>
              </th>
              {weeks.map((week) => {
                const day = week[row];
                if (!day) return <td key={`${week[0]!.day}-${row}`} className="p-0" />;
                const label = dayActivityLabel(day, today);
                const level = levelOf(day, goal);
                return (
                  <td key={day.day} className="p-0">
                    <span
                      title={label}
                      data-day={day.day}
                      data-level={level}
                      className={cn(
                        "flex aspect-square w-full items-center justify-center rounded-[4px]",
                        levelClasses[level],
                        day.day === today && "outline-2 outline-offset-1 outline-accent-600",
                      )}
                    >
                      {level === 3 ? <Check className="size-[70%] max-w-3.5" strokeWidth={3} aria-hidden /> : null}
                      <span className="sr-only">{label}</span>
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div aria-hidden className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <span className="flex items-center gap-1">
          Less
          {levelClasses.slice(0, 3).map((classes) => (
            <span key={classes} className={cn("size-3 rounded-[3px]", classes)} />
          ))}
          More
        </span>
        <span className="flex items-center gap-1">
          <span className={cn("flex size-3.5 items-center justify-center rounded-[3px]", levelClasses[3])}>
            <Check className="size-2.5" strokeWidth={3} />
          </span>
          Goal met
        </span>
      </div>
    </div>
  );
}
