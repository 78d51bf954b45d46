import { ImageUp, LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FieldNotes } from "#app/components/admin/settings/fields.tsx";
import { useSettingsForm } from "#app/components/admin/settings/use-settings-form.ts";
import { UploadProgress, useUpload } from "#app/components/admin/upload-progress.tsx";
import { notify } from "#app/components/toaster.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { discardStoredFiles } from "#app/lib/dialog-files.ts";
import { FAVICON_RELOAD_MS, imageToasts, type ImageSettingField } from "#common/settings-forms.ts";
import { uploadKinds, type UploadKind } from "#common/upload-rules.ts";

/**
 * An image of the settings record: the file goes to the upload endpoint first, and only its stored URL is then saved
 * (SPEC §7), so a refused upload leaves the record as it was, and a file whose save fails is deleted again. A favicon change reloads the page after 1.5 s, so the
 * browser tab shows it (SPEC §4).
 */
export function ImageUploadField({
  kind,
  field,
  label,
  hint,
  current,
  previewClassName,
  previewBackground = "bg-brand-50",
}: {
  kind: UploadKind;
  field: ImageSettingField;
  label: string;
  hint?: string;
  current: string | null;
  previewClassName?: string;
  previewBackground?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload: sendFile, progress, uploading } = useUpload();
  const [error, setError] = useState<string | undefined>();
  const { fetcher, saving } = useSettingsForm(`settings-image-${field}`);
  const busy = uploading || saving;
  useReloadAfterFavicon(field === "favicon" ? fetcher : null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    try {
      const url = await sendFile(kind, file);
      try {
        await fetcher.submit({ intent: "set-image", field, url }, { method: "post" });
      } finally {
        // Saved, the settings row references the file and the server keeps it; a refused or failed save leaves it
        // unused, and the server deletes it.
        discardStoredFiles([url]);
      }
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : "Please try again later";
      setError(message);
      notify({ ...imageToasts[field].failed, description: message });
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className={cn("flex items-center justify-center overflow-hidden rounded-xl border border-brand-100 p-2", previewBackground, previewClassName ?? "h-28 w-44")}>
          {current ? (
            <img src={current} alt={`Current ${label.toLowerCase()}`} className="max-h-full max-w-full object-contain" data-testid={`preview-${field}`} />
          ) : (
            <span className="text-sm text-muted">No image</span>
          )}
        </div>
        <div>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={uploadKinds[kind].accept}
            className="peer sr-only"
            disabled={busy}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
            onChange={(event) => void onFile(event.currentTarget.files?.[0])}
            data-testid={`upload-${field}`}
          />
          <label
            id={`${id}-button`}
            htmlFor={`${id}-file`}
            className={cn(
              buttonClasses("outline", "md"),
              "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2",
              busy && "pointer-events-none opacity-60",
            )}
          >
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ImageUp aria-hidden />}
            {busy ? "Uploading..." : current ? "Change Image" : "Upload Image"}
          </label>
          <UploadProgress value={progress} label={`${label} upload progress`} className="mt-2" />
        </div>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** After the favicon is saved (uploaded or set to the default), reload once the toast has been seen. */
export function useReloadAfterFavicon(fetcher: { state: string; data?: { ok: boolean } | undefined } | null) {
  const state = fetcher?.state;
  const ok = fetcher?.data?.ok;
  const data = fetcher?.data;
  useEffect(() => {
    if (state !== "idle" || !ok) return;
    const timer = window.setTimeout(() => window.location.reload(), FAVICON_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [state, ok, data]);
}
