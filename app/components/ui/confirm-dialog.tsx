import { LoaderCircle } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";

/**
 * The question before an action that is hard to take back: a delete, a change of someone's rights, a catalogue
 * replaced. Radix's AlertDialog keeps the focus inside, Escape and Cancel close it, and the focus goes back to the
 * trigger. The dialog stays open while `onConfirm` runs (its button shows progress and nothing can close it), then
 * closes; the outcome is the server's toast.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmIcon,
  tone = "danger",
  onConfirm,
  open: openProp,
  onOpenChange,
  returnFocusTo,
}: {
  /** The button that opens it (rendered as the dialog's trigger); without one, `open` and `onOpenChange` drive it. */
  trigger?: React.ReactElement;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmIcon?: React.ReactNode;
  /** danger for what removes or takes away; primary for what grants. */
  tone?: "danger" | "primary";
  onConfirm: () => Promise<unknown>;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where the focus goes on close when there is no trigger to give it back to. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-5 shadow-xl sm:p-7">
          <AlertDialog.Title className="text-xl font-bold break-words text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button type="button" variant={tone} disabled={pending} onClick={() => void confirm()}>
              {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : confirmIcon}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
