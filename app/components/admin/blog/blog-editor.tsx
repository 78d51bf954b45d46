import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, Eye, ImagePlus, LoaderCircle, Save, X } from "lucide-react";
import { Switch } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { usePhraseTreeChoices } from "#app/components/admin/phrase-tree-choices.ts";
import { UploadProgress, useUpload } from "#app/components/admin/upload-progress.tsx";
import { useDialogFiles } from "#app/lib/dialog-files.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog, dialogFormClasses } from "#app/components/ui/dialog.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import {
  blogPostSchema,
  blogText,
  CONTENT_MAX,
  EXCERPT_MAX,
  sampleText,
  TITLE_MAX,
  type AdminBlogPost,
  type BlogSampleOptions,
} from "#common/blog-post-schema.ts";
import { notify } from "#app/components/toaster.tsx";
import type { AdminAudioGroup } from "#common/phrases-admin.ts";
import { checkBeforeUpload, uploadKinds } from "#common/upload-rules.ts";
import { useIsDisplayable } from "#app/components/admin/media-origins.ts";
import { mediaUrlText } from "#common/media-url.ts";
import { MarkdownBody } from "#app/components/markdown-body.tsx";
import { MARKDOWN_HINT, type MarkdownBlock } from "#common/markdown.ts";

interface ActionAnswer {
  ok: boolean;
  intent: string;
  result: SubmissionResult<string[]> | null;
}

/**
 * 'Create New Blog Post' / 'Edit Blog Post'. A picked image is only previewed until Save: it is uploaded then, and
 * when that fails the post is still saved, with the image it had ('Failed to upload image', SPEC §8).
 */
export function BlogEditorDialog({ post, samples, onClose }: { post: AdminBlogPost | null; samples: BlogSampleOptions; onClose: () => void }) {
  const fetcher = useFetcher<ActionAnswer>();
  const { upload: sendFile, progress: uploadProgress, uploading } = useUpload();
  // An image uploaded for a save that was then refused, and the dialog closed: discarded unless a post uses it.
  const storedHere = useDialogFiles();
  const submitted = useRef(false);
  const busy = uploading || fetcher.state !== "idle";

  const [image, setImage] = useState<string | null>(post?.featuredImage ?? null);
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageHint = useId();
  const imageErrorId = useId();

  const [form, fields] = useForm({
    id: `blog-editor-${post?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: {
      title: post?.title ?? "",
      excerpt: post?.excerpt ?? "",
      content: post?.content ?? "",
      sampleTitle: post?.sampleTitle ?? sampleText.defaultTitle,
    },
    constraint: {
      title: { required: true, maxLength: TITLE_MAX },
      content: { required: true, maxLength: CONTENT_MAX },
      excerpt: { maxLength: EXCERPT_MAX },
    },
    // Every field's message at once, on submit (as the catalogue dialogs).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogPostSchema }),
    async onSubmit(event, { formData }) {
      event.preventDefault();
      if (picked) {
        try {
          const url = await sendFile("blogImage", picked.file);
          storedHere(url);
          formData.set("featuredImage", url);
        } catch (error) {
          // The post keeps the image it had when it was opened.
          formData.set("featuredImage", post?.featuredImage ?? "");
          notify({ type: "error", title: blogText.uploadFailed, description: error instanceof Error ? error.message : undefined });
        }
      }
      submitted.current = true;
      void fetcher.submit(formData, { method: "post" });
    },
  });

  useEffect(() => {
    if (submitted.current && fetcher.state === "idle" && fetcher.data) {
      submitted.current = false;
      if (fetcher.data.ok) onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);

  function pick(file: File | undefined) {
    if (!file) return;
    const problem = checkBeforeUpload(uploadKinds.blogImage, file);
    if (fileInput.current) fileInput.current.value = "";
    if (problem) {
      setImageError(problem);
      return;
    }
    setImageError(null);
    // A data: address rather than a blob: one: the admin's Content-Security-Policy lets images, not fetches, use it,
    // and Chromium fetches a blob: image again when it cannot decode it.
    const reader = new FileReader();
    reader.onload = () => setPicked({ file, preview: String(reader.result) });
    reader.readAsDataURL(file);
  }

  function removeImage() {
    setPicked(null);
    setImage(null);
    setImageError(null);
  }

  const preview = picked?.preview ?? image;
  // A post saved before outside images were copied on save may hold another site's address, which the page's policy
  // blocks: say it will be copied instead of showing a broken image (docs/decisions/009-outside-media-addresses.md).
  const displayable = useIsDisplayable();
  const previewShown = preview && (picked || displayable(preview)) ? preview : null;
  const shownImageError = imageError ?? fields.featuredImage.errors?.[0] ?? null;
  const title = post ? "Edit Blog Post" : "Create New Blog Post";

  return (
    <ModalDialog open onOpenChange={(open) => !open && !busy && onClose()} title={title} closeDisabled={busy} width="lg">
      <fetcher.Form method="post" {...getFormProps(form)} className={dialogFormClasses}>
        <DialogBody>
          <input type="hidden" name="intent" value={post ? "update" : "create"} />
          {post ? <input type="hidden" name="id" value={post.id} /> : null}
          <input type="hidden" name="featuredImage" value={image ?? ""} />
          <FormField field={fields.title} label="Title">
            <input {...getInputProps(fields.title, { type: "text" })} className={inputClasses} />
          </FormField>
          <FormField field={fields.excerpt} label="Excerpt" hint="Optional: the first 120 characters of the content are shown otherwise.">
            <textarea {...getTextareaProps(fields.excerpt, { ariaDescribedBy: fields.excerpt.descriptionId })} rows={2} className={inputClasses} />
          </FormField>
          <FormField field={fields.content} label="Content" hint={MARKDOWN_HINT}>
            <textarea {...getTextareaProps(fields.content, { ariaDescribedBy: fields.content.descriptionId })} rows={10} className={inputClasses} />
          </FormField>
          <ContentPreview contentId={fields.content.id} />
          <div className="flex items-center gap-3">
            <Switch.Root
              id={`${form.id}-published`}
              name="published"
              defaultChecked={post?.published ?? false}
              className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-[#9089a6] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=checked]:bg-emerald-600"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
            </Switch.Root>
            <label htmlFor={`${form.id}-published`} className="text-sm font-semibold text-ink">
              Published
            </label>
          </div>

          <fieldset className="space-y-3">
            <legend className="mb-1.5 text-sm font-semibold text-ink">Featured Image</legend>
            <p id={imageHint} className="text-sm text-muted">
              Recommended size: 1200x630 pixels.
            </p>
            {preview && !previewShown ? <p className="text-sm text-muted">{mediaUrlText.imageImportedOnSave}</p> : null}
            {previewShown ? (
              <div className="relative overflow-hidden rounded-xl border border-brand-100">
                <img src={previewShown} alt="Featured image preview" className="aspect-[1200/630] w-full object-cover" />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="absolute top-2 right-2"
                  onClick={removeImage}
                  disabled={busy}
                >
                  <X aria-hidden />
                  Remove image
                </Button>
              </div>
            ) : null}
            <div>
              <input
                ref={fileInput}
                id={`${form.id}-image`}
                type="file"
                accept={uploadKinds.blogImage.accept}
                className="peer sr-only"
                aria-describedby={shownImageError ? `${imageHint} ${imageErrorId}` : imageHint}
                aria-invalid={shownImageError ? true : undefined}
                disabled={busy}
                onChange={(event) => pick(event.currentTarget.files?.[0])}
              />
              <label
                htmlFor={`${form.id}-image`}
                className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-brand-200 bg-white px-5 text-[0.95rem] font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:bg-brand-50"
              >
                <ImagePlus className="size-[1.1em]" aria-hidden />
                {preview ? "Change Image" : "Upload Image"}
              </label>
            </div>
            {shownImageError ? (
              <p id={imageErrorId} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {shownImageError}
              </p>
            ) : null}
          </fieldset>

          <SamplePicker post={post} samples={samples} error={fields.phraseAudioUrl.errors?.[0]} />
          <FormField field={fields.sampleTitle} label="Sample title">
            <input {...getInputProps(fields.sampleTitle, { type: "text" })} className={inputClasses} />
          </FormField>
        </DialogBody>
        <DialogFooter>
          <UploadProgress value={uploadProgress} label="Image upload progress" className="basis-full sm:basis-auto sm:flex-1" />
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {uploading ? "Uploading..." : post ? "Update Post" : "Create Post"}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </ModalDialog>
  );
}

/** What a group is called in the picker: its number, its size and its first two phrases. */
function groupLabel(group: AdminAudioGroup, index: number) {
  const count = group.phrases.length;
  const first = group.phrases
    .slice(0, 2)
    .map((p) => p.originalText)
    .join(", ");
  return `Audio Group ${index + 1} (${count} ${count === 1 ? "phrase" : "phrases"}): ${first}`;
}

/**
 * Language > level > lesson > phrase group; each choice clears the ones below it (SPEC §4). Only the languages come
 * with the page: the options below a choice are fetched from /admin/phrases/tree when it is made.
 */
function SamplePicker({ post, samples, error }: { post: AdminBlogPost | null; samples: BlogSampleOptions; error: string | undefined }) {
  // A sample whose lesson or audio group has since been deleted starts as no sample, rather than a choice that fails.
  const current = post && samples.currentSamplePostIds.includes(post.id) ? post : null;
  const [languageId, setLanguageId] = useState(current?.sampleLanguageId ?? "");
  const [levelId, setLevelId] = useState(current?.sampleLevelId ?? "");
  const [lessonId, setLessonId] = useState(current?.lessonId ?? "");
  const [audioUrl, setAudioUrl] = useState(current?.phraseAudioUrl ?? "");
  const id = useId();
  const choices = usePhraseTreeChoices({ languageId, levelId, lessonId });
  const { levels, lessons } = choices;
  const groups = choices.groups.map((group, index) => ({ audioUrl: group.audioUrl, label: groupLabel(group, index) }));
  // Until its options arrive, a select keeps the saved choice as its one option, so the value is not lost on submit.
  const withCurrent = (options: { value: string; label: string }[], value: string, label: string) =>
    value && !options.some((o) => o.value === value) ? [{ value, label }, ...options] : options;
  const select = (label: string, name: string, value: string, onChange: (v: string) => void, options: { value: string; label: string }[], disabled: boolean) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={name === "phraseAudioUrl" && error ? true : undefined}
        aria-describedby={name === "phraseAudioUrl" && error ? `${id}-error` : undefined}
        className={`${inputClasses} disabled:opacity-60`}
      >
        <option value="">None</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="space-y-3 rounded-xl border border-brand-100 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Audio sample (optional)</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {select(
          "Language",
          "sampleLanguageId",
          languageId,
          (v) => {
            setLanguageId(v);
            setLevelId("");
            setLessonId("");
            setAudioUrl("");
          },
          samples.languages.map((l) => ({ value: l.id, label: l.name })),
          false,
        )}
        {select(
          "Level",
          "sampleLevelId",
          levelId,
          (v) => {
            setLevelId(v);
            setLessonId("");
            setAudioUrl("");
          },
          withCurrent(
            levels.map((l) => ({ value: l.id, label: `Level ${l.id}: ${l.title} (${l.cefrLabel})` })),
            levelId,
            `Level ${levelId}`,
          ),
          !languageId,
        )}
        {select(
          "Lesson",
          "lessonId",
          lessonId,
          (v) => {
            setLessonId(v);
            setAudioUrl("");
          },
          withCurrent(
            lessons.map((l) => ({ value: l.id, label: l.title })),
            lessonId,
            lessonId,
          ),
          !levelId,
        )}
        {select(
          "Phrase group",
          "phraseAudioUrl",
          audioUrl,
          setAudioUrl,
          withCurrent(
            groups.map((g) => ({ value: g.audioUrl, label: g.label })),
            audioUrl,
            "Loading…",
          ),
          !lessonId,
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The body as the post page will show it, parsed by the server (the page's own parser), before anything is saved.
 * Each press reads the text as it is now.
 */
function ContentPreview({ contentId }: { contentId: string }) {
  const preview = useFetcher<{ preview?: MarkdownBlock[] }>();
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const loading = preview.state !== "idle";
  const blocks = preview.data?.preview;
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => {
          const content = (document.getElementById(contentId) as HTMLTextAreaElement | null)?.value ?? "";
          setShown(true);
          // Nothing changes on the server: the page's data need not be read again.
          void preview.submit({ intent: "preview", content }, { method: "post", defaultShouldRevalidate: false });
        }}
      >
        {loading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
        {shown ? "Update preview" : "Preview"}
      </Button>
      {shown ? (
        <section
          id={panelId}
          aria-label="Preview"
          aria-busy={loading}
          className="mt-3 max-h-80 space-y-4 overflow-y-auto rounded-xl border border-brand-100 bg-white p-4 text-ink"
        >
          {blocks?.length ? <MarkdownBody blocks={blocks} /> : blocks ? <p className="text-muted">Nothing to preview yet.</p> : null}
        </section>
      ) : null}
    </div>
  );
}
