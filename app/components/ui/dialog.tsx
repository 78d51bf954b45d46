import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * The admin's dialog: a title bar, a body that scrolls, and for a form a footer that stays in view (SPEC §9: at most
 * 90% of the viewport high), so the submit button is never below the fold and never moves when messages appear above it.
 *
 * Radix gives the focus back to a Dialog.Trigger on close; these dialogs open from buttons that set state (an Edit
 * button in a row, a button that mounts the dialog), so the dialog remembers whichever control opened it and gives
 * the focus back to that.
 *
 * Usage: children are a <DialogBody>, or a form laid out with `dialogFormClasses` holding a <DialogBody> and a
 * <DialogFooter>.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  closeDisabled,
  width = "md",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** While a save runs: the Close button is disabled (the caller ignores onOpenChange meanwhile too). */
  closeDisabled?: boolean;
  /** The most it grows to: md for a short form, lg for the blog editor, xl for the phrase form. */
  width?: keyof typeof widths;
  children: React.ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = openingControl();
            // The first field, not the Close button, takes the focus: the admin opened the dialog to type.
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              "input:not([type=hidden]):not([type=file]):not([readonly]):not(.sr-only), select, textarea",
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-[var(--radius-card)] bg-white shadow-xl",
            widths[width],
          )}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-brand-100 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-bold text-ink">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm break-words text-muted">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" size="icon" aria-label="Close" disabled={closeDisabled}>
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const widths = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-3xl" } as const;

/** The form inside a ModalDialog: fills the dialog below its title bar, so its body scrolls and its footer stays. */
export const dialogFormClasses = "flex min-h-0 flex-1 flex-col";

export function DialogBody({ children }: { children: React.ReactNode }) {
  return <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>;
}

export function DialogFooter({ children }: { children: React.ReactNode }) {
  return <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-brand-100 px-5 py-4 sm:px-6">{children}</div>;
}

/** A Cancel button for a DialogFooter (or another word for closing, such as "Done"). */
export function DialogCancel({ disabled, label = "Cancel" }: { disabled?: boolean; label?: string }) {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        {label}
      </Button>
    </Dialog.Close>
  );
}

/**
 * The control that opened a dialog: the focused one, or, where a click does not focus a button (Safari), the last
 * control pressed.
 */
function openingControl(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastPressed;
}

let lastPressed: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "pointerdown",
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>("button, a[href], [role=button]") : null;
      if (control) lastPressed = control;
    },
    { capture: true },
  );
}
