import { createLucideIcon } from "lucide-react";

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
