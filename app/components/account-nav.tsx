import { LogIn } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { SIGNED_IN_ATTRIBUTE } from "#common/viewer.ts";
import type { HeaderUser } from "#app/components/account-menu.tsx";

export type { HeaderUser } from "#app/components/account-menu.tsx";

const loadSignedInNav = () => import("#app/components/account-menu.tsx");
const SignedInNav = lazy(loadSignedInNav);

/**
 * Sign In for visitors; Review (with the count of phrases due), the profile link and Sign Out for signed-in users
 * (account-menu.tsx, loaded only for them). In the desktop header (row) the labels show from xl up; below that only
 * the icons and the avatar fit beside the links, and the labels are screen-reader text.
 */
export function AccountNav({
  user,
  reviewsDue = 0,
  layout = "row",
  onNavigate,
}: {
  user: HeaderUser | null;
  /** From the learner's viewer request (app/lib/viewer.ts): the shared page itself never holds it. */
  reviewsDue?: number;
  layout?: "row" | "column";
  onNavigate?: () => void;
}) {
  const column = layout === "column";
  // A signed-in page (the head script marks <html> from the hint cookie) starts loading the signed-in links as it
  // hydrates, while the user's state is on its way.
  useEffect(() => {
    if (document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)) void loadSignedInNav();
  }, []);
  // While a learner's state is on its way (app/lib/viewer.ts), CSS shows an avatar-sized placeholder instead of
  // Sign In; a visitor never sees it. It stays while the signed-in links load.
  const visitor = (
    <>
      <span
        data-learner-placeholder
        aria-hidden
        className={cn("h-9 animate-pulse rounded-full bg-brand-100", column ? "block min-h-11 w-full" : "inline-block w-30 xl:w-81.5")}
      />
      <Button asChild variant={column ? "outline" : "ghost"} size={column ? "md" : "sm"} className={cn(column && "w-full")} data-visitor-only>
        <Link to="/auth" onClick={onNavigate}>
          <LogIn aria-hidden />
          Sign In
        </Link>
      </Button>
    </>
  );
  if (!user) return visitor;
  return (
    <Suspense fallback={visitor}>
      <SignedInNav user={user} reviewsDue={reviewsDue} column={column} {...(onNavigate ? { onNavigate } : {})} />
    </Suspense>
  );
}
