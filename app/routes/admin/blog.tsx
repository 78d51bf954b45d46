import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BlogPostsTable } from "#app/components/admin/blog/blog-table.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { blogPostSchema, blogText, CONTENT_MAX, sampleText, type BlogSampleOptions } from "#common/blog-post-schema.ts";
import { seo } from "#app/lib/seo.ts";
import type { ToastMessage } from "#common/toast.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { requireAdmin, toastHeaders } from "#server/auth/session.server.ts";
import { createPost, deletePost, listAllPosts, PostNotFound, setPublished, updatePost } from "#server/blog/blog-admin.server.ts";
import { parsePostBody } from "#server/blog/markdown.server.ts";
import { lessonKey, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/blog";
import { MediaImportRefused } from "#server/uploads/media-import.server.ts";

const section = adminSection("/admin/blog");
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sampleOptions(catalog: CatalogSnapshot, posts: { id: string; sampleLanguageId: string | null; sampleLevelId: string | null; lessonId: string | null; phraseAudioUrl: string | null }[]): BlogSampleOptions {
  return {
    languages: catalog.languages.map((l) => ({ id: l.id, name: l.name })),
    currentSamplePostIds: posts
      .filter(
        (post) =>
          post.sampleLanguageId &&
          post.sampleLevelId &&
          post.lessonId &&
          (catalog.groupsByLesson.get(lessonKey(post.sampleLanguageId, post.sampleLevelId, post.lessonId)) ?? []).some(
            (group) => group.audioUrl === post.phraseAudioUrl,
          ),
      )
      .map((post) => post.id),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const [posts, catalog] = await Promise.all([listAllPosts(runtime.database.db), runtime.catalog()]);
  return { posts, samples: sampleOptions(catalog, posts) };
}

const failure = (title: string, error: unknown): ToastMessage => ({
  type: "error",
  title: `${title}: ${error instanceof PostNotFound ? error.message : "Something went wrong. Please try again."}`,
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const deps = {
    db: runtime.database.db,
    events: runtime.events,
    storage: runtime.storage,
    changes: changeRecorder(runtime.env, { userId: user.id, email: user.email }),
  };
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");

  if (intent === "create" || intent === "update") {
    if (intent === "update" && !uuid.test(id)) throw data("Unknown blog post", { status: 404 });
    const submission = parseWithZod(formData, { schema: blogPostSchema });
    if (submission.status !== "success") return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
    const input = submission.value;
    if (input.lessonId) {
      // The sample must be an audio group of the lesson chosen: the public page plays nothing else.
      const groups = (await runtime.catalog()).groupsByLesson.get(lessonKey(input.sampleLanguageId!, input.sampleLevelId!, input.lessonId)) ?? [];
      if (!groups.some((g) => g.audioUrl === input.phraseAudioUrl)) {
        return data(
          { ok: false as const, intent, result: submission.reply({ fieldErrors: { phraseAudioUrl: [sampleText.invalidGroup] } }) },
          { status: 400 },
        );
      }
    }
    // An outside image is copied into storage first (docs/decisions/009-outside-media-addresses.md).
    let image;
    try {
      image = await runtime.media.resolve("blogImage", input.featuredImage ?? "");
    } catch (error) {
      if (!(error instanceof MediaImportRefused)) throw error;
      return data({ ok: false as const, intent, result: submission.reply({ fieldErrors: { featuredImage: [error.message] } }) }, { status: 400 });
    }
    const post = { ...input, featuredImage: image.url || null };
    try {
      if (intent === "create") await createPost(deps, post, user.id);
      else await updatePost(deps, id, post);
    } catch (error) {
      await runtime.media.discard(image);
      runtime.logger.error(`Blog post ${intent} failed`, error);
      const title = intent === "create" ? blogText.createError : blogText.updateError;
      return data(
        { ok: false as const, intent, result: submission.reply() },
        { status: error instanceof PostNotFound ? 404 : 500, headers: toastHeaders(context, failure(title, error)) },
      );
    }
    const message = { type: "success", title: intent === "create" ? blogText.created : blogText.updated } as const;
    return data({ ok: true as const, intent, result: submission.reply({ resetForm: true }) }, { headers: toastHeaders(context, message) });
  }

  if (intent === "delete" || intent === "toggle-publish") {
    if (!uuid.test(id)) throw data("Unknown blog post", { status: 404 });
    try {
      if (intent === "delete") await deletePost(deps, id);
      else await setPublished(deps, id, formData.get("published") === "true");
    } catch (error) {
      runtime.logger.error(`Blog post ${intent} failed`, error);
      const title = intent === "delete" ? blogText.deleteError : blogText.publishError;
      return data(
        { ok: false as const, intent, result: null },
        { status: error instanceof PostNotFound ? 404 : 500, headers: toastHeaders(context, failure(title, error)) },
      );
    }
    const message = { type: "success", title: intent === "delete" ? blogText.deleted : blogText.publishUpdated } as const;
    return data({ ok: true as const, intent, result: null }, { headers: toastHeaders(context, message) });
  }

  if (intent === "preview") {
    // The editor's Preview: the body as the post page will show it, from the same parser (nothing is saved).
    const content = String(formData.get("content") ?? "").slice(0, CONTENT_MAX);
    return { ok: true as const, intent, result: null, preview: parsePostBody(content) };
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return <BlogPostsTable posts={loaderData.posts} samples={loaderData.samples} />;
}
