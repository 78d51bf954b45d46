import { Filter } from "lucide-react";
import { useCallback, useId } from "react";
import { Form, useNavigate, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { pickerInputClasses } from "#app/components/ui/form-field.tsx";

/**
 * Which language a catalogue table shows (?language=…; the first by name without one). A GET form: it works before
 * hydration and without JavaScript (with its Show button); once hydrated, choosing a language is enough.
 */
export function LanguageFilter({
  label,
  languages,
  value,
  levels,
}: {
  label: string;
  languages: { id: string; name: string }[];
  value: string;
  /** The Lessons tab also narrows to one level (or "all") of that language. */
  levels?: { options: { id: string; title: string; cefrLabel: string }[]; value: string };
}) {
  const id = useId();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        // Another language: its own first level, not the level id of the previous one.
        if (event.target instanceof HTMLSelectElement && event.target.name === "language") data.delete("level");
        void submit(data, { preventScrollReset: true });
      }}
    >
      <div className="min-w-0 flex-1 basis-56 sm:max-w-sm">
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {label}
        </label>
        <select
          id={id}
          name="language"
          key={value}
          defaultValue={value}
          // A select matches :read-only, which the shared input style greys out: keep it looking editable.
          className={pickerInputClasses}
        >
          {languages.map((language) => (
            <option key={language.id} value={language.id}>
              {language.name}
            </option>
          ))}
        </select>
      </div>
      {levels ? (
        <div className="min-w-0 flex-1 basis-56 sm:max-w-sm">
          <label htmlFor={`${id}-level`} className="mb-1.5 block text-sm font-semibold text-ink">
            Level
          </label>
          <select
            id={`${id}-level`}
            name="level"
            key={`${value}/${levels.value}`}
            defaultValue={levels.value}
            className={pickerInputClasses}
          >
            {levels.options.map((level) => (
              <option key={level.id} value={level.id}>
                {level.title} ({level.cefrLabel})
              </option>
            ))}
            <option value="all">All levels</option>
          </select>
        </div>
      ) : null}
      <Button type="submit" variant="outline">
        <Filter aria-hidden />
        Show
      </Button>
    </Form>
  );
}

/**
 * After adding or moving something to another language (or level), show that one, so the admin sees the result.
 * `shown.level` is the Lessons tab's level filter ("all" shows every level).
 */
export function useShowLanguage(shown: { language: string; level?: string }) {
  const navigate = useNavigate();
  const { language, level } = shown;
  return useCallback(
    (languageId: string | null | undefined, levelId?: string) => {
      if (!languageId) return;
      const levelShown = level === undefined || level === "all" || !levelId || levelId === level;
      if (languageId === language && levelShown) return;
      const params = new URLSearchParams({ language: languageId });
      if (levelId && level !== undefined) params.set("level", level === "all" && languageId === language ? "all" : levelId);
      void navigate({ search: `?${params}` }, { preventScrollReset: true });
    },
    [navigate, language, level],
  );
}
