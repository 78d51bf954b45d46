import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { isHttpUrl } from "#app/lib/catalog-admin.ts";

/** The Icon URL field of the level and lesson forms, with a preview of the picture. */
export function IconUrlField({
  field,
  defaultValue,
}: {
  field: FieldMetadata<string>;
  kind: "levelIcon" | "lessonIcon";
  defaultValue: string;
}) {
  const [url, setUrl] = useState(defaultValue);
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
      {isHttpUrl(url.trim()) ? <img src={url} alt="Icon preview" className="size-14 rounded-lg border border-brand-100 object-cover" /> : null}
    </div>
  );
}
