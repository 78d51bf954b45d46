import { createLucideIcon } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";

// ArrowLeft: lucide's own icon (lucide-react 1.75, ISC), defined here instead of imported. Its lucide module is shared
// with other pages, so on the lesson page it would be a file of its own, mostly per-file overhead (about 0.2 KB gzip
// against 0.05 here; docs/decisions/010-learn-mode.md). inline-icons.test.ts checks it against lucide's.
export const ArrowLeft = createLucideIcon({
  name: "arrow-left",
  size: 24,
  node: [
    ["path", { d: "m12 19-7-7 7-7", key: "1l729n" }],
    ["path", { d: "M19 12H5", key: "x3x0zl" }],
  ],
});

/** Where the page sits in the catalogue, with an optional Back link to its parent (SPEC §2 lesson page). */
export function Breadcrumbs({ items, back }: { items: { label: string; to: string }[]; back?: string }) {
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      {back ? (
        <Link
          to={back}
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-brand-200 bg-white px-3.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back
        </Link>
      ) : null}
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
          {items.map((item, index) => (
            <li key={item.to} className="flex items-center gap-1.5">
              {index > 0 ? <span aria-hidden>/</span> : null}
              <Link to={item.to} className="font-medium hover:text-brand-800 hover:underline">
                {item.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
