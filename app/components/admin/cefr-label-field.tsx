import type { FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { CEFR_LABELS, CATALOG_LIMITS } from "#common/catalog-admin.ts";

const OTHER = "other";
const isStandard = (label: string) => (CEFR_LABELS as readonly string[]).includes(label);

/**
 * The Level dialog's CEFR label (issue 27, point 7): a choice of A1-C2, and "Other" for a school's own label (A1.1,
 * Pre-A1), typed in a field that appears below. Whichever is in use carries the form's `cefrLabel`, so the schema
 * and its message ('CEFR label is required') stay the same.
 */
export function CefrLabelField({ field, defaultValue }: { field: FieldMetadata<string>; defaultValue: string }) {
  const [choice, setChoice] = useState(defaultValue === "" || isStandard(defaultValue) ? defaultValue : OTHER);
  const custom = useRef<HTMLInputElement>(null);
  const invalid = field.errors?.length ? true : undefined;
  const describedBy = invalid ? field.errorId : undefined;
  return (
    <FormField field={field} label="CEFR Label">
      <select
        id={field.id}
        name={choice === OTHER ? undefined : field.name}
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          // The typed label is what the admin chose "Other" for: the cursor goes there.
          if (event.target.value === OTHER) requestAnimationFrame(() => custom.current?.focus());
        }}
        aria-invalid={choice === OTHER ? undefined : invalid}
        aria-describedby={choice === OTHER ? undefined : describedBy}
        className={inputClasses}
      >
        <option value="">Select a label</option>
        {CEFR_LABELS.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
        <option value={OTHER}>Other (type it)</option>
      </select>
      {choice === OTHER ? (
        <input
          ref={custom}
          name={field.name}
          defaultValue={isStandard(defaultValue) ? "" : defaultValue}
          aria-label="Custom CEFR label"
          placeholder="For example: A1.1"
          maxLength={CATALOG_LIMITS.cefr}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={`${inputClasses} mt-2`}
        />
      ) : null}
    </FormField>
  );
}
