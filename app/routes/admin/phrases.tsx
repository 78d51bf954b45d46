import { ChevronDown, FileUp, LoaderCircle, Pause, Pencil, Play, Plus, Search, X } from "lucide-react";
import { Accordion } from "radix-ui";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { DeleteButton, DeleteConfirmProvider } from "#app/components/admin/catalog-ui.tsx";
import { CueBackfill } from "#app/components/admin/cue-backfill.tsx";
import { EditGroupButton, type OnEditGroup } from "#app/components/admin/edit-group-button.tsx";
import { Pager } from "#app/components/ui/pager.tsx";
import { phraseTreeHref } from "#app/components/admin/phrase-tree-choices.ts";
import { PhraseImportDialog } from "#app/components/admin/phrase-import-dialog.tsx";
import { PhraseDialog, type PhraseActionData, type PhraseDialogState } from "#app/components/admin/phrase-dialog.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { inputClasses } from "#app/components/ui/form-field.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { SectionHeader } from "#app/components/admin/section-header.tsx";
import { getAudioController } from "#app/lib/audio/audio-controller.ts";
import { ADMIN_PLAYBACK_RATES, formatTime } from "#app/lib/audio/audio-state.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { countLabel } from "#common/catalog.ts";
import { cn } from "#app/lib/cn.ts";
import { phraseImportText } from "#common/phrase-import.ts";
import { PHRASE_SEARCH, phraseFormErrors, phraseFormFromData, phraseFormSchema, phraseText } from "#common/phrase-form.ts";
import type { AdminAudioGroup, AdminPhraseLanguage, AdminPhraseLesson, AdminPhraseLevel } from "#common/phrases-admin.ts";
import type { CatalogSelection } from "#app/components/admin/catalog-select.tsx";
import { seo } from "#app/lib/seo.ts";
import { useSearchHref } from "#app/lib/use-search-href.ts";
import {
  addPhrases,
  deletePhraseGroup,
  generateGroupSpeech,
  generatePhraseAudio,
  LessonGoneError,
  PhraseGroupGoneError,
  PhraseInputError,
  phraseLanguages,
  searchPhrases,
  updatePhraseGroup,
  type PhraseSearchHit,
  type PhraseSearchResult,
} from "#server/admin/phrases-admin.server.ts";
import { MediaImportRefused } from "#server/uploads/media-import.server.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { requireAdmin, toastHeaders } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { SpeechServiceError } from "#server/tts/text-to-speech.server.ts";
import type { PhraseTreeData } from "./phrase-tree.ts";
import type { Route } from "./+types/phrases";

const section = adminSection("/admin/phrases");

/** The audio group an edit or a delete is about, as its lesson and audio URL when the page showed it. */
function groupKeyFrom(formData: FormData) {
  return {
    languageId: String(formData.get("groupLanguageId") ?? ""),
    levelId: String(formData.get("groupLevelId") ?? ""),
    lessonId: String(formData.get("groupLessonId") ?? ""),
    audioUrl: String(formData.get("groupAudioUrl") ?? ""),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getRuntime(context).database;
  const params = new URL(request.url).searchParams;
  // The page holds the languages only; each accordion loads its children from /admin/phrases/tree when it opens.
  const query = (params.get("q") ?? "").trim().slice(0, PHRASE_SEARCH.maxLength);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const [catalog, search] = await Promise.all([phraseLanguages(db), query ? searchPhrases(db, query, page) : null]);
  return { ...catalog, search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const { db } = runtime.database;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const speech = { db, storage: runtime.storage, tts: runtime.tts };
  const changes = changeRecorder(runtime.env, { userId: admin.id, email: admin.email });
  /** Speech made for the dialog, or the refusal its failure toast shows (the engine's own words when they are for the admin). */
  async function speaking(intent: "generate-audio" | "generate-group-audio", work: () => Promise<PhraseActionData>) {
    try {
      return data<PhraseActionData>(await work());
    } catch (error) {
      const known = error instanceof PhraseInputError || error instanceof SpeechServiceError;
      if (!known) runtime.logger.error("Generating audio failed", error);
      const message = known ? error.message : "The speech engine failed. Please try again.";
      return data<PhraseActionData>({ ok: false, intent, message }, { status: known ? 400 : 500 });
    }
  }

  if (intent === "generate-audio") {
    const text = String(formData.get("text") ?? "").trim();
    const languageId = String(formData.get("languageId") ?? "");
    if (!text) return data<PhraseActionData>({ ok: false, intent, message: phraseText.needTextForAudio }, { status: 400 });
    return speaking(intent, async () => ({ ok: true, intent, url: await generatePhraseAudio(speech, { text, languageId }) }));
  }

  if (intent === "generate-group-audio") {
    // Every row's original text, in order (the dialog sends the rows that have one); each gets a cue in the answer.
    const texts = formData.getAll("text").map((text) => String(text).trim());
    const languageId = String(formData.get("languageId") ?? "");
    if (texts.length === 0 || texts.some((text) => text === "")) {
      return data<PhraseActionData>({ ok: false, intent, message: phraseText.needTextForAudio }, { status: 400 });
    }
    return speaking(intent, async () => ({ ok: true, intent, ...(await generateGroupSpeech(speech, { texts, languageId })) }));
  }

  if (intent === "delete") {
    const group = groupKeyFrom(formData);
    const writer = { db, events: runtime.events, storage: runtime.storage, logger: runtime.logger, changes };
    try {
      const count = await deletePhraseGroup(writer, group);
      return data({ ok: true, intent }, { headers: toastHeaders(context, { type: "success", title: phraseText.groupDeleted(count) }) });
    } catch (error) {
      if (!(error instanceof PhraseGroupGoneError)) throw error;
      return data(
        { ok: false, intent },
        { status: 409, headers: toastHeaders(context, { type: "error", title: phraseText.groupDeleteFailed, description: error.message }) },
      );
    }
  }

  if (intent === "add" || intent === "update") {
    const parsed = phraseFormSchema.safeParse(phraseFormFromData(formData));
    if (!parsed.success) return data<PhraseActionData>({ ok: false, intent, errors: phraseFormErrors(parsed.error) }, { status: 400 });
    const failure = intent === "add" ? phraseText.addFailed : phraseText.updateFailed;
    // An outside audio address is copied into storage first (docs/decisions/009-outside-media-addresses.md).
    let audio;
    try {
      audio = await runtime.media.resolve("audio", parsed.data.audioUrl);
    } catch (error) {
      if (!(error instanceof MediaImportRefused)) throw error;
      return data<PhraseActionData>({ ok: false, intent, errors: { audioUrl: error.message } }, { status: 400 });
    }
    const value = { ...parsed.data, audioUrl: audio.url };
    const writer = { db, events: runtime.events, storage: runtime.storage, logger: runtime.logger, readings: runtime.readings, changes };
    try {
      if (intent === "add") {
        const count = await addPhrases(writer, value);
        return data<PhraseActionData>({ ok: true, intent }, { headers: toastHeaders(context, { type: "success", title: phraseText.added(count) }) });
      }
      await updatePhraseGroup(writer, groupKeyFrom(formData), value);
      return data<PhraseActionData>({ ok: true, intent }, { headers: toastHeaders(context, { type: "success", title: phraseText.updated }) });
    } catch (error) {
      await runtime.media.discard(audio);
      if (error instanceof PhraseInputError) {
        return data<PhraseActionData>({ ok: false, intent, errors: { [error.field]: error.message } }, { status: 400 });
      }
      // Another admin changed or deleted what this form writes to: a conflict to reload, not a failure of ours.
      const gone = error instanceof PhraseGroupGoneError || error instanceof LessonGoneError;
      const description = gone ? error.message : "Please try again.";
      if (!gone) runtime.logger.error(`${failure}`, error);
      return data<PhraseActionData>(
        { ok: false, intent, errors: {} },
        { status: gone ? 409 : 500, headers: toastHeaders(context, { type: "error", title: failure, description }) },
      );
    }
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

/**
 * Which phrase shows its translation: one at a time across the whole page (SPEC §2). It is known by its id and its
 * text: an edit rewrites a group's rows by position (SPEC §7), so when a row above it is removed the phrase moves to
 * another id, and its text finds it again.
 */
type OpenPhrase = { id: string; originalText: string; audioUrl: string };
const ExpandedPhrase = createContext<{ expanded: OpenPhrase | null; toggle: (phrase: OpenPhrase, open: boolean) => void }>({
  expanded: null,
  toggle: () => {},
});

/** The phrase of a group that shows its translation, if any. */
function openPhraseId(group: AdminAudioGroup, expanded: OpenPhrase | null) {
  if (!expanded) return null;
  const { phrases } = group;
  if (phrases.some((p) => p.id === expanded.id && p.originalText === expanded.originalText)) return expanded.id;
  // Moved to another row by the edit: the same text in the same group.
  const moved = group.audioUrl === expanded.audioUrl ? phrases.find((p) => p.originalText === expanded.originalText) : undefined;
  if (moved) return moved.id;
  // Its own text was edited: the same row.
  return phrases.some((p) => p.id === expanded.id) ? expanded.id : null;
}

export default function AdminPhrases({ loaderData }: Route.ComponentProps) {
  const { languages, hasLessons, hasPhrases, search } = loaderData;
  const [dialog, setDialog] = useState<PhraseDialogState | null>(null);
  const [expanded, setExpanded] = useState<OpenPhrase | null>(null);
  const toggle = useCallback((phrase: OpenPhrase, open: boolean) => setExpanded(open ? null : phrase), []);
  const expandedValue = useMemo(() => ({ expanded, toggle }), [expanded, toggle]);
  const closeDialog = useCallback(() => setDialog(null), []);

  // Add starts in the lesson (or level, or language) the admin last opened below; "Save and add another" keeps the
  // lesson it saved to (issue 27).
  const lookingAt = useRef<CatalogSelection>(nothingChosen);
  const look = useCallback((selection: CatalogSelection) => (lookingAt.current = selection), []);
  const [importing, setImporting] = useState<CatalogSelection | null>(null);
  const openImport = () => setImporting(lookingAt.current);
  const closeImport = useCallback(() => setImporting(null), []);
  const openAdd = () => setDialog({ mode: "add", selection: lookingAt.current, audioUrl: "", rows: [] });
  const addAnother = useCallback(
    (selection: CatalogSelection) => setDialog((current) => ({ mode: "add", selection, audioUrl: "", rows: [], round: (current?.round ?? 0) + 1 })),
    [],
  );
  const openEdit = useCallback(
    (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) =>
      setDialog({
        mode: "edit",
        selection: { languageId, levelId, lessonId },
        audioUrl: group.audioUrl,
        rows: group.phrases.map(({ id: _id, reading, ...row }) => ({ ...row, reading: reading ?? "" })),
        group: { languageId, levelId, lessonId, audioUrl: group.audioUrl },
      }),
    [],
  );

  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/phrases/without-audio">Phrases without audio</Link>
          </Button>
          <Button type="button" variant="outline" onClick={openImport} disabled={!hasLessons}>
            <FileUp aria-hidden />
            {phraseImportText.button}
          </Button>
          <Button type="button" onClick={openAdd} disabled={!hasLessons}>
            <Plus aria-hidden />
            Add Phrases
          </Button>
        </div>
      </SectionHeader>
      {hasPhrases ? <CueBackfill onEdit={openEdit} /> : null}
      {!hasLessons ? (
        <EmptyCard text={phraseText.noLessons} />
      ) : (
        <DeleteConfirmProvider>
          <ExpandedPhrase value={expandedValue}>
            {hasPhrases ? <PhraseSearch search={search} onEdit={openEdit} /> : null}
            {search ? null : (
              <>
                {!hasPhrases ? <EmptyCard text={phraseText.noPhrases} /> : null}
                <LookingAt value={look}>
                  <PhraseAccordions languages={languages} onEdit={openEdit} />
                </LookingAt>
              </>
            )}
          </ExpandedPhrase>
        </DeleteConfirmProvider>
      )}
      <PhraseDialog state={dialog} languages={languages} onClose={closeDialog} onAnother={addAnother} />
      <PhraseImportDialog open={importing !== null} languages={languages} selection={importing ?? nothingChosen} onClose={closeImport} />
    </div>
  );
}

type OnEdit = OnEditGroup;

function EmptyCard({ text }: { text: string }) {
  return <p className="rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-white p-6 text-center font-medium text-ink">{text}</p>;
}

/** The search's own texts: SPEC §2 has none for it (README "Admin at scale"). */
const searchText = {
  label: "Search phrases",
  placeholder: "Original or translated text",
  tooShort: `Type at least ${PHRASE_SEARCH.minLength} characters to search.`,
  none: (query: string) => `No phrases match “${query}”. Try another word, or clear the search.`,
  found: (total: number, capped: boolean) =>
    capped ? `More than ${total.toLocaleString("en-US")} phrases found: showing the first ${total.toLocaleString("en-US")}. Add a word to narrow the search.` : `${countLabel(total, "phrase")} found`,
};

/** A link to this page with the search parameters changed (null removes one). */
function PhraseSearch({ search, onEdit }: { search: PhraseSearchResult | null; onEdit: OnEdit }) {
  const href = useSearchHref();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/phrases";
  return (
    <section aria-label="Phrase search" className="space-y-4">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2" aria-busy={searching || undefined}>
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor="phrase-search" className="mb-1.5 block text-sm font-semibold text-ink">
            {searchText.label}
          </label>
          <input
            id="phrase-search"
            key={search?.query ?? ""}
            type="search"
            name="q"
            defaultValue={search?.query ?? ""}
            maxLength={PHRASE_SEARCH.maxLength}
            placeholder={searchText.placeholder}
            autoComplete="off"
            className={inputClasses}
          />
        </div>
        <Button type="submit" disabled={searching}>
          {searching ? <LoaderCircle className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          Search
        </Button>
        {search ? (
          <Link to={href({ q: null, page: null })} className={cn(buttonClasses("ghost"), "min-h-12")}>
            <X aria-hidden />
            Clear search
          </Link>
        ) : null}
      </Form>
      {search ? <SearchResults search={search} onEdit={onEdit} /> : null}
    </section>
  );
}

function SearchResults({ search, onEdit }: { search: PhraseSearchResult; onEdit: OnEdit }) {
  if (search.query.length < PHRASE_SEARCH.minLength) return <EmptyCard text={searchText.tooShort} />;
  if (search.total === 0) return <EmptyCard text={searchText.none(search.query)} />;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-muted">
        {searchText.found(search.total, search.capped)}
      </p>
      <ul className="divide-y divide-brand-100 overflow-hidden rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]">
        {search.hits.map((hit) => (
          <SearchHit key={hit.id} hit={hit} onEdit={onEdit} />
        ))}
      </ul>
      <Pager label="Pages of phrases" page={search.page} pages={search.pages} preventScrollReset />
    </div>
  );
}

/** A search result: where it lives, and an Edit button that loads its lesson's groups and opens its group. */
function SearchHit({ hit, onEdit }: { hit: PhraseSearchHit; onEdit: OnEdit }) {
  const where = `${hit.language.name} › ${hit.level.title} (${hit.level.cefrLabel}) › ${hit.lesson.title}`;
  return (
    <li className="flex flex-wrap items-start gap-3 px-4 py-3" data-search-hit>
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium break-words text-ink">{hit.originalText}</p>
        <p className="break-words text-muted">{hit.translatedText}</p>
        <p className="mt-1 text-xs font-semibold text-brand-800">{where}</p>
      </div>
      <EditGroupButton
        lesson={{ languageId: hit.language.id, levelId: hit.level.id, lessonId: hit.lesson.id }}
        find={(g) => g.phrases.some((p) => p.id === hit.id)}
        onEdit={onEdit}
        gone={{ id: "phrase-search-gone", title: "This phrase no longer exists. Search again to see the current phrases." }}
        // Starts with the visible text (label in name), then says which phrase's group.
        label={`Edit group of “${hit.originalText}”`}
      >
        Edit group
      </EditGroupButton>
    </li>
  );
}

const triggerClasses =
  "group/trigger flex w-full min-h-12 items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-ink transition-colors hover:bg-brand-50/70 focus-visible:-outline-offset-3";

function Chevron() {
  return <ChevronDown className="size-5 shrink-0 text-brand-700 transition-transform group-data-[state=open]/trigger:rotate-180" aria-hidden />;
}

/**
 * Loads a node's children the first time it opens. Loaded fetchers are revalidated after every action, so an open
 * accordion shows an add or an edit without a reload.
 */
function useChildren(open: boolean, href: string) {
  const fetcher = useFetcher<PhraseTreeData>();
  const requested = useRef(false);
  const { load } = fetcher;
  useEffect(() => {
    if (!open || requested.current) return;
    requested.current = true;
    void load(href);
  }, [open, href, load]);
  return fetcher.data;
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      Loading...
    </p>
  );
}

const nothingChosen: CatalogSelection = { languageId: "", levelId: "", lessonId: "" };
const LookingAt = createContext<(selection: CatalogSelection) => void>(() => {});

/** Tells the page which accordion was opened last (its parent again when it closes): where Add Phrases starts. */
function useLooking(open: boolean, here: CatalogSelection, parent: CatalogSelection) {
  const look = use(LookingAt);
  const wasOpen = useRef(open);
  const { languageId, levelId, lessonId } = here;
  useEffect(() => {
    if (open !== wasOpen.current) look(open ? { languageId, levelId, lessonId } : parent);
    wasOpen.current = open;
    // `parent` is derived from `here`'s ids: these three say when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, look, languageId, levelId, lessonId]);
}

function PhraseAccordions({ languages, onEdit }: { languages: AdminPhraseLanguage[]; onEdit: OnEdit }) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="space-y-3">
      {languages.map((language) => (
        <LanguageItem key={language.id} language={language} open={open.includes(language.id)} onEdit={onEdit} />
      ))}
    </Accordion.Root>
  );
}

function LanguageItem({ language, open, onEdit }: { language: AdminPhraseLanguage; open: boolean; onEdit: OnEdit }) {
  useLooking(open, { languageId: language.id, levelId: "", lessonId: "" }, nothingChosen);
  const result = useChildren(open, phraseTreeHref(language.id));
  const levels = result?.kind === "levels" ? result.levels : null;
  const [openLevels, setOpenLevels] = useState<string[]>([]);
  return (
    <Accordion.Item value={language.id} className="overflow-hidden rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]">
      <Accordion.Header className="m-0">
        <Accordion.Trigger className={cn(triggerClasses, "text-lg")}>
          <span>
            {language.name} <span className="text-sm font-medium text-muted">({countLabel(language.levelCount, "level")})</span>
          </span>
          <Chevron />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="border-t border-brand-100 p-2 sm:p-3">
        {levels === null ? <Loading /> : null}
        {levels?.length === 0 ? <p className="px-3 py-2 text-sm text-muted">No levels found for this language.</p> : null}
        <Accordion.Root type="multiple" value={openLevels} onValueChange={setOpenLevels} className="space-y-2">
          {(levels ?? []).map((level) => (
            <LevelItem key={level.id} languageId={language.id} level={level} open={openLevels.includes(level.id)} onEdit={onEdit} />
          ))}
        </Accordion.Root>
      </Accordion.Content>
    </Accordion.Item>
  );
}

function LevelItem({ languageId, level, open, onEdit }: { languageId: string; level: AdminPhraseLevel; open: boolean; onEdit: OnEdit }) {
  useLooking(open, { languageId, levelId: level.id, lessonId: "" }, { languageId, levelId: "", lessonId: "" });
  const result = useChildren(open, phraseTreeHref(languageId, level.id));
  const lessons = result?.kind === "lessons" ? result.lessons : null;
  const [openLessons, setOpenLessons] = useState<string[]>([]);
  return (
    <Accordion.Item value={level.id} className="rounded-2xl border border-brand-100">
      <Accordion.Header className="m-0">
        <Accordion.Trigger className={triggerClasses}>
          <span className="flex flex-wrap items-center gap-2">
            {level.title}
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800">{level.cefrLabel}</span>
          </span>
          <Chevron />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="border-t border-brand-100 p-2">
        {lessons === null ? <Loading /> : null}
        {lessons?.length === 0 ? <p className="px-3 py-2 text-sm text-muted">No lessons in this level.</p> : null}
        <Accordion.Root type="multiple" value={openLessons} onValueChange={setOpenLessons} className="space-y-2">
          {(lessons ?? []).map((lesson) => (
            <LessonItem
              key={lesson.id}
              languageId={languageId}
              levelId={level.id}
              lesson={lesson}
              open={openLessons.includes(lesson.id)}
              onEdit={onEdit}
            />
          ))}
        </Accordion.Root>
      </Accordion.Content>
    </Accordion.Item>
  );
}

function LessonItem({
  languageId,
  levelId,
  lesson,
  open,
  onEdit,
}: {
  languageId: string;
  levelId: string;
  lesson: AdminPhraseLesson;
  open: boolean;
  onEdit: OnEdit;
}) {
  useLooking(open, { languageId, levelId, lessonId: lesson.id }, { languageId, levelId, lessonId: "" });
  const result = useChildren(open, phraseTreeHref(languageId, levelId, lesson.id));
  const groups = result?.kind === "groups" ? result.groups : null;
  return (
    <Accordion.Item value={lesson.id} className="rounded-xl border border-brand-100 bg-brand-50/30">
      <Accordion.Header className="m-0">
        <Accordion.Trigger className={cn(triggerClasses, "text-[0.95rem]")}>
          <span>
            {lesson.title} <span className="text-sm font-medium text-muted">({countLabel(lesson.groupCount, "audio group")})</span>
          </span>
          <Chevron />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="space-y-3 p-2 sm:p-3">
        {groups === null ? <Loading /> : null}
        {groups?.length === 0 ? <p className="px-2 text-sm text-muted">No phrases in this lesson yet.</p> : null}
        {(groups ?? []).map((group, index) => (
          <AudioGroupCard
            key={group.audioUrl}
            audioKey={`admin-group:${languageId}/${levelId}/${lesson.id}/${index}`}
            number={index + 1}
            group={group}
            onEdit={() => onEdit(languageId, levelId, lesson.id, group)}
            deleteFields={{ groupLanguageId: languageId, groupLevelId: levelId, groupLessonId: lesson.id, groupAudioUrl: group.audioUrl }}
          />
        ))}
      </Accordion.Content>
    </Accordion.Item>
  );
}

function AudioGroupCard({
  audioKey,
  number,
  group,
  onEdit,
  deleteFields,
}: {
  audioKey: string;
  number: number;
  group: AdminAudioGroup;
  onEdit: () => void;
  /** The group's key as the delete action reads it. */
  deleteFields: Record<string, string>;
}) {
  const player = useAudioPlayer(audioKey, group.audioUrl, { preload: "none" });
  const { expanded, toggle } = use(ExpandedPhrase);
  const openId = openPhraseId(group, expanded);
  const title = `Audio Group ${number} (${countLabel(group.phrases.length, "phrase")})`;
  const percent = player.duration > 0 ? Math.min(100, (player.currentTime / player.duration) * 100) : 0;

  async function togglePlay() {
    const started = await player.toggle();
    if (!started && getAudioController().getState(audioKey).error) notify({ id: "phrase-play", type: "error", title: phraseText.playFailed });
  }

  return (
    <section aria-label={title} className="rounded-xl border border-brand-100 bg-white p-3 sm:p-4" data-audio-group>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="iconMd" onClick={() => void togglePlay()} aria-label={player.playing ? `Pause ${title}` : `Play ${title}`}>
          {player.playing ? <Pause className="fill-current" aria-hidden /> : <Play className="translate-x-px fill-current" aria-hidden />}
        </Button>
        <h3 className="min-w-0 grow basis-40 font-semibold text-ink">{title}</h3>
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <DeleteButton label={`Delete ${title}`} title={`Delete ${title}?`} warning={phraseText.groupDeleteWarning(group.phrases.length)} fields={deleteFields} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <div
          role="progressbar"
          aria-label={`${title} progress`}
          aria-valuemin={0}
          aria-valuemax={Math.round(player.duration) || 0}
          aria-valuenow={Math.round(player.currentTime)}
          aria-valuetext={`${formatTime(player.currentTime)} of ${formatTime(player.duration)}`}
          className="h-2 min-w-32 flex-1 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-xs text-muted tabular-nums">
          {formatTime(player.currentTime)} / {formatTime(player.duration)}
        </span>
        <div role="group" aria-label="Playback speed" className="flex gap-1">
          {ADMIN_PLAYBACK_RATES.map((rate) => (
            <button
              key={rate}
              type="button"
              aria-pressed={player.rate === rate}
              onClick={() => player.setRate(rate, { restart: true })}
              className={cn(
                "min-h-9 min-w-11 rounded-full border px-2 text-sm font-semibold transition-colors",
                player.rate === rate ? "border-brand-700 bg-brand-700 text-white" : "border-brand-200 bg-white text-brand-800 hover:bg-brand-50",
              )}
            >
              {rate}x
            </button>
          ))}
        </div>
      </div>
      <ul className="mt-3 max-h-96 divide-y divide-brand-100 overflow-y-auto rounded-lg border border-brand-100">
        {group.phrases.map((phrase) => {
          const open = openId === phrase.id;
          return (
            <li key={phrase.id}>
              <button
                type="button"
                aria-expanded={open}
                onClick={() => toggle({ id: phrase.id, originalText: phrase.originalText, audioUrl: group.audioUrl }, open)}
                className="block w-full px-3 py-2.5 text-left hover:bg-brand-50/70 focus-visible:-outline-offset-3"
              >
                <span className="block font-medium break-words text-ink">{phrase.originalText}</span>
                {open ? <span className="mt-0.5 block break-words text-muted">{phrase.translatedText}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
