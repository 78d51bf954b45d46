import type { AdminSection } from "#app/lib/admin-sections.ts";

/** An admin tab whose tools arrive with their own issue: its title and what it will be for. */
export function AdminSectionPlaceholder({ section }: { section: AdminSection }) {
  const Icon = section.icon;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-extrabold text-ink">{section.title}</h1>
      <div className="flex items-start gap-4 rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-white p-6">
        <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden />
        <p className="text-muted">{section.description}</p>
      </div>
    </div>
  );
}
