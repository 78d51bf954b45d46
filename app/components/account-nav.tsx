import { LogIn, LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { displayName, initialOf } from "#app/lib/account-display.ts";
import { cn } from "#app/lib/cn.ts";

export interface HeaderUser {
  email: string;
  name: string;
}

/** Sign In for visitors; the profile link and Sign Out for signed-in users. */
export function AccountNav({ user, layout = "row", onNavigate }: { user: HeaderUser | null; layout?: "row" | "column"; onNavigate?: () => void }) {
  const column = layout === "column";
  if (!user) {
    return (
      <Button asChild variant={column ? "outline" : "ghost"} size={column ? "md" : "sm"} className={cn(column && "w-full")}>
        <Link to="/auth" onClick={onNavigate}>
          <LogIn aria-hidden />
          Sign In
        </Link>
      </Button>
    );
  }
  const name = displayName(user.name, user.email);
  return (
    <div className={cn("flex gap-2", column ? "flex-col" : "items-center")}>
      <Link
        to="/profile"
        onClick={onNavigate}
        className={cn(
          "inline-flex min-h-9 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-ink hover:bg-brand-50",
          column && "min-h-11 border border-brand-100 pr-4",
        )}
      >
        <span aria-hidden className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
          {initialOf(name)}
        </span>
        <span className="max-w-[9rem] truncate">Profile</span>
      </Link>
      <Form method="post" action="/auth/sign-out">
        <Button type="submit" variant={column ? "outline" : "ghost"} size={column ? "md" : "sm"} className={cn(column && "w-full")}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </Form>
    </div>
  );
}
