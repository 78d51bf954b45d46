import { History } from "lucide-react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import {
  CHANGE_SECTIONS,
  changeFieldLabel,
  changeLogTexts as text,
  changeSectionLabels,
  type ChangeLogEntry,
  type ChangeSection,
} from "#common/change-log.ts";

export interface ChangeLogPanelProps {
  entries: ChangeLogEntry[];
  section: ChangeSection | null;
  /** The cursor of the next (older) page, if there is one. */
  next: string | null;
  /** Whether this is a later page (a way back to the newest is shown). */
  paged: boolean;
}

// UTC: the server and the browser write the same text, and admins in several zones read one clock.
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const hrefFor = (section: ChangeSection | null, older?: string) => {
  const params = new URLSearchParams();
  if (section) params.set("changes", section);
  if (older) params.set("older", older);
  const query = params.toString();
  return query ? `?${query}#change-log-title` : "?#change-log-title";
};

/** The Overview's latest changes (issue 27 point 6): who changed what, newest first, with a filter per section. */
export function ChangeLogPanel({ entries, section, next, paged }: ChangeLogPanelProps) {
  const filters: [ChangeSection | null, string][] = [[null, text.all], ...CHANGE_SECTIONS.map((s): [ChangeSection, string] => [s, changeSectionLabels[s]])];
  return (
    <section
      aria-labelledby="change-log-title"
      className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="change-log-title" className="flex items-center gap-2 text-xl font-bold text-ink">
            <History className="size-5 text-brand-700" aria-hidden />
            {text.title}
          </h2>
          <p className="mt-1 text-sm text-muted">{text.description}</p>
        </div>
        <nav aria-label={text.filterLabel} className="flex flex-wrap gap-1 rounded-full bg-brand-50 p-1">
          {filters.map(([value, label]) => (
            <Link
              key={label}
              to={hrefFor(value)}
              preventScrollReset
              aria-current={section === value ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold transition-colors",
                section === value ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink",
              )}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-xl bg-brand-50 p-6 text-center text-muted">{section ? text.emptySection : text.empty}</p>
      ) : (
        <ol className="mt-5 divide-y divide-brand-100" aria-label={text.title}>
          {entries.map((entry) => (
            <ChangeRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {next || paged ? (
        <div className="mt-4 flex flex-wrap justify-between gap-3 text-sm font-semibold">
          {paged ? (
            <Link to={hrefFor(section)} preventScrollReset className="text-brand-700 underline-offset-4 hover:underline">
              {text.newest}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={hrefFor(section, next)} preventScrollReset className="text-brand-700 underline-offset-4 hover:underline">
              {text.older}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ChangeRow({ entry }: { entry: ChangeLogEntry }) {
  const fields = Object.entries(entry.changes ?? {});
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{changeSectionLabels[entry.section]}</span>
        <span className="font-semibold text-ink">{entry.action}</span>
        {entry.count > 1 ? (
          <span className="text-sm font-semibold text-brand-700 tabular-nums">
            <span aria-hidden>×{entry.count}</span>
            <span className="sr-only">({entry.count} items)</span>
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm break-words text-ink">{entry.subject}</p>
      <p className="mt-0.5 text-xs text-muted">
        <span className="break-all">{entry.actorEmail}</span> · <time dateTime={entry.at}>{when.format(new Date(entry.at))} UTC</time>
      </p>
      {fields.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-8 cursor-pointer items-center font-semibold text-brand-700">{text.details}</summary>
          <dl className="mt-2 space-y-3">
            {fields.map(([field, { before, after }]) => (
              <div key={field} className="rounded-lg border border-brand-100 p-3">
                <dt className="font-semibold text-ink">{changeFieldLabel(field)}</dt>
                <dd className="mt-1 grid gap-2 sm:grid-cols-2">
                  <ChangeText label={text.before} value={before} tone="before" />
                  <ChangeText label={text.after} value={after} tone="after" />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

function ChangeText({ label, value, tone }: { label: string; value: string | null; tone: "before" | "after" }) {
  return (
    <div className={cn("min-w-0 rounded-md p-2", tone === "before" ? "bg-red-50" : "bg-green-50")}>
      <p className="text-xs font-semibold text-muted">{label}</p>
      <p className={cn("mt-0.5 max-h-48 overflow-auto break-words whitespace-pre-wrap", value === null && "text-muted italic")}>
        {value ?? text.emptyText}
      </p>
    </div>
  );
}
