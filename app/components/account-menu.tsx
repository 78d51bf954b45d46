import { Layers, LogOut } from "lucide-react";
import { Form, Link, usePathname } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { displayName, initialOf } from "#common/account-display.ts";
import { cn } from "#app/lib/cn.ts";
import { useCurrentSection } from "#app/lib/site-links.ts";
import { dueBadge } from "#common/viewer.ts";

export interface HeaderUser {
  email: string;
  name: string;
}

/**
 * A signed-in user's header links: Review with the count due, the profile (with their initial) and Sign Out. Only a
 * signed-in user needs this code, so AccountNav loads it for them alone: a visitor's first visit does not fetch it.
 */
export default function SignedInNav({
  user,
  reviewsDue,
  column,
  onNavigate,
}: {
  user: HeaderUser;
  reviewsDue: number;
  column: boolean;
  onNavigate?: () => void;
}) {
  const current = useCurrentSection() === "profile";
  const name = displayName(user.name, user.email);
  // Icon-only below xl in the header: the label stays for screen readers, so the name is the same at every width.
  const rowLabel = column ? undefined : "max-xl:sr-only";
  return (
    <div className={cn("flex", column ? "flex-col gap-2" : "items-center gap-1 xl:gap-2")}>
      <ReviewLink count={reviewsDue} column={column} {...(onNavigate ? { onNavigate } : {})} />
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
  const current = usePathname() === "/review";
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
