/** A catalogue tab's title and description (its entry in admin-sections), with the tab's main actions beside them. */
export function SectionHeader({ section, children }: { section: { title: string; description: string }; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-extrabold text-ink">{section.title}</h1>
        <p className="mt-1 text-muted">{section.description}</p>
      </div>
      {children}
    </div>
  );
}
