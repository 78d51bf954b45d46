import { DialogBody, ModalDialog } from "#app/components/ui/dialog.tsx";

/** What the lesson page's keys do. Loaded only when asked for ("?" or the Keyboard shortcuts button). */
export const LESSON_KEYS: readonly (readonly [keys: string, does: string])[] = [
  ["Space", "Play or pause"],
  ["← →", "Previous or next phrase"],
  ["R", "Repeat this phrase (on or off)"],
  ["T", "Show or hide the translation"],
  ["?", "Show these keys"],
];

export default function LessonKeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They act on the audio card you used last, or the one playing."
    >
      <DialogBody>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3">
          {LESSON_KEYS.map(([keys, does]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="inline-flex min-w-9 justify-center rounded-md border border-brand-200 bg-brand-50 px-2 py-1 font-mono text-sm font-semibold text-ink">
                  {keys}
                </kbd>
              </dt>
              <dd className="text-ink">{does}</dd>
            </div>
          ))}
        </dl>
      </DialogBody>
    </ModalDialog>
  );
}
