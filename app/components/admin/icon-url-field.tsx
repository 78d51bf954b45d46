import type { FieldMetadata } from "@conform-to/react";
import { LoaderCircle, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useIsDisplayable } from "#app/components/admin/media-origins.ts";
import { UploadProgress, useUpload } from "#app/components/admin/upload-progress.tsx";
import { notify } from "#app/components/toaster.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { catalogToasts } from "#common/catalog-admin.ts";
import { cn } from "#app/lib/cn.ts";
import { useDialogFiles } from "#app/lib/dialog-files.ts";
import { isHttpAddress, mediaUrlText } from "#common/media-url.ts";
import { uploadKinds } from "#common/upload-rules.ts";

/** The Language dialog's flag and the level and lesson dialogs' icon: the same field, in their own words. */
const variants = {
  flag: {
    label: "Flag Image URL",
    placeholder: "https://example.com/flag.png",
    previewAlt: "Flag preview",
    previewClasses: "h-12 w-18 rounded-md",
    button: "Upload Flag",
    progress: "Flag upload progress",
    toasts: { uploading: catalogToasts.uploadingFlag, uploaded: catalogToasts.flagUploaded, failed: catalogToasts.flagUploadFailed },
  },
  icon: {
    label: "Icon URL",
    placeholder: "https://example.com/icon.png",
    previewAlt: "Icon preview",
    previewClasses: "size-14 rounded-lg",
    button: "Upload Icon",
    progress: "Icon upload progress",
    toasts: { uploading: catalogToasts.uploadingIcon, uploaded: catalogToasts.iconUploaded, failed: catalogToasts.iconUploadFailed },
  },
} as const;

/**
 * An image URL field with an upload button (SPEC §5: images under 2 MB), which fills the field and the preview. The
 * upload stores a file only; the record changes when the form is saved, so a failed upload leaves the image as it was.
 *
 * The preview shows the address once it is complete (the field left, or an upload done), not at every keystroke,
 * and only where the page's Content-Security-Policy lets it load: an address on another site is copied into our
 * storage on save (docs/decisions/009-outside-media-addresses.md), and the field says so instead of showing a
 * broken image.
 */
export function IconUrlField({
  field,
  kind,
  defaultValue,
}: {
  field: FieldMetadata<string>;
  kind: "flag" | "levelIcon" | "lessonIcon";
  defaultValue: string;
}) {
  const text = variants[kind === "flag" ? "flag" : "icon"];
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultValue);
  // The address the preview is for: set when the field is left or an upload fills it.
  const [settled, setSettled] = useState(defaultValue);
  const displayable = useIsDisplayable();
  const { upload: sendFile, progress, uploading } = useUpload();
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();
  // The field lives as long as its dialog: an upload the saved record does not use is discarded when it closes.
  const storedHere = useDialogFiles();

  async function upload(file: File) {
    // One toast id: the progress toast turns into the outcome.
    const id = `image-upload-${pickerId}`;
    notify({ id, type: "info", title: text.toasts.uploading });
    try {
      const stored = await sendFile(kind, file);
      storedHere(stored);
      flushSync(() => {
        setUrl(stored);
        setSettled(stored);
      });
      // An error left from a typed address no longer applies: an input event has the form check the uploaded one.
      input.current?.dispatchEvent(new Event("input", { bubbles: true }));
      notify({ id, type: "success", title: text.toasts.uploaded });
    } catch (error) {
      notify({ id, type: "error", title: text.toasts.failed, description: error instanceof Error ? error.message : undefined });
    } finally {
      if (picker.current) picker.current.value = "";
    }
  }

  const current = url.trim();
  const shown = settled.trim() === current ? current : "";
  const preview = shown !== "" && displayable(shown);
  const importedOnSave = shown !== "" && !preview && isHttpAddress(shown);
  const describedBy = [field.errors ? field.errorId : "", importedOnSave ? field.descriptionId : ""].filter(Boolean).join(" ");

  return (
    <div className="space-y-2">
      <FormField field={field} label={text.label} hint={importedOnSave ? mediaUrlText.imageImportedOnSave : undefined}>
        <input
          ref={input}
          id={field.id}
          name={field.name}
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          onBlur={(e) => setSettled(e.currentTarget.value)}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={describedBy || undefined}
          placeholder={text.placeholder}
          className={inputClasses}
        />
      </FormField>
      <div className="flex items-center gap-3">
        {preview ? <img src={shown} alt={text.previewAlt} className={cn(text.previewClasses, "border border-brand-100 object-cover")} /> : null}
        <label htmlFor={pickerId} className={cn(buttonClasses("outline", "sm"), "cursor-pointer", uploading && "pointer-events-none opacity-60")}>
          {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {uploading ? "Uploading..." : text.button}
        </label>
        <input
          ref={picker}
          id={pickerId}
          type="file"
          accept={uploadKinds[kind].accept}
          disabled={uploading}
          className="sr-only"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        <UploadProgress value={progress} label={text.progress} className="flex-1" />
      </div>
    </div>
  );
}
