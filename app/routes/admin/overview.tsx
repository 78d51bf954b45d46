import { ArrowRight, FileText, Settings } from "lucide-react";
import { Link } from "react-router";
import { CatalogArchivePanel } from "#app/components/admin/catalog-archive.tsx";
import { ChangeLogPanel } from "#app/components/admin/change-log-panel.tsx";
import { CHANGE_SECTIONS } from "#common/change-log.ts";
import { latestChanges } from "#server/admin/change-log.server.ts";
import { adminSection, adminSections } from "#app/lib/admin-sections.ts";
import { countLabel } from "#common/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/overview";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const params = new URL(request.url).searchParams;
  const requested = params.get("changes");
  const section = CHANGE_SECTIONS.find((s) => s === requested) ?? null;
  const older = params.get("older") ?? undefined;
  const [counts, changes] = await Promise.all([
    runtime.adminCounts(),
    latestChanges(runtime.database.db, { section: section ?? undefined, olderThan: older, keepDays: runtime.env.CHANGE_LOG_DAYS }),
  ]);
  return { counts, changes: { ...changes, section, paged: older !== undefined } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Admin Dashboard", description: "Administration.", path: "/admin", noindex: true });

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { counts, changes } = loaderData;
  const cards = [
    { section: adminSection("/admin/languages"), value: counts.languages, detail: countLabel(counts.languages, "language") },
    { section: adminSection("/admin/levels"), value: counts.levels, detail: countLabel(counts.levels, "level") },
    { section: adminSection("/admin/lessons"), value: counts.lessons, detail: countLabel(counts.lessons, "lesson") },
    { section: adminSection("/admin/phrases"), value: counts.phrases, detail: countLabel(counts.phrases, "phrase") },
    {
      section: adminSection("/admin/blog"),
      value: counts.posts.published + counts.posts.drafts,
      detail: `${counts.posts.published} published, ${counts.posts.drafts} ${counts.posts.drafts === 1 ? "draft" : "drafts"}`,
    },
  ];
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-extrabold text-ink">Admin Dashboard</h1>
        <p className="mt-1 text-muted">Overview of the site's content.</p>
      </div>
      <section aria-labelledby="counts-title">
        <h2 id="counts-title" className="sr-only">
          Content counts
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ section, value, detail }) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="group flex h-full items-start justify-between gap-4 rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] transition-shadow hover:shadow-[var(--shadow-card-hover)]"
              >
                <div>
                  <p className="text-sm font-semibold text-muted">{section.label === "Blog" ? "Blog Posts" : section.label}</p>
                  <p className="mt-1 text-3xl font-extrabold text-ink tabular-nums">{value}</p>
                  <p className="mt-1 text-sm text-muted">{detail}</p>
                </div>
                <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                  {section.to === "/admin/blog" ? <FileText className="size-5" aria-hidden /> : <section.icon className="size-5" aria-hidden />}
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/admin/settings"
              className="group flex h-full items-start justify-between gap-4 rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] transition-shadow hover:shadow-[var(--shadow-card-hover)]"
            >
              <div>
                <p className="text-sm font-semibold text-muted">Settings</p>
                <p className="mt-1 text-lg font-bold text-ink">Website Settings</p>
                <p className="mt-1 text-sm text-muted">Links, content, branding and the banner</p>
              </div>
              <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Settings className="size-5" aria-hidden />
              </span>
            </Link>
          </li>
        </ul>
      </section>
      <CatalogArchivePanel />
      <ChangeLogPanel {...changes} />
      <section aria-labelledby="quick-access-title" className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7">
        <h2 id="quick-access-title" className="text-xl font-bold text-ink">
          Quick Access
        </h2>
        <ul className="mt-4 divide-y divide-brand-100">
          {adminSections.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="group flex items-center gap-4 rounded-xl px-2 py-3 hover:bg-brand-50">
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{title}</span>
                  <span className="block text-sm text-muted">{description}</span>
                </span>
                <ArrowRight className="size-4 shrink-0 text-brand-500 transition-transform group-hover:translate-x-0.5" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
