/** A white card around one settings form. */
export function SettingsCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
