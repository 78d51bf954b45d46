import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Globe, LoaderCircle, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLoaderData } from "react-router";
import { CefrLabelField } from "#app/components/admin/cefr-label-field.tsx";
import { IconUrlField } from "#app/components/admin/icon-url-field.tsx";
import { LanguageFilter, useShowLanguage } from "#app/components/admin/language-filter.tsx";
import {
  DeleteButton,
  DeleteConfirmProvider,
  EditButton,
  FormLockSwitch,
  LockSwitch,
  MoveButtons,
  Thumb,
  ViewOnSiteLink,
  cardClasses,
  useEditDialog,
} from "#app/components/admin/catalog-ui.tsx";
import { defaultIcons } from "#app/components/catalog-cards.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { SectionHeader } from "#app/components/admin/section-header.tsx";
import { catalogTexts, catalogToasts, levelSchema, SAVE_AND_ADD_ANOTHER, type AdminLanguage, type AdminLevel } from "#common/catalog-admin.ts";
import { levelHref } from "#common/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { catalogDeps, deleteThenClean, field, invalid, respond, withMedia, unknownIntent, type CatalogActionData } from "#server/admin/catalog-admin-actions.server.ts";
import {
  createLevel,
  deleteLevel,
  listAdminLanguages,
  listAdminLevels,
  moveLevel,
  pickFilter,
  setLevelLock,
  updateLevel,
} from "#server/admin/catalog-admin.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/levels";

const section = adminSection("/admin/levels");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getRuntime(context).database;
  const languages = await listAdminLanguages(db);
  // One language's table at a time: 50 languages' levels on one page were too long to use (issue 10 point 8).
  const languageId = pickFilter(languages, new URL(request.url).searchParams.get("language"));
  return { languages, languageId, levels: languageId ? await listAdminLevels(db, languageId) : [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = catalogDeps(context, admin);
  const key = { languageId: field(formData, "keyLanguageId"), id: field(formData, "keyId") };
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: levelSchema });
    if (submission.status !== "success") return invalid(submission);
    const value = submission.value;
    const icon = { field: "iconUrl", kind: "levelIcon" } as const;
    return intent === "create"
      ? respond(context, withMedia(context, value, icon, (v) => createLevel(deps, v)), { success: catalogToasts.levelAdded, failure: catalogToasts.levelAddFailed }, submission)
      : respond(context, withMedia(context, value, icon, (v) => updateLevel(deps, key, v)), { success: catalogToasts.levelUpdated, failure: catalogToasts.levelUpdateFailed }, submission);
  }
  if (intent === "lock") {
    const locked = field(formData, "locked") === "true";
    return respond(context, () => setLevelLock(deps, key, locked), {
      success: locked ? catalogToasts.levelLocked : catalogToasts.levelUnlocked,
      failure: locked ? catalogToasts.levelLockFailed : catalogToasts.levelUnlockFailed,
    });
  }
  if (intent === "move") {
    const direction = field(formData, "direction") === "up" ? "up" : "down";
    return respond(context, () => moveLevel(deps, key, direction), {
      success: catalogToasts.levelOrderUpdated,
      failure: catalogToasts.levelOrderFailed,
    });
  }
  if (intent === "delete") {
    return respond(context, deleteThenClean(context, () => deleteLevel(deps, key)), { success: catalogToasts.levelDeleted, failure: catalogToasts.levelDeleteFailed });
  }
  return unknownIntent();
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminLevels({ loaderData }: Route.ComponentProps) {
  const { languages, languageId, levels } = loaderData;
  const language = languages.find((l) => l.id === languageId);
  const editing = useEditDialog<AdminLevel>();
  return (
    <DeleteConfirmProvider>
      <div className="space-y-6">
        <SectionHeader section={section}>
          <AddLevel languages={languages} />
        </SectionHeader>
        {languages.length === 0 ? (
          <div className={`${cardClasses} space-y-4 p-8 text-center`}>
            <p className="text-muted">{catalogTexts.addLanguagesFirst}</p>
            <Link to="/admin/languages" className={buttonClasses("outline")}>
              <Globe aria-hidden />
              Manage Languages
            </Link>
          </div>
        ) : (
          <>
            <LanguageFilter label="Show the levels of" languages={languages} value={languageId} />
            {language ? <LanguageLevels key={language.id} language={language} levels={levels} onEdit={editing.edit} /> : null}
          </>
        )}
        {editing.item ? (
          <ModalDialog open={editing.open} onOpenChange={editing.onOpenChange} title="Edit Level" description="Change this level. Its ID cannot change.">
            <LevelForm
              key={`${editing.item.languageId}:${editing.item.id}`}
              languages={languages}
              level={editing.item}
              onDone={() => editing.onOpenChange(false)}
            />
          </ModalDialog>
        ) : null}
      </div>
    </DeleteConfirmProvider>
  );
}

function LanguageLevels({ language, levels, onEdit }: { language: AdminLanguage; levels: AdminLevel[]; onEdit: (level: AdminLevel) => void }) {
  const headingId = `levels-${language.id}`;
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-4 sm:p-6`}>
      <h2 id={headingId} className="flex items-center gap-3 text-xl font-bold text-ink">
        <Thumb src={language.flagUrl} className="h-7 w-10" />
        {language.name}
      </h2>
      {levels.length === 0 ? (
        <p className="mt-4 text-muted">{catalogTexts.noLevelsForLanguage}</p>
      ) : (
        <>
          {/* Below 1024 px a list: in a table the actions sat in a sideways scroller on a phone and a tablet. */}
          <ul className="mt-4 divide-y divide-brand-100 lg:hidden" aria-label={`Levels of ${language.name}`}>
            {levels.map((level, index) => {
              const parts = levelParts(level, index, levels, onEdit);
              return (
                <li key={level.id} data-level-item={level.id} className="space-y-3 py-3">
                  <div className="flex items-center gap-3">
                    {parts.title}
                    {parts.cefr}
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    {parts.move}
                    {parts.lock}
                    <span className="inline-flex">{parts.actions}</span>
                  </div>
                </li>
              );
            })}
          </ul>
          <table className="mt-4 hidden w-full text-left text-sm lg:table">
            <caption className="sr-only">Levels of {language.name}</caption>
            <thead className="border-b border-brand-100 text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">Level</th>
                <th scope="col" className="py-2 pr-3 font-semibold">CEFR</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Order</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Lock Status</th>
                <th scope="col" className="py-2 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {levels.map((level, index) => {
                const parts = levelParts(level, index, levels, onEdit);
                return (
                  <tr key={level.id} data-level-row={level.id}>
                    <td className="py-3 pr-3">{parts.title}</td>
                    <td className="py-3 pr-3">{parts.cefr}</td>
                    <td className="py-3 pr-3">{parts.move}</td>
                    <td className="py-3 pr-3">{parts.lock}</td>
                    <td className="py-3 text-right whitespace-nowrap">{parts.actions}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** The pieces of one level's line, shared by the table (wide screens) and the list (phones and tablets). */
function levelParts(level: AdminLevel, index: number, levels: AdminLevel[], onEdit: (level: AdminLevel) => void) {
  const key = { keyLanguageId: level.languageId, keyId: level.id };
  return {
    title: (
      <span className="flex min-w-0 flex-1 items-center gap-3">
        <Thumb src={level.iconUrl} fallback={defaultIcons.level} />
        <span className="min-w-0 font-semibold break-words text-ink">{level.title}</span>
        <ViewOnSiteLink name={level.title} href={levelHref(level.languageId, level.id)} />
      </span>
    ),
    cefr: <span className="rounded-full bg-brand-100 px-2.5 py-1 text-xs font-bold text-brand-800">{level.cefrLabel}</span>,
    move: <MoveButtons name={level.title} first={index === 0} last={index === levels.length - 1} fields={key} />,
    lock: <LockSwitch locked={level.isLocked} label={`Lock ${level.title}`} fields={key} />,
    actions: (
      <>
        <EditButton name={level.title} onEdit={() => onEdit(level)} />
        <DeleteButton
          label={`Delete ${level.title}`}
          title={`Delete ${level.title}?`}
          warning="Are you sure you want to delete this level? This will also delete all its lessons and phrases."
          fields={key}
        />
      </>
    ),
  };
}

function AddLevel({ languages }: { languages: AdminLanguage[] }) {
  const [open, setOpen] = useState(false);
  // The form starts in the language the page shows; "Save and add another" starts a fresh form (a new key) in the
  // language just used (issue 27).
  const shownLanguage = useLoaderData<typeof loader>().languageId;
  const [preset, setPreset] = useState({ round: 0, languageId: "", again: false });
  return (
    <>
      <Button
        onClick={() => {
          setPreset((p) => ({ round: p.round + 1, languageId: shownLanguage ?? "", again: false }));
          setOpen(true);
        }}
        disabled={languages.length === 0}
      >
        <Plus aria-hidden />
        Add Level
      </Button>
      <ModalDialog open={open} onOpenChange={setOpen} title="Add New Level" description="Add a CEFR level to a language.">
        <LevelForm
          key={preset.round}
          languages={languages}
          presetLanguageId={preset.languageId}
          onDone={() => setOpen(false)}
          again={preset.again}
          onAnother={(languageId) => setPreset((p) => ({ round: p.round + 1, languageId, again: true }))}
        />
      </ModalDialog>
    </>
  );
}

function LevelForm({
  languages,
  level,
  presetLanguageId = "",
  again = false,
  onDone,
  onAnother,
}: {
  languages: AdminLanguage[];
  level?: AdminLevel;
  presetLanguageId?: string;
  /** The form follows a "Save and add another": the cursor waits in its first empty field. */
  again?: boolean;
  onDone: () => void;
  /** Saved with "Save and add another": the dialog stays open for the next level of that language. */
  onAnother?: (languageId: string) => void;
}) {
  const fetcher = useFetcher<CatalogActionData>();
  const [form, fields] = useForm({
    id: level ? `level-edit-${level.languageId}-${level.id}` : "level-add",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: level
      ? { id: level.id, languageId: level.languageId, title: level.title, cefrLabel: level.cefrLabel, iconUrl: level.iconUrl }
      : { id: "", languageId: presetLanguageId, title: "", cefrLabel: "", iconUrl: "" },
    // Checked on submit, every field at once: a check on leaving a field moved the submit button from under
    // the pointer, so the first click showed one message and sent nothing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: levelSchema }),
  });
  const busy = fetcher.state !== "idle";
  const showLanguage = useShowLanguage({ language: useLoaderData<typeof loader>().languageId });
  const chosen = useRef<string | null>(null);
  const another = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      if (another.current) onAnother?.(chosen.current ?? "");
      else onDone();
      // A level added to another language is shown there; an edit leaves the page where it is.
      if (!level) showLanguage(chosen.current);
    }
  }, [fetcher.state, fetcher.data, onDone, onAnother, showLanguage, level]);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      // Remembered for after the save: a level added to another language is shown there.
      onSubmitCapture={(event) => {
        chosen.current = String(new FormData(event.currentTarget).get("languageId") ?? "");
        another.current = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === SAVE_AND_ADD_ANOTHER;
      }}
      className={dialogFormClasses}
    >
      <DialogBody>
        <input type="hidden" name="intent" value={level ? "update" : "create"} />
        {level ? (
          <>
            <input type="hidden" name="keyLanguageId" value={level.languageId} />
            <input type="hidden" name="keyId" value={level.id} />
          </>
        ) : null}
        <FormField field={fields.languageId} label="Language">
          <select
            id={fields.languageId.id}
            name={fields.languageId.name}
            defaultValue={level?.languageId ?? presetLanguageId}
            aria-invalid={fields.languageId.errors ? true : undefined}
            aria-describedby={fields.languageId.errors ? fields.languageId.errorId : undefined}
            className={inputClasses}
          >
            <option value="">Select a language</option>
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.id} label="Level ID" hint={level ? undefined : "For example: a1"}>
          <input
            {...getInputProps(fields.id, { type: "text" })}
            readOnly={Boolean(level)}
            autoComplete="off"
            autoFocus={again}
            className={inputClasses}
          />
        </FormField>
        <FormField field={fields.title} label="Title">
          <input {...getInputProps(fields.title, { type: "text" })} autoComplete="off" className={inputClasses} />
        </FormField>
        <CefrLabelField field={fields.cefrLabel} defaultValue={level?.cefrLabel ?? ""} />
        <IconUrlField field={fields.iconUrl} kind="levelIcon" defaultValue={level?.iconUrl ?? ""} />
        <FormLockSwitch id={`${form.id}-locked`} defaultChecked={level?.isLocked ?? false} />
      </DialogBody>
      <DialogFooter>
        <DialogCancel />
        {level ? null : (
          <Button type="submit" name={SAVE_AND_ADD_ANOTHER} value="true" variant="outline" disabled={busy}>
            {catalogTexts.saveAndAddAnother}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {level ? "Update Level" : "Add Level"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
