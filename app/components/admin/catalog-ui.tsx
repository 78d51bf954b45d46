import { Switch } from "radix-ui";
import { createContext, use, useCallback, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { RowIcon } from "#app/components/admin/row-icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { cn } from "#app/lib/cn.ts";

/** Pieces the Languages, Levels and Lessons tabs share: the delete confirmation, edit button, lock switch, move buttons. */

/**
 * A row's public page, in a new tab so the admin keeps their place (issue 27, point 4). A locked level or lesson
 * opens there too, as the admin's preview; learners still get the promo.
 */
export function ViewOnSiteLink({ name, href }: { name: string; href: string }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <a href={href} target="_blank" rel="noopener" aria-label={`View ${name} on the site`} title="View on the site">
        <RowIcon name="external-link" />
      </a>
    </Button>
  );
}

export const cardClasses = "rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]";

interface DeleteRequest {
  title: string;
  warning: string;
  /** What the route's action reads besides intent=delete: the row's key. */
  fields: Record<string, string>;
}

const AskToDelete = createContext<((request: DeleteRequest, opener: HTMLElement) => void) | null>(null);

/**
 * The one delete confirmation (SPEC §5) of a page whose rows have DeleteButtons, instead of a dialog root and a
 * fetcher in every row. It posts to the route that renders it; the outcome is the server's toast, and the focus goes
 * back to the row's button (or, when the row is gone, where the browser puts it).
 */
export function DeleteConfirmProvider({ children }: { children: React.ReactNode }) {
  const fetcher = useFetcher();
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const ask = useCallback((next: DeleteRequest, from: HTMLElement) => {
    opener.current = from;
    setRequest(next);
    setOpen(true);
  }, []);
  return (
    <AskToDelete value={ask}>
      {children}
      {request ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={request.title}
          description={request.warning}
          confirmLabel="Delete"
          returnFocusTo={opener}
          onConfirm={() => fetcher.submit({ intent: "delete", ...request.fields }, { method: "post" })}
        />
      ) : null}
    </AskToDelete>
  );
}

/** A row's delete button: it asks the page's DeleteConfirmProvider. */
export function DeleteButton({
  label,
  title,
  warning,
  fields,
}: {
  /** The accessible name of the button, e.g. "Delete Spanish". */
  label: string;
  title: string;
  warning: string;
  fields: Record<string, string>;
}) {
  const ask = use(AskToDelete);
  if (!ask) throw new Error("A DeleteButton needs a DeleteConfirmProvider around it");
  return (
    <Button variant="ghostDanger" size="icon" aria-label={label} onClick={(event) => ask({ title, warning, fields }, event.currentTarget)}>
      <RowIcon name="trash-2" />
    </Button>
  );
}

/** A row's edit button; the page holds the one edit dialog it opens (see useEditDialog). */
export function EditButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
      <RowIcon name="pencil" />
    </Button>
  );
}

/**
 * The state of a page's one edit dialog: which row it edits and whether it is open. The row stays set while the
 * dialog closes, so its title does not change under the admin's eyes.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ item: T | null; open: boolean }>({ item: null, open: false });
  const edit = useCallback((item: T) => setState({ item, open: true }), []);
  const onOpenChange = useCallback((open: boolean) => setState((previous) => ({ ...previous, open })), []);
  return { item: state.item, open: state.open, edit, onOpenChange };
}

export function LockSwitch({ locked, label, fields }: { locked: boolean; label: string; fields: Record<string, string> }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("locked") === "true" : locked;
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
      <Switch.Root
        checked={pending}
        aria-label={label}
        disabled={fetcher.state !== "idle"}
        onCheckedChange={(checked) => void fetcher.submit({ intent: "lock", locked: String(checked), ...fields }, { method: "post" })}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-[#9089a6] transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-60"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      {/* As wide as the longer word either way: the row's buttons stay put when the switch flips. */}
      <span aria-hidden className="grid">
        <span className="invisible col-start-1 row-start-1">Unlocked</span>
        <span className="col-start-1 row-start-1">{pending ? "Locked" : "Unlocked"}</span>
      </span>
    </label>
  );
}

/** A lock switch inside a form: sends isLocked=on when checked. */
export function FormLockSwitch({ defaultChecked, id }: { defaultChecked: boolean; id: string }) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        id={id}
        name="isLocked"
        checked={checked}
        onCheckedChange={setChecked}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-[#9089a6] transition-colors data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {checked ? "Locked" : "Unlocked"}
      </label>
    </div>
  );
}

/** Move up / move down buttons; the first row cannot move up, the last cannot move down (SPEC §4). */
export function MoveButtons({
  name,
  first,
  last,
  fields,
}: {
  name: string;
  first: boolean;
  last: boolean;
  fields: Record<string, string>;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const move = (direction: "up" | "down") => void fetcher.submit({ intent: "move", direction, ...fields }, { method: "post" });
  return (
    <span className="inline-flex gap-1">
      <Button variant="outline" size="iconSm" aria-label={`Move ${name} up`} disabled={first || busy} onClick={() => move("up")}>
        <RowIcon name="arrow-up" />
      </Button>
      <Button variant="outline" size="iconSm" aria-label={`Move ${name} down`} disabled={last || busy} onClick={() => move("down")}>
        <RowIcon name="arrow-down" />
      </Button>
    </span>
  );
}

/**
 * A small square picture (flag or icon). Without one it shows `fallback` (the public site's default level or lesson
 * icon, so the admin sees what learners see), or else a neutral box.
 */
export function Thumb({ src, fallback, className }: { src: string; fallback?: string; className?: string }) {
  if (fallback) {
    return (
      <ImageWithFallback
        src={src || fallback}
        fallback={fallback}
        alt=""
        className={cn("size-10 shrink-0 rounded-lg border border-brand-100 object-cover", className)}
      />
    );
  }
  return src ? (
    <img src={src} alt="" className={cn("size-10 shrink-0 rounded-lg border border-brand-100 object-cover", className)} />
  ) : (
    <span aria-hidden className={cn("inline-block size-10 shrink-0 rounded-lg border border-dashed border-brand-200 bg-brand-50", className)} />
  );
}
