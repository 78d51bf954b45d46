import { LoaderCircle, Pause, Play, Plus, Sparkles, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CatalogSelect, type CatalogSelection } from "#app/components/admin/catalog-select.tsx";
import { CueEditor } from "#app/components/admin/cue-editor.tsx";
import { useLazyCatalog, type LanguageOption } from "#app/components/admin/phrase-tree-choices.ts";
import { useIsDisplayable } from "#app/components/admin/media-origins.ts";
import { useGroupAudioCues } from "#app/components/admin/use-group-audio-cues.ts";
import { UploadProgress, useUpload } from "#app/components/admin/upload-progress.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { FieldError, inputClasses } from "#app/components/ui/form-field.tsx";
import { getAudioController } from "#app/lib/audio/audio-controller.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { cn } from "#app/lib/cn.ts";
import {
  firstOriginalText,
  phraseFormErrors,
  phraseFormSchema,
  phraseText,
  READING_MAX,
  type PhraseFormErrors,
  type PhraseRowInput,
} from "#common/phrase-form.ts";
import { useDialogFiles } from "#app/lib/dialog-files.ts";
import { isHttpAddress, mediaUrlText } from "#common/media-url.ts";
import { uploadKinds } from "#common/upload-rules.ts";
import { catalogTexts, SAVE_AND_ADD_ANOTHER } from "#common/catalog-admin.ts";

/** What the dialog opens with: empty for Add, the group's values for Edit (plus the key of the group being edited). */
export interface PhraseDialogState {
  mode: "add" | "edit";
  selection: CatalogSelection;
  audioUrl: string;
  rows: PhraseRowInput[];
  /** Edit only: the group as it was when the dialog opened. */
  group?: CatalogSelection & { audioUrl: string };
  /** Counts the fresh forms "Save and add another" opened (each a new form). */
  round?: number;
}

interface Row extends PhraseRowInput {
  key: number;
}

export type PhraseActionData =
  | { ok: true; intent: "add" | "update" }
  | { ok: false; intent: "add" | "update"; errors: PhraseFormErrors }
  | { ok: true; intent: "generate-audio"; url: string }
  | { ok: false; intent: "generate-audio"; message: string }
  | { ok: true; intent: "generate-group-audio"; url: string; cues: [number, number][] | null }
  | { ok: false; intent: "generate-group-audio"; message: string };

const PREVIEW_KEY = "admin-phrase-form-preview";

export function PhraseDialog({
  state,
  languages,
  onClose,
  onAnother,
}: {
  state: PhraseDialogState | null;
  languages: LanguageOption[];
  onClose: () => void;
  /** Saved with "Save and add another": a fresh form for the same lesson. */
  onAnother: (selection: CatalogSelection) => void;
}) {
  return (
    <ModalDialog
      open={state !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={state?.mode === "edit" ? "Edit Phrases" : "Add New Phrases"}
      width="xl"
    >
      {state ? (
        <PhraseForm key={`${state.mode}:${state.group?.audioUrl ?? ""}:${state.round ?? 0}`} state={state} languages={languages} onClose={onClose} onAnother={onAnother} />
      ) : null}
    </ModalDialog>
  );
}

function PhraseForm({
  state,
  languages,
  onClose,
  onAnother,
}: {
  state: PhraseDialogState;
  languages: LanguageOption[];
  onClose: () => void;
  onAnother: (selection: CatalogSelection) => void;
}) {
  const formId = useId();
  const nextKey = useRef(state.rows.length || 1);
  const [selection, setSelection] = useState(state.selection);
  const catalog = useLazyCatalog(languages, selection);
  const [audioUrl, setAudioUrl] = useState(state.audioUrl);
  const [rows, setRows] = useState<Row[]>(() =>
    (state.rows.length ? state.rows : [{ originalText: "", translatedText: "" }]).map((row, key) => ({ ...row, key })),
  );
  const [errors, setErrors] = useState<PhraseFormErrors>({});
  const { upload: sendFile, progress: uploadProgress, uploading } = useUpload();
  const save = useFetcher<PhraseActionData>();
  const generate = useFetcher<PhraseActionData>();
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useAudioPlayer(PREVIEW_KEY, audioUrl.trim(), { preload: "none" });
  const displayable = useIsDisplayable();
  // Uploaded or generated here: discarded when the dialog closes, unless the saved group uses it.
  const storedHere = useDialogFiles();
  const groupCues = useGroupAudioCues(rows, setRows, audioUrl);

  const saving = save.state !== "idle";
  const generating = generate.state !== "idle";
  const firstText = firstOriginalText(rows);
  // Editing the texts of a group while keeping its audio: the file still says what the rows said (issue 27).
  const spokenTexts = (list: PhraseRowInput[]) => list.map((row) => row.originalText.trim()).filter(Boolean).join("\u0000");
  const audioOutdated =
    state.mode === "edit" && audioUrl.trim() === state.audioUrl.trim() && spokenTexts(rows) !== spokenTexts(state.rows) && firstText !== undefined;

  // The server's answers: field messages and a generated URL go into the form while rendering (React's pattern for
  // state that follows new data); closing and toasts are effects.
  const [seenSave, setSeenSave] = useState<PhraseActionData | undefined>(undefined);
  if (save.state === "idle" && save.data && save.data !== seenSave) {
    setSeenSave(save.data);
    if ((save.data.intent === "add" || save.data.intent === "update") && !save.data.ok) setErrors(save.data.errors);
  }
  const [seenGenerate, setSeenGenerate] = useState<PhraseActionData | undefined>(undefined);
  if (generate.state === "idle" && generate.data && generate.data !== seenGenerate) {
    setSeenGenerate(generate.data);
    if ((generate.data.intent === "generate-audio" || generate.data.intent === "generate-group-audio") && generate.data.ok) {
      storedHere(generate.data.url);
      setAudioUrl(generate.data.url);
      setErrors((e) => ({ ...e, audioUrl: undefined }));
      if (generate.data.intent === "generate-group-audio") groupCues.apply(generate.data.url, generate.data.cues);
    }
  }
  const saved = save.state === "idle" && save.data?.ok === true;
  const another = useRef(false);
  useEffect(() => {
    // Its toast comes with the answer (flash cookie).
    if (!saved) return;
    if (another.current) onAnother(selection);
    else onClose();
  }, [saved, onClose, onAnother, selection]);
  const announced = useRef<unknown>(null);
  useEffect(() => {
    const result = generate.data;
    if (generate.state !== "idle" || !result || announced.current === result) return;
    if (result.intent !== "generate-audio" && result.intent !== "generate-group-audio") return;
    announced.current = result;
    if (result.ok) notify({ id: "phrase-audio", type: "success", title: phraseText.generated });
    else notify({ id: "phrase-audio", type: "error", title: phraseText.generateFailed(result.message) });
  }, [generate.state, generate.data]);

  function updateRow(key: number, patch: Partial<PhraseRowInput>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    another.current = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === SAVE_AND_ADD_ANOTHER;
    const parsed = phraseFormSchema.safeParse({ ...selection, audioUrl, phrases: rows });
    if (!parsed.success) {
      setErrors(phraseFormErrors(parsed.error));
      return;
    }
    setErrors({});
    const data = new FormData();
    data.set("intent", state.mode === "add" ? "add" : "update");
    data.set("languageId", selection.languageId);
    data.set("levelId", selection.levelId);
    data.set("lessonId", selection.lessonId);
    data.set("audioUrl", audioUrl.trim());
    for (const row of rows) {
      data.append("originalText", row.originalText);
      data.append("translatedText", row.translatedText);
      data.append("cueStartMs", row.cueStartMs == null ? "" : String(row.cueStartMs));
      data.append("cueEndMs", row.cueEndMs == null ? "" : String(row.cueEndMs));
      data.append("reading", row.reading ?? "");
      data.append("readingEdited", row.readingEdited ? "true" : "false");
    }
    if (state.group) {
      data.set("groupLanguageId", state.group.languageId);
      data.set("groupLevelId", state.group.levelId);
      data.set("groupLessonId", state.group.lessonId);
      data.set("groupAudioUrl", state.group.audioUrl);
    }
    void save.submit(data, { method: "post" });
  }

  function generateAudio(whole = false) {
    if (!firstText) {
      notify({ id: "phrase-audio", type: "error", title: phraseText.needTextForAudio });
      return;
    }
    if (!selection.languageId) {
      setErrors((e) => ({ ...e, languageId: phraseText.languageRequired }));
      return;
    }
    // One id from progress to outcome: the outcome replaces 'Generating audio...'.
    notify({ id: "phrase-audio", type: "info", title: phraseText.generating });
    const request = new FormData();
    request.set("intent", whole ? "generate-group-audio" : "generate-audio");
    request.set("languageId", selection.languageId);
    for (const text of whole ? groupCues.textsToSpeak() : [firstText]) request.append("text", text);
    void generate.submit(request, { method: "post" });
  }

  async function upload(file: File) {
    // One id from progress to outcome: the outcome replaces 'Uploading audio file...'.
    notify({ id: "phrase-upload", type: "info", title: phraseText.uploading });
    try {
      const url = await sendFile("audio", file);
      storedHere(url);
      setAudioUrl(url);
      setErrors((e) => ({ ...e, audioUrl: undefined }));
      notify({ id: "phrase-upload", type: "success", title: phraseText.uploaded });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notify({ id: "phrase-upload", type: "error", title: phraseText.uploadFailed(message) });
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function togglePreview() {
    const started = await preview.toggle();
    if (!started && getAudioController().getState(PREVIEW_KEY).error) {
      notify({ id: "phrase-preview", type: "error", title: phraseText.playFailed });
    }
  }

  const audioUrlId = `${formId}-audio-url`;
  // An address on another site cannot play here (the page's policy blocks it): it is copied into storage on save.
  const trimmedAudioUrl = audioUrl.trim();
  const playable = trimmedAudioUrl !== "" && displayable(trimmedAudioUrl);
  const importedOnSave = !playable && isHttpAddress(trimmedAudioUrl);
  const audioDescribedBy = [errors.audioUrl ? `${audioUrlId}-error` : "", importedOnSave ? `${audioUrlId}-note` : ""].filter(Boolean).join(" ");
  return (
    <form noValidate onSubmit={submit} className={dialogFormClasses} aria-busy={saving || undefined}>
      <DialogBody>
        <CatalogSelect
          catalog={catalog}
          value={selection}
          onChange={(value) => {
            setSelection(value);
            setErrors((e) => ({ ...e, languageId: undefined, levelId: undefined, lessonId: undefined }));
          }}
          errors={errors}
          idPrefix={formId}
        />
        <div>
          <label htmlFor={audioUrlId} className="mb-1.5 block text-sm font-semibold text-ink">
            Audio URL
          </label>
          <div className="flex gap-2">
            <input
              id={audioUrlId}
              name="audioUrl"
              type="text"
              inputMode="url"
              value={audioUrl}
              onChange={(event) => setAudioUrl(event.target.value)}
              placeholder="https://example.com/audio.mp3"
              aria-invalid={errors.audioUrl ? true : undefined}
              aria-describedby={audioDescribedBy || undefined}
              className={cn(inputClasses, "min-w-0 flex-1")}
            />
            <Button
              type="button"
              variant="outline"
              size="iconLg"
              disabled={!playable}
              onClick={() => void togglePreview()}
              aria-label={preview.playing ? "Pause audio preview" : "Play audio preview"}
            >
              {preview.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            </Button>
          </div>
          {errors.audioUrl ? <FieldError id={`${audioUrlId}-error`}>{errors.audioUrl}</FieldError> : null}
          {importedOnSave ? (
            <p id={`${audioUrlId}-note`} className="mt-1.5 text-sm text-muted">
              {mediaUrlText.audioImportedOnSave}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <input
              ref={fileInput}
              type="file"
              accept={uploadKinds.audio.accept}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="audio-file-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              Upload Audio File
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={generating || !firstText} onClick={() => generateAudio()}>
              {generating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              Generate Audio
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={generating || !firstText} onClick={() => generateAudio(true)}>
              {generating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              Generate audio for the whole group
            </Button>
            <UploadProgress value={uploadProgress} label="Audio upload progress" className="basis-full sm:basis-auto sm:flex-1" />
          </div>
        </div>
        {audioOutdated ? (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-ink" data-audio-outdated>
            <p className="min-w-0 grow basis-64">{phraseText.audioOutdated}</p>
            <Button type="button" variant="outline" size="sm" disabled={generating} onClick={() => generateAudio(true)}>
              {generating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              {phraseText.regenerateAudio}
            </Button>
          </div>
        ) : null}
        <CueEditor audioUrl={playable ? trimmedAudioUrl : ""} rows={rows} onRowsChange={setRows} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-ink">Phrases</legend>
          {rows.map((row, index) => (
            <div key={row.key} className="grid gap-3 rounded-2xl border border-brand-100 bg-brand-50/40 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <div>
                <label htmlFor={`${formId}-original-${row.key}`} className="mb-1 block text-sm font-medium text-ink">
                  Original Text
                </label>
                <input
                  id={`${formId}-original-${row.key}`}
                  type="text"
                  value={row.originalText}
                  onChange={(event) => updateRow(row.key, { originalText: event.target.value })}
                  className={inputClasses}
                />
              </div>
              <div>
                <label htmlFor={`${formId}-translated-${row.key}`} className="mb-1 block text-sm font-medium text-ink">
                  Translated Text
                </label>
                <input
                  id={`${formId}-translated-${row.key}`}
                  type="text"
                  value={row.translatedText}
                  onChange={(event) => updateRow(row.key, { translatedText: event.target.value })}
                  className={inputClasses}
                />
              </div>
              <ReadingField
                id={`${formId}-reading-${row.key}`}
                value={row.reading ?? ""}
                onChange={(reading) => updateRow(row.key, { reading, readingEdited: true })}
              />
              <Button
                type="button"
                variant="ghostDanger"
                size="iconLg"
                className="justify-self-end"
                disabled={rows.length === 1}
                aria-label={`Remove phrase ${index + 1}`}
                onClick={() => setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== row.key) : current))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {errors.phrases ? (
            <FieldError role="alert">
              {errors.phrases}
            </FieldError>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setRows((current) => [...current, { key: nextKey.current++, originalText: "", translatedText: "" }])}
          >
            <Plus aria-hidden />
            Add Phrase
          </Button>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <DialogCancel />
        {state.mode === "add" ? (
          <Button type="submit" name={SAVE_AND_ADD_ANOTHER} variant="outline" disabled={saving || uploading}>
            {catalogTexts.saveAndAddAnother}
          </Button>
        ) : null}
        <Button type="submit" disabled={saving || uploading}>
          {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {state.mode === "add" ? "Add Phrases" : "Update Phrases"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * A phrase's reading aid (romaji, pinyin, a transliteration). Computed on save for the languages that have one;
 * what an admin writes here is kept on every later save, and emptying it brings the computed one back.
 */
function ReadingField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        Reading
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={READING_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={inputClasses}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        Romaji, pinyin or a transliteration, computed on save for Japanese, Mandarin, Russian and Ukrainian. Your correction is kept; leave it empty to compute it again.
      </p>
    </div>
  );
}
