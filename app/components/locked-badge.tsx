import { createLucideIcon } from "lucide-react";
import { cn } from "#app/lib/cn.ts";

// Lock: lucide's own icon (lucide-react 1.75, ISC), defined here instead of imported. Its lucide module is shared with
// other pages, so on the lesson page it would be a file of its own, mostly per-file overhead (about 0.2 KB gzip against
// 0.05 here; docs/decisions/010-learn-mode.md). inline-icons.test.ts checks it against lucide's.
export const Lock = createLucideIcon({
  name: "lock",
  size: 24,
  node: [
    ["rect", { width: "18", height: "11", x: "3", y: "11", rx: "2", ry: "2", key: "1w4ew1" }],
    ["path", { d: "M7 11V7a5 5 0 0 1 10 0v4", key: "fwvmzm" }],
  ],
});

/** Marks a level or lesson that only the app opens (its link leads to the locked-content promo). */
export function LockedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-bold text-accent-700 ring-1 ring-accent-200">
      <Lock className="size-3" aria-hidden />
      Premium
    </span>
  );
}

export const LOCKED_PREVIEW_TEXT = "Locked: learners see the app promo";

/**
 * Above a locked level or lesson that an admin opens on the site (issue 27, point 4): what they see is not what
 * learners get. Learners are redirected to the promo; only an admin's request renders this page at all.
 */
export function LockedPreviewBand({ kind, className }: { kind: "level" | "lesson"; className?: string }) {
  return (
    <div role="note" className={cn("flex items-start gap-3 rounded-2xl bg-accent-50 px-4 py-3 text-accent-900 ring-1 ring-accent-200", className)}>
      <Lock className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden />
      <p>
        <strong className="font-bold">{LOCKED_PREVIEW_TEXT}</strong>
        <span className="block text-sm">
          You are previewing this {kind} as an admin. Unlock it in the admin area to open it on the website.
        </span>
      </p>
    </div>
  );
}
