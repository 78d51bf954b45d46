import { cn } from "#app/lib/cn.ts";

/** Four columns on wide screens, or at most three (`columns={3}`) where a fourth would leave a short last row. */
export function CardGrid({ children, label, columns = 4 }: { children: React.ReactNode; label?: string; columns?: 3 | 4 }) {
  return (
    // grid-cols-1 on a phone, not the implicit column: that one grows to a long title's width, past the screen.
    <ul aria-label={label} className={cn("grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3", columns === 4 && "xl:grid-cols-4")}>
      {children}
    </ul>
  );
}

/**
 * Placeholder cards while a catalogue page loads on client navigation (SPEC §2: 6 on /languages, 3 on /blog). At
 * most three columns: six cards then fill whole rows of 2 or 3, where the wide screens' fourth column leaves 4 + 2.
 */
export function SkeletonCards({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label}>
      <CardGrid columns={3}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} data-skeleton-card className="h-44 animate-pulse rounded-[var(--radius-card)] border border-brand-100 bg-brand-50/70" />
        ))}
      </CardGrid>
    </div>
  );
}
