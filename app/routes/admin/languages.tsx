import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, Pencil, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { DeleteButton, Thumb, cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { catalogTexts, catalogToasts, isHttpUrl, languageSchema, type AdminLanguage } from "#common/catalog-admin.ts";
import { seo } from "#app/lib/seo.ts";
import { catalogDeps, deleteThenClean, field, invalid, respond, unknownIntent, type CatalogActionData } from "#server/admin/catalog-admin-actions.server.ts";
import { createLanguage, deleteLanguage, listAdminLanguages, updateLanguage } from "#server/admin/catalog-admin.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/languages";

const section = adminSection("/admin/languages");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { languages: await listAdminLanguages(getRuntime(context).database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = catalogDeps(context);
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: languageSchema });
    if (submission.status !== "success") return invalid(submission);
    const value = submission.value;
    return intent === "create"
      ? respond(context, () => createLanguage(deps, value), { success: catalogToasts.languageAdded, failure: catalogToasts.languageAddFailed }, submission)
      : respond(context, () => updateLanguage(deps, value), { success: catalogToasts.languageUpdated, failure: catalogToasts.languageUpdateFailed }, submission);
  }
  if (intent === "delete") {
    return respond(context, deleteThenClean(context, () => deleteLanguage(deps, field(formData, "id"))), {
      success: catalogToasts.languageDeleted,
      failure: catalogToasts.languageDeleteFailed,
    });
  }
  return unknownIntent();
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminLanguages({ loaderData }: Route.ComponentProps) {
  const { languages } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-ink">{section.title}</h1>
          <p className="mt-1 text-muted">{section.description}</p>
        </div>
        <LanguageDialog />
      </div>
      {languages.length === 0 ? (
        <p className={`${cardClasses} p-8 text-center text-muted`}>{catalogTexts.noLanguages}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Languages">
          {languages.map((language) => (
            <li key={language.id} className={`${cardClasses} flex items-center gap-4 p-4`} data-language-card={language.id}>
              <Thumb src={language.flagUrl} className="h-10 w-14" />
              <div className="min-w-0 flex-1">
                <h2 className="truncate text-lg font-bold text-ink">{language.name}</h2>
                <p className="truncate text-sm text-muted">ID: {language.id}</p>
              </div>
              <LanguageDialog language={language} />
              <DeleteButton
                label={`Delete ${language.name}`}
                title={`Delete ${language.name}?`}
                warning={`Are you sure you want to delete this language? This will also delete all its levels, lessons and phrases.`}
                fields={{ id: language.id }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LanguageDialog({ language }: { language?: AdminLanguage }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {language ? (
        <Button variant="ghost" size="icon" aria-label={`Edit ${language.name}`} onClick={() => setOpen(true)}>
          <Pencil aria-hidden />
        </Button>
      ) : (
        <Button onClick={() => setOpen(true)}>
          <Plus aria-hidden />
          Add Language
        </Button>
      )}
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={language ? "Edit Language" : "Add Language"}
        description={language ? "Change the language's name or flag. Its ID cannot change." : "Add a language learners can choose."}
      >
        <LanguageForm language={language} onDone={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}

function LanguageForm({ language, onDone }: { language?: AdminLanguage; onDone: () => void }) {
  const fetcher = useFetcher<CatalogActionData>();
  const [form, fields] = useForm({
    id: language ? `language-edit-${language.id}` : "language-add",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: language ?? { id: "", name: "", flagUrl: "" },
    // Checked on submit, every field at once: a check on leaving a field moved the submit button from under
    // the pointer, so the first click showed one message and sent nothing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: languageSchema }),
  });
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
  const [flag, setFlag] = useState(language?.flagUrl ?? "");
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={dialogFormClasses}>
      <DialogBody>
        <input type="hidden" name="intent" value={language ? "update" : "create"} />
        <FormField field={fields.id} label="Language ID" hint={language ? undefined : "For example: spanish"}>
          <input {...getInputProps(fields.id, { type: "text" })} readOnly={Boolean(language)} autoComplete="off" className={inputClasses} />
        </FormField>
        <FormField field={fields.name} label="Language Name">
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" className={inputClasses} />
        </FormField>
        <FormField field={fields.flagUrl} label="Flag Image URL">
          <input
            {...getInputProps(fields.flagUrl, { type: "url" })}
            onChange={(e) => setFlag(e.currentTarget.value)}
            placeholder="https://example.com/flag.png"
            className={inputClasses}
          />
        </FormField>
        {isHttpUrl(flag) ? <img src={flag} alt="Flag preview" className="h-12 w-18 rounded-md border border-brand-100 object-cover" /> : null}
      </DialogBody>
      <DialogFooter>
        <DialogCancel />
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {language ? "Update Language" : "Add Language"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
