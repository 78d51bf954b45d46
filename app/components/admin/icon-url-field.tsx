import type { FieldMetadata } from "@conform-to/react";
import { LoaderCircle, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { UploadProgress, useUpload } from "#app/components/admin/upload-progress.tsx";
import { notify } from "#app/components/toaster.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { catalogToasts, isHttpUrl } from "#common/catalog-admin.ts";
import { cn } from "#app/lib/cn.ts";
import { useDialogFiles } from "#app/lib/dialog-files.ts";
import { uploadKinds } from "#common/upload-rules.ts";

/**
 * The Icon URL field of the level and lesson forms: type an address, or upload an image (SPEC §5: images under 2 MB),
 * which fills the field and the preview. The upload stores a file only; the record changes when the form is saved,
 * so a failed upload leaves the icon as it was.
 */
export function IconUrlField({
  field,
  kind,
  defaultValue,
}: {
  field: FieldMetadata<string>;
  kind: "levelIcon" | "lessonIcon";
  defaultValue: string;
}) {
  const [url, setUrl] = useState(defaultValue);
  const { upload: sendFile, progress, uploading } = useUpload();
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();
  // The field lives as long as its dialog: an upload the saved record does not use is discarded when it closes.
  const storedHere = useDialogFiles();

  async function upload(file: File) {
    // One toast id: the progress toast turns into the outcome.
    const id = `icon-upload-${pickerId}`;
    notify({ id, type: "info", title: catalogToasts.uploadingIcon });
    try {
      const stored = await sendFile(kind, file);
      storedHere(stored);
      setUrl(stored);
      notify({ id, type: "success", title: catalogToasts.iconUploaded });
    } catch (error) {
      notify({ id, type: "error", title: catalogToasts.iconUploadFailed, description: error instanceof Error ? error.message : undefined });
    } finally {
      if (picker.current) picker.current.value = "";
    }
  }

  return (
    <div className="space-y-2">
      <FormField field={field} label="Icon URL">
        <input
          id={field.id}
          name={field.name}
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errors ? field.errorId : undefined}
          placeholder="https://example.com/icon.png"
          className={inputClasses}
        />
      </FormField>
      <div className="flex items-center gap-3">
        {isHttpUrl(url.trim()) ? <img src={url} alt="Icon preview" className="size-14 rounded-lg border border-brand-100 object-cover" /> : null}
        <label htmlFor={pickerId} className={cn(buttonClasses("outline", "sm"), "cursor-pointer", uploading && "pointer-events-none opacity-60")}>
          {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {uploading ? "Uploading..." : "Upload Icon"}
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
        <UploadProgress value={progress} label="Icon upload progress" className="flex-1" />
      </div>
    </div>
  );
}
