import type { FieldMetadata } from "@conform-to/react";
import { CircleAlert } from "lucide-react";
import { cn } from "#app/lib/cn.ts";

// The border keeps 3:1 against white (WCAG 1.4.11), so the fields are visible without the focus ring.
const fieldClasses = cn(
  "block w-full rounded-xl border border-[#9089a6] bg-white text-base text-ink shadow-xs transition-colors",
  "hover:border-brand-500 focus-visible:border-brand-600 aria-invalid:border-red-600 aria-invalid:bg-red-50/40",
);
const readOnlyMuted = "read-only:bg-brand-50/60 read-only:text-muted read-only:hover:border-[#9089a6]";

export const inputClasses = cn(fieldClasses, "min-h-12 px-4 py-2.5", readOnlyMuted);

export const textareaClasses = cn(fieldClasses, "min-h-36 resize-y px-4 py-3 leading-relaxed", readOnlyMuted);

/** A read-only input that opens a picker (a combobox): it looks like any other field, not a muted read-only one. */
export const pickerInputClasses = cn(fieldClasses, "min-h-12 px-4 py-2.5");

/** A labelled form field with its first error below it (the error is the input's accessible description). */
export function FormField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? <FieldError id={field.errorId}>{field.errors[0]}</FieldError> : null}
    </div>
  );
}

/** A field's message, with the icon every field's message has. */
export function FieldError({ id, role, children }: { id?: string; role?: "alert"; children: React.ReactNode }) {
  return (
    <p id={id} role={role} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

/** A notice above a form: an error (role alert) or a success (role status). */
export function FormNotice({ tone, title, children }: { tone: "error" | "success" | "info"; title: string; children?: React.ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
    info: "border-brand-200 bg-brand-50 text-brand-900",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-xl border p-4", styles)}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}
