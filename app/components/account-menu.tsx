import { LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { displayName, initialOf } from "#common/account-display.ts";
import { cn } from "#app/lib/cn.ts";
import { useCurrentSection } from "#app/lib/site-links.ts";

export interface HeaderUser {
  email: string;
  name: string;
}

/**
 * A signed-in user's header links: the profile (with their initial) and Sign Out. Only a signed-in user needs this
 * code, so AccountNav loads it for them alone: a visitor's first visit does not fetch it.
 */
export default function SignedInNav({ user, column, onNavigate }: { user: HeaderUser; column: boolean; onNavigate?: () => void }) {
  const current = useCurrentSection() === "profile";
  const name = displayName(user.name, user.email);
  // Icon-only below xl in the header: the label stays for screen readers, so the name is the same at every width.
  const rowLabel = column ? undefined : "max-xl:sr-only";
  return (
    <div className={cn("flex", column ? "flex-col gap-2" : "items-center gap-1 xl:gap-2")}>
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
