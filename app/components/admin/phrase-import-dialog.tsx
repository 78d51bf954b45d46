import { FileUp, RotateCcw, Square } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { askNext, BatchProgress, postJson, useBatchRun, type BatchProgressText } from "#app/components/admin/batch-run.tsx";
import { CatalogSelect, type CatalogSelection } from "#app/components/admin/catalog-select.tsx";
import { useLazyCatalog, type LanguageOption } from "#app/components/admin/phrase-tree-choices.ts";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { FieldError, textareaClasses } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";
import {
  AUDIO_BACKFILL_API,
  backfillKey,
  backfillProgressText,
  backfillText,
  MAX_SKIPPED,
  type BackfillAnswer,
  type BackfillGroup,
} from "#common/audio-backfill.ts";
import { phraseText } from "#common/phrase-form.ts";
import {
  PHRASE_IMPORT_AUDIO,
  PHRASE_IMPORT_MAX_BYTES,
  PHRASE_IMPORT_PATH,
  phraseImportText as text,
  type PhraseImportAnswer,
  type PhraseImportAudio,
} from "#common/phrase-import.ts";

/**
 * "Import phrases" (issue 27 point 1): paste or upload rows, see every row the server could not take with its reason
 * before anything is saved, import them in one transaction, then generate their audio here, one planned group per
 * request (the audio backfill's loop, for this lesson only). Closing the dialog stops the loop; what is left stays
 * under "Phrases without audio", grouped as planned, to resume there.
 */
export function PhraseImportDialog({
  open,
  languages,
  selection,
  onClose,
}: {
  open: boolean;
  languages: LanguageOption[];
  /** Where the admin was looking (issue 27 point 2): the lesson it starts in. */
  selection: CatalogSelection;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())} title={text.title} description={text.description} width="xl" closeDisabled={busy}>
      {open ? <ImportSteps languages={languages} initial={selection} onBusy={setBusy} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

type Check = Extract<PhraseImportAnswer, { intent: "check" }> & { text: string };

/** A form post that answers JSON; a failure of the network or an answer that is not JSON becomes `{ error }`. */
async function postForm(body: FormData): Promise<PhraseImportAnswer> {
  try {
    const response = await fetch(PHRASE_IMPORT_PATH, { method: "POST", body, headers: { Accept: "application/json" } });
    return ((await response.json().catch(() => null)) as PhraseImportAnswer | null) ?? { error: `The server answered ${response.status}.` };
  } catch {
    return { error: text.failed };
  }
}

function ImportSteps({
  languages,
  initial,
  onBusy,
  onClose,
}: {
  languages: LanguageOption[];
  initial: CatalogSelection;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [selection, setSelection] = useState(initial);
  const catalog = useLazyCatalog(languages, selection);
  const [rows, setRows] = useState("");
  const [audio, setAudio] = useState<PhraseImportAudio>("groups");
  const [check, setCheck] = useState<Check | null>(null);
  const [sending, setSending] = useState<"check" | "import" | null>(null);
  const [errors, setErrors] = useState<{ lessonId?: string; rows?: string }>({});
  const [imported, setImported] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const lesson = useRef(selection);
  const generation = useGenerateLesson(lesson);

  const checked = check !== null && check.text === rows;
  const ready = checked && check.ok;

  async function send(intent: "check" | "import") {
    const body = new FormData();
    body.set("intent", intent);
    body.set("text", rows);
    body.set("audio", audio);
    for (const [name, value] of Object.entries(selection)) body.set(name, value);
    setSending(intent);
    onBusy(true);
    const answer = await postForm(body).finally(() => {
      setSending(null);
      onBusy(false);
    });
    if ("error" in answer && !("intent" in answer)) {
      notify({ id: "phrase-import", type: "error", title: text.failed, description: answer.error });
      return;
    }
    if (answer.intent === "check") {
      setCheck({ ...answer, text: rows });
      setErrors({});
      return;
    }
    if (!answer.ok) {
      if (answer.error === phraseText.lessonRequired) setErrors({ lessonId: answer.error });
      else notify({ id: "phrase-import", type: "error", title: text.failed, description: answer.error });
      return;
    }
    notify({ id: "phrase-import", type: "success", title: text.imported(answer.count, answer.groups) });
    void revalidator.revalidate();
    // No audio wanted: nothing more to do here.
    if (audio === "none") return onClose();
    lesson.current = selection;
    setImported(true);
    void generation.run();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rows.trim() === "") return setErrors({ rows: text.empty });
    if (!ready) return send("check");
    if (!selection.lessonId) return setErrors({ lessonId: phraseText.lessonRequired });
    return send("import");
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    // Refused before it is read: the server would refuse it too.
    if (file.size > PHRASE_IMPORT_MAX_BYTES) setErrors({ rows: text.tooLarge });
    else {
      setRows(await file.text());
      setErrors({});
    }
    if (fileInput.current) fileInput.current.value = "";
  }

  if (imported) return <GenerateStep generation={generation} />;

  const rowsError = errors.rows ?? (checked && !check.ok && check.rows.length === 0 ? (check.error ?? undefined) : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={dialogFormClasses} aria-busy={sending !== null || undefined}>
      <DialogBody>
        <CatalogSelect
          catalog={catalog}
          value={selection}
          idPrefix={`${id}-import`}
          errors={errors}
          onChange={(value) => {
            setSelection(value);
            setErrors((e) => ({ ...e, lessonId: undefined }));
          }}
        />
        <div>
          <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={`${id}-rows`} className="block text-sm font-semibold text-ink">
              {text.rowsLabel}
            </label>
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden />
              {text.upload}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              className="sr-only"
              tabIndex={-1}
              aria-label={text.upload}
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          </div>
          <textarea
            id={`${id}-rows`}
            name="text"
            value={rows}
            onChange={(event) => {
              setRows(event.target.value);
              setErrors((e) => ({ ...e, rows: undefined }));
            }}
            rows={8}
            spellCheck={false}
            placeholder={"Hello,Hola\nGood morning,Buenos días,1"}
            aria-describedby={`${id}-rows-hint${rowsError ? ` ${id}-rows-error` : ""}`}
            aria-invalid={rowsError ? true : undefined}
            className={cn(textareaClasses, "font-mono text-sm")}
          />
          <p id={`${id}-rows-hint`} className="mt-1.5 text-sm text-muted">
            {text.rowsHint}
          </p>
          {rowsError ? (
            <FieldError id={`${id}-rows-error`} role="alert">
              {rowsError}
            </FieldError>
          ) : null}
        </div>
        {check && check.rows.length > 0 ? <Preview check={check} stale={!checked} /> : null}
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">{text.audioLegend}</legend>
          <div className="space-y-1">
            {PHRASE_IMPORT_AUDIO.map((choice) => (
              <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
                <input type="radio" name="audio" value={choice} checked={audio === choice} onChange={() => setAudio(choice)} className="size-4 accent-brand-700" />
                {text.audioChoices[choice]}
              </label>
            ))}
          </div>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <DialogCancel disabled={sending !== null} />
        <Button type="submit" disabled={sending !== null}>
          {sending === "check" ? text.checking : sending === "import" ? text.importing : ready ? text.importRows(check.total) : text.check}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The rows as the server read them: every bad one with its reasons, or the first ones when all are fine. */
function Preview({ check, stale }: { check: Check; stale: boolean }) {
  const { columns } = text;
  const id = useId();
  const section = useRef<HTMLElement>(null);
  // A new answer comes into view: it is below the rows the admin just checked.
  useEffect(() => {
    section.current?.scrollIntoView({ block: "nearest" });
  }, [check]);
  return (
    <section ref={section} aria-labelledby={`${id}-summary`} className={cn("scroll-mt-4 space-y-2", stale && "opacity-60")}>
      <p id={`${id}-summary`} role={check.ok ? "status" : "alert"} className={cn("text-sm font-semibold", check.ok ? "text-brand-800" : "text-red-800")}>
        {check.ok ? text.ready(check.total) : check.error}
      </p>
      {check.ok && check.total > check.rows.length ? <p className="text-sm text-muted">{text.shownFirst(check.rows.length, check.total)}</p> : null}
      {/* Focusable: a keyboard can scroll the table sideways on a narrow screen. */}
      <div role="region" aria-label={text.previewLabel} tabIndex={0} className="overflow-x-auto rounded-xl border border-brand-100">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-brand-50 text-ink">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.line}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.problem}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.original}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.translation}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.group}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{columns.reading}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-brand-100">
            {check.rows.map((row) => {
              const bad = row.errors.length > 0;
              return (
                <tr key={row.line} className={bad ? "bg-red-50" : undefined} data-import-row={bad ? "bad" : "ok"}>
                  <td className="px-3 py-2 tabular-nums">{row.line}</td>
                  {/* Right after the line: on a narrow screen the reason is in view without scrolling the table. */}
                  <td className={cn("max-w-56 px-3 py-2", bad ? "font-medium text-red-800" : "text-brand-800")}>{bad ? row.errors.join(" ") : text.fine}</td>
                  <td className="max-w-48 px-3 py-2 break-words">{row.originalText}</td>
                  <td className="max-w-48 px-3 py-2 break-words">{row.translatedText}</td>
                  <td className="px-3 py-2 tabular-nums">{row.group ?? ""}</td>
                  <td className="max-w-40 px-3 py-2 break-words">{row.reading ?? ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const progressText: BatchProgressText = {
  ...backfillProgressText,
  stopped: text.generateStopped,
  finished: (failed) => (failed > 0 ? backfillText.finishedWithFailures(failed) : text.generated),
};

/**
 * The lesson's phrases without audio, spoken a group at a time (the audio backfill's loop for one lesson). Its owner
 * starts it right after the import and stops it by unmounting (the dialog closed).
 */
function useGenerateLesson(lesson: React.RefObject<CatalogSelection>) {
  const revalidator = useRevalidator();
  return useBatchRun<BackfillGroup>({
    maxSkipped: MAX_SKIPPED,
    next: (skip, signal) => askNext(AUDIO_BACKFILL_API, { intent: "next", skip: skip.map(backfillKey), lesson: lesson.current }, signal),
    process: async (group, signal) => {
      const result = await postJson<BackfillAnswer>(AUDIO_BACKFILL_API, { intent: "generate", group: backfillKey(group) }, signal);
      if ("error" in result) return result.error;
      return result.intent === "generate" && result.status === "failed" ? result.message : null;
    },
    onEnd: () => void revalidator.revalidate(),
  });
}

function GenerateStep({ generation }: { generation: ReturnType<typeof useGenerateLesson> }) {
  const { state, failures, run, requestStop } = generation;
  const running = state.phase === "running";
  return (
    <>
      <DialogBody>
        {state.phase === "idle" ? null : (
          <BatchProgress state={state} failed={failures.length} text={progressText} groupLabel={(group) => `“${group.firstText}”`} testId="import-progress" />
        )}
        {failures.length > 0 ? (
          <ul className="space-y-1 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {failures.map((failure) => (
              <li key={failure.group.batch ?? failure.group.lessonId} className="break-words">
                <span className="font-medium">“{failure.group.firstText}”</span>: {failure.message}
              </li>
            ))}
          </ul>
        ) : null}
      </DialogBody>
      <DialogFooter>
        {running ? (
          <Button type="button" variant="outline" onClick={requestStop} disabled={state.stopping}>
            <Square aria-hidden />
            Stop
          </Button>
        ) : state.phase === "stopped" || failures.length > 0 ? (
          <Button type="button" variant="outline" onClick={() => void run()}>
            <RotateCcw aria-hidden />
            {text.resume}
          </Button>
        ) : null}
        <DialogCancel label={text.done} />
      </DialogFooter>
    </>
  );
}
