import { CircleAlert } from "lucide-react";
import { inputClasses } from "#app/components/ui/form-field.tsx";

interface FieldProps {
  name: string;
  label: string;
  defaultValue: string | null;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input whose server error is its accessible description. */
export function TextField({ name, label, defaultValue, error, hint, type = "text", placeholder }: FieldProps & { type?: string; placeholder?: string }) {
  const id = `settings-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue ?? ""}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClasses}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({ name, label, defaultValue, error, rows = 4 }: FieldProps & { rows?: number }) {
  const id = `settings-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

export function FieldNotes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </>
  );
}
