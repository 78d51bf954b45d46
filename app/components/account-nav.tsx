import { Layers, LogIn, LogOut } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { displayName, initialOf } from "#common/account-display.ts";
import { dueBadge } from "#common/viewer.ts";
import { cn } from "#app/lib/cn.ts";
import { useCurrentSection } from "#app/lib/site-links.ts";

export interface HeaderUser {
  email: string;
  name: string;
}

/**
 * Sign In for visitors; Review (with the count of phrases due), the profile link and Sign Out for signed-in users. In
 * the desktop header (row) the Review, Profile and Sign Out labels show from xl up; below that only the icons and the
 * avatar fit beside the links, and the labels are screen-reader text.
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
  const current = useCurrentSection() === "profile";
  if (!user) {
    // While a learner's state is on its way (app/lib/viewer.ts), CSS shows an avatar-sized placeholder instead of
    // Sign In; a visitor never sees it.
    return (
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
  }
  const name = displayName(user.name, user.email);
  // Icon-only below xl in the header: the label stays for screen readers, so the name is the same at every width.
  const rowLabel = column ? undefined : "max-xl:sr-only";
  return (
    <div className={cn("flex", column ? "flex-col gap-2" : "items-center gap-1 xl:gap-2")}>
      <ReviewLink count={reviewsDue} column={column} onNavigate={onNavigate} />
      <Link
        to="/profile"
        onClick={onNavigate}
        aria-current={current ? "page" : undefined}
        title={column ? undefined : "Profile"}
        className={cn(
          "inline-flex items-center gap-2 rounded-full p-1 text-sm font-semibold whitespace-nowrap hover:bg-brand-50 xl:pr-3",
          column ? "min-h-11 border border-brand-100 pr-4" : "min-h-9",
          current ? "bg-brand-100 text-brand-900" : "text-ink",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "inline-flex size-8 items-center justify-center rounded-full text-sm font-bold",
            current ? "bg-brand-700 text-white" : "bg-brand-100 text-brand-800",
          )}
        >
          {initialOf(name)}
        </span>
        <span className={rowLabel}>Profile</span>
      </Link>
      <Form method="post" action="/auth/sign-out">
        <Button
          type="submit"
          variant={column ? "outline" : "ghost"}
          size={column ? "md" : "smSnug"}
          title={column ? undefined : "Sign Out"}
          className={column ? "w-full" : "xl:px-3.5"}
        >
          <LogOut aria-hidden />
          <span className={rowLabel}>Sign Out</span>
        </Button>
      </Form>
    </div>
  );
}

/** "Review", with a badge of the phrases due ("99+" above DUE_COUNT_CAP); its name says the count ("Review, 12 due"). */
function ReviewLink({ count, column, onNavigate }: { count: number; column: boolean; onNavigate?: () => void }) {
  const current = useLocation().pathname === "/review";
  const badge = count > 0 ? dueBadge(count) : null;
  const label = badge ? `Review, ${badge} due` : undefined;
  return (
    <Link
      to="/review"
      onClick={onNavigate}
      aria-current={current ? "page" : undefined}
      aria-label={label}
      title={column ? undefined : (label ?? "Review")}
      className={cn(
        "relative inline-flex items-center gap-2 rounded-full text-sm font-semibold whitespace-nowrap hover:bg-brand-50",
        column ? "min-h-11 border border-brand-100 px-4" : "min-h-9 px-2.5 xl:px-3.5",
        current ? "bg-brand-100 text-brand-900" : "text-ink",
      )}
    >
      <Layers aria-hidden className="size-[1.1em] shrink-0" />
      <span className={column ? undefined : "max-xl:sr-only"}>Review</span>
      {/*
        After the label, so that what is seen reads as the name says ("Review, 12 due"). In the header row on the
        link's corner, so that the count never changes the row's width.
      */}
      {badge ? " " : null}
      {badge ? (
        <span
          aria-hidden
          className={cn(
            "rounded-full bg-accent-700 text-center font-bold text-white",
            column ? "ml-auto px-2 text-xs leading-5" : "absolute -top-1.5 -right-1.5 min-w-5 px-1 text-[0.7rem] leading-5",
          )}
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
