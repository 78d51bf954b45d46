import { Lock } from "lucide-react";

/** Marks a level or lesson that only the app opens (its link leads to the locked-content promo). */
export function LockedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-bold text-accent-700 ring-1 ring-accent-200">
      <Lock className="size-3" aria-hidden />
      Premium
    </span>
  );
}
