import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { IconUrlField } from "#app/components/admin/icon-url-field.tsx";
import { DeleteButton, DeleteConfirmProvider, EditButton, Thumb, ViewOnSiteLink, cardClasses, useEditDialog } from "#app/components/admin/catalog-ui.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { SectionHeader } from "#app/components/admin/section-header.tsx";
import { AUTOMATIC_VOICE, catalogTexts, catalogToasts, languageSchema, voiceField, type AdminLanguage, type VoiceChoice } from "#common/catalog-admin.ts";
import { seo } from "#app/lib/seo.ts";
import { catalogDeps, deleteThenClean, field, invalid, respond, unknownIntent, withMedia, type CatalogActionData } from "#server/admin/catalog-admin-actions.server.ts";
import { CatalogAdminError, createLanguage, deleteLanguage, listAdminLanguages, updateLanguage } from "#server/admin/catalog-admin.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { voiceChoices, voiceIsAvailable } from "#server/tts/voice-choices.server.ts";
import type { Route } from "./+types/languages";

const section = adminSection("/admin/languages");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const [languages, voices] = await Promise.all([listAdminLanguages(runtime.database.db), voiceChoices(runtime.tts)]);
  return { languages, voices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = catalogDeps(context, admin);
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: languageSchema });
    if (submission.status !== "success") return invalid(submission);
    const value = submission.value;
    const flag = { field: "flagUrl", kind: "flag" } as const;
    const save = withMedia(context, value, flag, (v) => (intent === "create" ? createLanguage(deps, v) : updateLanguage(deps, v)));
    // The voice is checked before the flag is copied in: a refused form stores no file.
    const work = async () => {
      if (value.voice && !(await voiceIsAvailable(getRuntime(context).tts, value.voice))) throw new CatalogAdminError(voiceField.unknown, "voice");
      await save();
    };
    return intent === "create"
      ? respond(context, work, { success: catalogToasts.languageAdded, failure: catalogToasts.languageAddFailed }, submission)
      : respond(context, work, { success: catalogToasts.languageUpdated, failure: catalogToasts.languageUpdateFailed }, submission);
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
  const { languages, voices } = loaderData;
  const editing = useEditDialog<AdminLanguage>();
  return (
    <DeleteConfirmProvider>
      <div className="space-y-6">
        <SectionHeader section={section}>
          <AddLanguage voices={voices} />
        </SectionHeader>
        {languages.length === 0 ? (
          <p className={`${cardClasses} p-8 text-center text-muted`}>{catalogTexts.noLanguages}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Languages">
            {languages.map((language) => (
              <li key={language.id} className={`${cardClasses} flex items-center gap-4 p-4`} data-language-card={language.id}>
                <Thumb src={language.flagUrl} className="h-10 w-14" />
                <div className="min-w-0 flex-1">
                  <h2 className="truncate text-lg font-bold text-ink">{language.name}</h2>
                  <p className="truncate text-sm text-muted">ID: {language.id}</p>
                </div>
                <ViewOnSiteLink name={language.name} href={`/${language.id}`} />
                <EditButton name={language.name} onEdit={() => editing.edit(language)} />
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
        {editing.item ? (
          <ModalDialog
            open={editing.open}
            onOpenChange={editing.onOpenChange}
            title="Edit Language"
            description="Change the language's name or flag. Its ID cannot change."
          >
            <LanguageForm key={editing.item.id} language={editing.item} voices={voices} onDone={() => editing.onOpenChange(false)} />
          </ModalDialog>
        ) : null}
      </div>
    </DeleteConfirmProvider>
  );
}

function AddLanguage({ voices }: { voices: VoiceChoice[] | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        Add Language
      </Button>
      <ModalDialog open={open} onOpenChange={setOpen} title="Add Language" description="Add a language learners can choose.">
        <LanguageForm voices={voices} onDone={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}

function LanguageForm({ language, voices, onDone }: { language?: AdminLanguage; voices: VoiceChoice[] | null; onDone: () => void }) {
  const fetcher = useFetcher<CatalogActionData>();
  const [form, fields] = useForm({
    id: language ? `language-edit-${language.id}` : "language-add",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: language ? { ...language, voice: language.voice ?? AUTOMATIC_VOICE } : { id: "", name: "", flagUrl: "", voice: AUTOMATIC_VOICE },
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
        <IconUrlField field={fields.flagUrl} kind="flag" defaultValue={language?.flagUrl ?? ""} />
        {voices ? <VoiceSelect field={fields.voice} voices={voices} current={language?.voice ?? AUTOMATIC_VOICE} /> : null}
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

/** The speech engine's voices, by name; a cloud engine (no list) takes the language's code and gets no field. */
function VoiceSelect({ field, voices, current }: { field: FieldMetadata<string | null>; voices: VoiceChoice[]; current: string }) {
  return (
    <FormField field={field as FieldMetadata<string>} label={voiceField.label} hint={voiceField.hint}>
      <select
        id={field.id}
        name={field.name}
        defaultValue={current}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? `${field.descriptionId} ${field.errorId}` : field.descriptionId}
        className={inputClasses}
      >
        <option value={AUTOMATIC_VOICE}>{voiceField.automatic}</option>
        {voices.map((voice) => (
          <option key={voice.code} value={voice.code}>
            {voice.name} ({voice.code})
          </option>
        ))}
      </select>
    </FormField>
  );
}
