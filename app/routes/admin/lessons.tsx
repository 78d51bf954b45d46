import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { Pager } from "#app/components/ui/pager.tsx";
import { IconUrlField } from "#app/components/admin/icon-url-field.tsx";
import { LanguageFilter, useShowLanguage } from "#app/components/admin/language-filter.tsx";
import { DeleteConfirmProvider, FormLockSwitch, cardClasses, useEditDialog } from "#app/components/admin/catalog-ui.tsx";
import { LessonGroup } from "#app/components/admin/lesson-group.tsx";
import { usePhraseTreeChoices } from "#app/components/admin/phrase-tree-choices.ts";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { SectionHeader } from "#app/components/admin/section-header.tsx";
import { useLeaveGuard } from "#app/lib/use-leave-guard.ts";
import { catalogTexts, catalogToasts, lessonSchema, SAVE_AND_ADD_ANOTHER, type AdminLanguage, type AdminLesson } from "#common/catalog-admin.ts";
import { seo } from "#app/lib/seo.ts";
import { catalogDeps, deleteThenClean, field, invalid, respond, withMedia, unknownIntent, type CatalogActionData } from "#server/admin/catalog-admin-actions.server.ts";
import {
  createLesson,
  deleteLesson,
  listAdminLanguages,
  listAdminLessons,
  hasLevels,
  listAdminLevels,
  moveLesson,
  pageOfLevels,
  pickFilter,
  reorderLessons,
  setLessonLock,
  updateLesson,
} from "#server/admin/catalog-admin.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/lessons";

const section = adminSection("/admin/lessons");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getRuntime(context).database;
  const languages = await listAdminLanguages(db);
  // The lessons of one language at a time (issue 10 point 8), and its levels only: the lesson form fetches another
  // language's levels when the admin picks it (every language's levels were a sixth of the page's time).
  const params = new URL(request.url).searchParams;
  const languageId = pickFilter(languages, params.get("language"));
  const levels = languageId ? await listAdminLevels(db, languageId) : [];
  // Whether any language has levels: without any, the tab asks for them first.
  const anyLevels = levels.length > 0 || (await hasLevels(db));
  // And one level of it (its first by default): a language's hundred lessons in one page were slow to render.
  const levelId = params.get("level") === "all" ? "all" : pickFilter(levels, params.get("level"));
  const lessons = languageId ? await listAdminLessons(db, languageId, levelId === "all" ? undefined : levelId) : [];
  if (levelId !== "all") return { languages, levels, anyLevels, languageId, levelId, lessons, page: 1, pages: 1 };
  // All levels: whole levels a page at a time, so a language with hundreds of lessons still renders quickly.
  const shown = pageOfLevels(
    levels.map((l) => l.id),
    lessons,
    Number.parseInt(params.get("page") ?? "1", 10),
  );
  return { languages, levels, anyLevels, languageId, levelId, lessons: shown.lessons, page: shown.page, pages: shown.pages };
}

/** A reorder names at most this many lessons; a level holds far fewer. */
const MAX_REORDER = 1000;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = catalogDeps(context, admin);
  const key = { languageId: field(formData, "keyLanguageId"), levelId: field(formData, "keyLevelId"), id: field(formData, "keyId") };
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: lessonSchema });
    if (submission.status !== "success") return invalid(submission);
    const value = submission.value;
    const icon = { field: "iconUrl", kind: "lessonIcon" } as const;
    return intent === "create"
      ? respond(context, withMedia(context, value, icon, (v) => createLesson(deps, v)), { success: catalogToasts.lessonAdded, failure: catalogToasts.lessonAddFailed }, submission)
      : respond(context, withMedia(context, value, icon, (v) => updateLesson(deps, key, v)), { success: catalogToasts.lessonUpdated, failure: catalogToasts.lessonUpdateFailed }, submission);
  }
  if (intent === "lock") {
    const locked = field(formData, "locked") === "true";
    return respond(context, () => setLessonLock(deps, key, locked), {
      success: locked ? catalogToasts.lessonLocked : catalogToasts.lessonUnlocked,
      failure: locked ? catalogToasts.lessonLockFailed : catalogToasts.lessonUnlockFailed,
    });
  }
  if (intent === "move") {
    const direction = field(formData, "direction") === "up" ? "up" : "down";
    return respond(context, () => moveLesson(deps, key, direction), {
      success: catalogToasts.lessonOrderUpdated,
      failure: catalogToasts.lessonOrderFailed,
    });
  }
  if (intent === "reorder") {
    const ids = formData.getAll("ids").filter((v): v is string => typeof v === "string").slice(0, MAX_REORDER);
    return respond(context, () => reorderLessons(deps, key.languageId, key.levelId, ids), {
      success: catalogToasts.lessonOrderUpdated,
      failure: catalogToasts.lessonOrderFailed,
    });
  }
  if (intent === "delete") {
    return respond(context, deleteThenClean(context, () => deleteLesson(deps, key)), { success: catalogToasts.lessonDeleted, failure: catalogToasts.lessonDeleteFailed });
  }
  return unknownIntent();
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminLessons({ loaderData }: Route.ComponentProps) {
  const { languages, levels, anyLevels, languageId, levelId, lessons, page, pages } = loaderData;
  const groups = languages
    .filter((language) => language.id === languageId)
    .flatMap((language) =>
      levels
        .filter((level) => level.languageId === language.id && (levelId === "all" || level.id === levelId))
        .map((level) => ({ language, level, lessons: lessons.filter((l) => l.levelId === level.id) }))
        .filter((group) => group.lessons.length > 0),
    );
  // Groups with a new order not saved yet: leaving the page (a tab, the filter, a page of levels) asks first.
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const onUnsavedChange = useCallback((group: string, isUnsaved: boolean) => {
    setUnsaved((previous) => {
      if (previous.has(group) === isUnsaved) return previous;
      const next = new Set(previous);
      if (isUnsaved) next.add(group);
      else next.delete(group);
      return next;
    });
  }, []);
  const blocker = useLeaveGuard(unsaved.size > 0);
  const editing = useEditDialog<AdminLesson>();
  return (
    <DeleteConfirmProvider>
      <div className="space-y-6">
        <SectionHeader section={section}>
          <AddLesson languages={languages} disabled={!anyLevels} />
        </SectionHeader>
        {!anyLevels ? (
          <p className={`${cardClasses} p-8 text-center text-muted`}>{catalogTexts.addLanguagesAndLevelsFirst}</p>
        ) : (
          <LanguageFilter
            label="Show the lessons of"
            languages={languages}
            value={languageId}
            levels={{ options: levels, value: levelId }}
          />
        )}
        {!anyLevels ? null : groups.length === 0 ? (
          <p className={`${cardClasses} p-8 text-center text-muted`}>{catalogTexts.noLessons}</p>
        ) : (
          groups.map(({ language, level, lessons: groupLessons }) => (
            <LessonGroup
              key={`${language.id}:${level.id}`}
              heading={`${language.name} - ${level.title}`}
              languageId={language.id}
              levelId={level.id}
              lessons={groupLessons}
              onEdit={editing.edit}
              onUnsavedChange={onUnsavedChange}
            />
          ))
        )}
        <Pager label="Pages of levels" page={page} pages={pages} />
        <ConfirmDialog
          open={blocker.state === "blocked"}
          onOpenChange={(open) => !open && blocker.reset?.()}
          title={catalogTexts.unsavedOrderTitle}
          description={catalogTexts.unsavedOrder}
          cancelLabel="Stay"
          confirmLabel="Leave"
          onConfirm={async () => blocker.proceed?.()}
        />
        {editing.item ? (
          <ModalDialog open={editing.open} onOpenChange={editing.onOpenChange} title="Edit Lesson" description="Change this lesson. Its ID cannot change.">
            <LessonForm
              key={`${editing.item.languageId}:${editing.item.levelId}:${editing.item.id}`}
              languages={languages}
              lesson={editing.item}
              preset={noPreset}
              onDone={() => editing.onOpenChange(false)}
            />
          </ModalDialog>
        ) : null}
      </div>
    </DeleteConfirmProvider>
  );
}

const noPreset = { languageId: "", levelId: "", again: false };

function AddLesson({ languages, disabled }: { languages: AdminLanguage[]; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  // The form starts in the language and level the page shows; "Save and add another" starts a fresh form (a new key)
  // in the language and level just used (issue 27).
  const shown = useLoaderData<typeof loader>();
  const [preset, setPreset] = useState({ round: 0, languageId: "", levelId: "", again: false });
  return (
    <>
      <Button
        onClick={() => {
          const levelId = shown.levelId === "all" ? "" : (shown.levelId ?? "");
          setPreset((p) => ({ round: p.round + 1, languageId: shown.languageId ?? "", levelId, again: false }));
          setOpen(true);
        }}
        disabled={disabled}
      >
        <Plus aria-hidden />
        Add New Lesson
      </Button>
      <ModalDialog open={open} onOpenChange={setOpen} title="Add New Lesson" description="Add a lesson to a level. It goes last in its level.">
        <LessonForm
          key={preset.round}
          languages={languages}
          preset={preset}
          onDone={() => setOpen(false)}
          onAnother={(languageId, levelId) => setPreset((p) => ({ round: p.round + 1, languageId, levelId, again: true }))}
        />
      </ModalDialog>
    </>
  );
}

function LessonForm({
  languages,
  lesson,
  preset,
  onDone,
  onAnother,
}: {
  languages: AdminLanguage[];
  lesson?: AdminLesson;
  /** Add: the language and level to start in; `again` after a "Save and add another" (the cursor waits in Lesson ID). */
  preset: { languageId: string; levelId: string; again: boolean };
  onDone: () => void;
  /** Saved with "Save and add another": the dialog stays open for the next lesson of that level. */
  onAnother?: (languageId: string, levelId: string) => void;
}) {
  const fetcher = useFetcher<CatalogActionData>();
  const [form, fields] = useForm({
    id: lesson ? `lesson-edit-${lesson.languageId}-${lesson.levelId}-${lesson.id}` : "lesson-add",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: lesson
      ? { id: lesson.id, title: lesson.title, translatedTitle: lesson.translatedTitle, iconUrl: lesson.iconUrl }
      : { id: "", title: "", translatedTitle: "", iconUrl: "" },
    // Checked on submit, every field at once: a check on leaving a field moved the submit button from under
    // the pointer, so the first click showed one message and sent nothing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lessonSchema }),
  });
  // The cascade of SPEC §4: a new language clears the level; levels are those of the chosen language.
  const [languageId, setLanguageId] = useState(lesson?.languageId ?? preset.languageId);
  const shown = useLoaderData<typeof loader>();
  // After "Save and add another" the level just used stays (the page may still be on its way to that language).
  const presetLevel = preset.again || (preset.languageId === shown.languageId && shown.levels.some((l) => l.id === preset.levelId));
  const [levelId, setLevelId] = useState(lesson?.levelId ?? (presetLevel ? preset.levelId : ""));
  // The page's language's levels came with it; another language's are fetched when the admin picks it.
  const onPage = languageId === shown.languageId;
  const fetchedLevels = usePhraseTreeChoices({ languageId: onPage ? "" : languageId, levelId: "" }).levels;
  const languageLevels = onPage ? shown.levels : fetchedLevels;
  const busy = fetcher.state !== "idle";
  const showLanguage = useShowLanguage({ language: shown.languageId, level: shown.levelId });
  const another = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      if (another.current) onAnother?.(languageId, levelId);
      else onDone();
      // A lesson added to another language or level is shown there; an edit leaves the page where it is (a lesson
      // moved elsewhere leaves the list, as it always has).
      if (!lesson) showLanguage(languageId, levelId);
    }
  }, [fetcher.state, fetcher.data, onDone, onAnother, showLanguage, languageId, levelId, lesson]);
  const selectProps = (f: typeof fields.languageId) => ({
    id: f.id,
    name: f.name,
    "aria-invalid": f.errors ? true : undefined,
    "aria-describedby": f.errors ? f.errorId : undefined,
    className: inputClasses,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmitCapture={(event) => (another.current = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === SAVE_AND_ADD_ANOTHER)}
      className={dialogFormClasses}
    >
      <DialogBody>
        <input type="hidden" name="intent" value={lesson ? "update" : "create"} />
        {lesson ? (
          <>
            <input type="hidden" name="keyLanguageId" value={lesson.languageId} />
            <input type="hidden" name="keyLevelId" value={lesson.levelId} />
            <input type="hidden" name="keyId" value={lesson.id} />
          </>
        ) : null}
        <FormField field={fields.languageId} label="Language">
          <select
            {...selectProps(fields.languageId)}
            value={languageId}
            onChange={(e) => {
              setLanguageId(e.currentTarget.value);
              setLevelId("");
            }}
          >
            <option value="">Select a language</option>
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.levelId} label="Level">
          <select {...selectProps(fields.levelId)} value={levelId} disabled={!languageId} onChange={(e) => setLevelId(e.currentTarget.value)}>
            <option value="">Select a level</option>
            {languageLevels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title} ({l.cefrLabel})
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.id} label="Lesson ID" hint={lesson ? undefined : "For example: greetings"}>
          <input
            {...getInputProps(fields.id, { type: "text" })}
            readOnly={Boolean(lesson)}
            autoComplete="off"
            autoFocus={preset.again}
            className={inputClasses}
          />
        </FormField>
        <FormField field={fields.title} label="Title">
          <input {...getInputProps(fields.title, { type: "text" })} autoComplete="off" className={inputClasses} />
        </FormField>
        <FormField field={fields.translatedTitle} label="Translated Title">
          <input {...getInputProps(fields.translatedTitle, { type: "text" })} autoComplete="off" className={inputClasses} />
        </FormField>
        <IconUrlField field={fields.iconUrl} kind="lessonIcon" defaultValue={lesson?.iconUrl ?? ""} />
        <FormLockSwitch id={`${form.id}-locked`} defaultChecked={lesson?.isLocked ?? false} />
      </DialogBody>
      <DialogFooter>
        <DialogCancel />
        {lesson ? null : (
          <Button type="submit" name={SAVE_AND_ADD_ANOTHER} value="true" variant="outline" disabled={busy}>
            {catalogTexts.saveAndAddAnother}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {lesson ? "Update Lesson" : "Add Lesson"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
