import { FieldError, pickerInputClasses } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";

/** What the cascading selects need of the catalogue: names down to lessons. */
export interface CatalogOption {
  id: string;
  name: string;
  levels: { id: string; title: string; cefrLabel?: string; lessons: { id: string; title: string }[] }[];
}

export interface CatalogSelection {
  languageId: string;
  levelId: string;
  lessonId: string;
}

export type CatalogSelectErrors = Partial<Record<keyof CatalogSelection, string>>;

/**
 * Cascading Language > Level > Lesson selects (SPEC §4): choosing a language clears the level and lesson, choosing a
 * level clears the lesson, and each select lists only what belongs to the one above it. Native selects: they work with
 * the keyboard, screen readers and phone pickers as they are.
 */
export function CatalogSelect({
  catalog,
  value,
  onChange,
  errors = {},
  idPrefix,
}: {
  catalog: CatalogOption[];
  value: CatalogSelection;
  onChange: (value: CatalogSelection) => void;
  errors?: CatalogSelectErrors;
  idPrefix: string;
}) {
  const language = catalog.find((l) => l.id === value.languageId);
  const level = language?.levels.find((l) => l.id === value.levelId);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField
        id={`${idPrefix}-language`}
        name="languageId"
        label="Language"
        value={value.languageId}
        placeholder="Select a language"
        options={catalog.map((l) => ({ value: l.id, label: l.name }))}
        error={errors.languageId}
        onChange={(languageId) => onChange({ languageId, levelId: "", lessonId: "" })}
      />
      <SelectField
        id={`${idPrefix}-level`}
        name="levelId"
        label="Level"
        value={value.levelId}
        placeholder="Select a level"
        disabled={!language}
        options={(language?.levels ?? []).map((l) => ({ value: l.id, label: l.cefrLabel ? `${l.title} (${l.cefrLabel})` : l.title }))}
        error={errors.levelId}
        onChange={(levelId) => onChange({ ...value, levelId, lessonId: "" })}
      />
      <SelectField
        id={`${idPrefix}-lesson`}
        name="lessonId"
        label="Lesson"
        value={value.lessonId}
        placeholder="Select a lesson"
        disabled={!level}
        options={(level?.lessons ?? []).map((l) => ({ value: l.id, label: l.title }))}
        error={errors.lessonId}
        onChange={(lessonId) => onChange({ ...value, lessonId })}
      />
    </div>
  );
}

function SelectField({
  id,
  name,
  label,
  value,
  placeholder,
  options,
  error,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        // A select matches :read-only, which the shared input style greys out: keep it looking editable.
        className={cn(pickerInputClasses, "disabled:opacity-60")}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
