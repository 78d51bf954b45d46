import { ChevronDown, Pause, Pencil, Play, Plus } from "lucide-react";
import { Accordion } from "radix-ui";
import { createContext, use, useCallback, useMemo, useState } from "react";
import { data, Link } from "react-router";
import { PhraseDialog, type PhraseActionData, type PhraseDialogState } from "#app/components/admin/phrase-dialog.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { ADMIN_PLAYBACK_RATES, formatTime, getAudioController } from "#app/lib/audio/audio-controller.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { countLabel } from "#app/lib/catalog.ts";
import { cn } from "#app/lib/cn.ts";
import { phraseFormErrors, phraseFormFromData, phraseFormSchema, phraseText } from "#app/lib/phrase-form.ts";
import { seo } from "#app/lib/seo.ts";
import {
  addPhrases,
  generatePhraseAudio,
  PhraseGroupGoneError,
  PhraseInputError,
  phraseTree,
  updatePhraseGroup,
  type AdminAudioGroup,
  type AdminPhraseLanguage,
} from "#server/admin/phrases-admin.server.ts";
import { requireAdmin, toastHeaders } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { SpeechServiceError } from "#server/tts/text-to-speech.server.ts";
import type { Route } from "./+types/phrases";

const section = adminSection("/admin/phrases");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { catalog: await phraseTree(getRuntime(context).database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const { db } = runtime.database;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "generate-audio") {
    const text = String(formData.get("text") ?? "").trim();
    const languageId = String(formData.get("languageId") ?? "");
    if (!text) return data<PhraseActionData>({ ok: false, intent, message: phraseText.needTextForAudio }, { status: 400 });
    if (text.length > 1000) return data<PhraseActionData>({ ok: false, intent, message: "The text is too long" }, { status: 400 });
    try {
      const url = await generatePhraseAudio({ db, storage: runtime.storage, tts: runtime.tts }, { text, languageId });
      return data<PhraseActionData>({ ok: true, intent, url });
    } catch (error) {
      const known = error instanceof PhraseInputError || error instanceof SpeechServiceError;
      if (!known) runtime.logger.error("Generating audio failed", error);
      const message = known ? error.message : "The speech engine failed. Please try again.";
      return data<PhraseActionData>({ ok: false, intent, message }, { status: known ? 400 : 500 });
    }
  }

  if (intent === "add" || intent === "update") {
    const parsed = phraseFormSchema.safeParse(phraseFormFromData(formData));
    if (!parsed.success) return data<PhraseActionData>({ ok: false, intent, errors: phraseFormErrors(parsed.error) }, { status: 400 });
    const failure = intent === "add" ? phraseText.addFailed : phraseText.updateFailed;
    try {
      if (intent === "add") {
        const count = await addPhrases(db, runtime.events, parsed.data);
        return data<PhraseActionData>({ ok: true, intent }, { headers: toastHeaders(context, { type: "success", title: phraseText.added(count) }) });
      }
      const group = {
        languageId: String(formData.get("groupLanguageId") ?? ""),
        levelId: String(formData.get("groupLevelId") ?? ""),
        lessonId: String(formData.get("groupLessonId") ?? ""),
        audioUrl: String(formData.get("groupAudioUrl") ?? ""),
      };
      await updatePhraseGroup(db, runtime.events, group, parsed.data, { storage: runtime.storage, logger: runtime.logger });
      return data<PhraseActionData>({ ok: true, intent }, { headers: toastHeaders(context, { type: "success", title: phraseText.updated }) });
    } catch (error) {
      if (error instanceof PhraseInputError) {
        return data<PhraseActionData>({ ok: false, intent, errors: { [error.field]: error.message } }, { status: 400 });
      }
      const description = error instanceof PhraseGroupGoneError ? error.message : "Please try again.";
      if (!(error instanceof PhraseGroupGoneError)) runtime.logger.error(`${failure}`, error);
      return data<PhraseActionData>(
        { ok: false, intent, errors: {} },
        { status: error instanceof PhraseGroupGoneError ? 409 : 500, headers: toastHeaders(context, { type: "error", title: failure, description }) },
      );
    }
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

/** Which phrase shows its translation: one at a time across the whole page (SPEC §2). */
const ExpandedPhrase = createContext<{ expanded: string | null; toggle: (id: string) => void }>({ expanded: null, toggle: () => {} });

export default function AdminPhrases({ loaderData }: Route.ComponentProps) {
  const { catalog } = loaderData;
  const [dialog, setDialog] = useState<PhraseDialogState | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = useCallback((id: string) => setExpanded((current) => (current === id ? null : id)), []);
  const expandedValue = useMemo(() => ({ expanded, toggle }), [expanded, toggle]);
  const closeDialog = useCallback(() => setDialog(null), []);

  const hasLessons = catalog.some((language) => language.levels.some((level) => level.lessons.length > 0));
  const hasPhrases = catalog.some((language) => language.levels.some((level) => level.lessons.some((lesson) => lesson.groups.length > 0)));

  const openAdd = () => setDialog({ mode: "add", selection: { languageId: "", levelId: "", lessonId: "" }, audioUrl: "", rows: [] });
  const openEdit = (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) =>
    setDialog({
      mode: "edit",
      selection: { languageId, levelId, lessonId },
      audioUrl: group.audioUrl,
      rows: group.phrases.map(({ originalText, translatedText }) => ({ originalText, translatedText })),
      group: { languageId, levelId, lessonId, audioUrl: group.audioUrl },
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-ink">{section.title}</h1>
          <p className="mt-1 text-muted">{section.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/phrases/without-audio">Phrases without audio</Link>
          </Button>
          <Button type="button" onClick={openAdd} disabled={!hasLessons}>
            <Plus aria-hidden />
            Add Phrases
          </Button>
        </div>
      </div>
      {!hasLessons ? (
        <EmptyCard text={phraseText.noLessons} />
      ) : (
        <ExpandedPhrase value={expandedValue}>
          {!hasPhrases ? <EmptyCard text={phraseText.noPhrases} /> : null}
          <PhraseAccordions catalog={catalog} onEdit={openEdit} />
        </ExpandedPhrase>
      )}
      <PhraseDialog state={dialog} catalog={catalog} onClose={closeDialog} />
    </div>
  );
}

function EmptyCard({ text }: { text: string }) {
  return <p className="rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-white p-6 text-center font-medium text-ink">{text}</p>;
}

const triggerClasses =
  "group/trigger flex w-full min-h-12 items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-ink transition-colors hover:bg-brand-50/70 focus-visible:-outline-offset-3";

function Chevron() {
  return <ChevronDown className="size-5 shrink-0 text-brand-700 transition-transform group-data-[state=open]/trigger:rotate-180" aria-hidden />;
}

function PhraseAccordions({
  catalog,
  onEdit,
}: {
  catalog: AdminPhraseLanguage[];
  onEdit: (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) => void;
}) {
  return (
    <Accordion.Root type="multiple" className="space-y-3">
      {catalog.map((language) => {
        const phraseCount = language.levels.reduce((n, l) => n + l.lessons.reduce((m, s) => m + s.groups.reduce((k, g) => k + g.phrases.length, 0), 0), 0);
        return (
          <Accordion.Item key={language.id} value={language.id} className="overflow-hidden rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]">
            <Accordion.Header className="m-0">
              <Accordion.Trigger className={cn(triggerClasses, "text-lg")}>
                <span>
                  {language.name} <span className="text-sm font-medium text-muted">({countLabel(phraseCount, "phrase")})</span>
                </span>
                <Chevron />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="border-t border-brand-100 p-2 sm:p-3">
              {language.levels.length === 0 ? <p className="px-3 py-2 text-sm text-muted">No levels found for this language.</p> : null}
              <Accordion.Root type="multiple" className="space-y-2">
                {language.levels.map((level) => (
                  <Accordion.Item key={level.id} value={level.id} className="rounded-2xl border border-brand-100">
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
                      {level.lessons.length === 0 ? <p className="px-3 py-2 text-sm text-muted">No lessons in this level.</p> : null}
                      <Accordion.Root type="multiple" className="space-y-2">
                        {level.lessons.map((lesson) => (
                          <Accordion.Item key={lesson.id} value={lesson.id} className="rounded-xl border border-brand-100 bg-brand-50/30">
                            <Accordion.Header className="m-0">
                              <Accordion.Trigger className={cn(triggerClasses, "text-[0.95rem]")}>
                                <span>
                                  {lesson.title}{" "}
                                  <span className="text-sm font-medium text-muted">({countLabel(lesson.groups.length, "audio group")})</span>
                                </span>
                                <Chevron />
                              </Accordion.Trigger>
                            </Accordion.Header>
                            <Accordion.Content className="space-y-3 p-2 sm:p-3">
                              {lesson.groups.length === 0 ? <p className="px-2 text-sm text-muted">No phrases in this lesson yet.</p> : null}
                              {lesson.groups.map((group, index) => (
                                <AudioGroupCard
                                  key={group.audioUrl}
                                  audioKey={`admin-group:${language.id}/${level.id}/${lesson.id}/${index}`}
                                  number={index + 1}
                                  group={group}
                                  onEdit={() => onEdit(language.id, level.id, lesson.id, group)}
                                />
                              ))}
                            </Accordion.Content>
                          </Accordion.Item>
                        ))}
                      </Accordion.Root>
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Accordion.Content>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}

function AudioGroupCard({ audioKey, number, group, onEdit }: { audioKey: string; number: number; group: AdminAudioGroup; onEdit: () => void }) {
  const player = useAudioPlayer(audioKey, group.audioUrl, { preload: "none" });
  const { expanded, toggle } = use(ExpandedPhrase);
  const title = `Audio Group ${number} (${countLabel(group.phrases.length, "phrase")})`;
  const percent = player.duration > 0 ? Math.min(100, (player.currentTime / player.duration) * 100) : 0;

  async function togglePlay() {
    const started = await player.toggle();
    if (!started && getAudioController().getState(audioKey).error) notify({ id: "phrase-play", type: "error", title: phraseText.playFailed });
  }

  return (
    <section aria-label={title} className="rounded-xl border border-brand-100 bg-white p-3 sm:p-4" data-audio-group>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="icon" className="size-11" onClick={() => void togglePlay()} aria-label={player.playing ? `Pause ${title}` : `Play ${title}`}>
          {player.playing ? <Pause className="fill-current" aria-hidden /> : <Play className="translate-x-px fill-current" aria-hidden />}
        </Button>
        <h3 className="min-w-0 flex-1 font-semibold text-ink">{title}</h3>
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
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
          const open = expanded === phrase.id;
          return (
            <li key={phrase.id}>
              <button
                type="button"
                aria-expanded={open}
                onClick={() => toggle(phrase.id)}
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
