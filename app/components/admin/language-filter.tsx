import { Filter } from "lucide-react";
import { useCallback, useId } from "react";
import { Form, useNavigate, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { inputClasses } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * Which language a catalogue table shows (?language=…; the first by name without one). A GET form: it works before
 * hydration and without JavaScript (with its Show button); once hydrated, choosing a language is enough.
 */
export function LanguageFilter({ label, languages, value }: { label: string; languages: { id: string; name: string }[]; value: string }) {
  const id = useId();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
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
          className={cn(inputClasses, "read-only:bg-white read-only:text-ink read-only:hover:border-brand-500")}
        >
          {languages.map((language) => (
            <option key={language.id} value={language.id}>
              {language.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        <Filter aria-hidden />
        Show
      </Button>
    </Form>
  );
}

/** After adding or moving something to another language, show that language, so the admin sees the result. */
export function useShowLanguage(shown: string) {
  const navigate = useNavigate();
  return useCallback(
    (languageId: string | null | undefined) => {
      if (languageId && languageId !== shown) void navigate({ search: `?${new URLSearchParams({ language: languageId })}` }, { preventScrollReset: true });
    },
    [navigate, shown],
  );
}
