import { z } from "#common/zod.ts";

/** The blog editor's fields, checked by the same schema in the dialog and in the admin action. */

export const blogText = {
  titleRequired: "Title is required",
  contentRequired: "Content is required",
  imageUrl: "The featured image must be an uploaded image",
  created: "Blog post created successfully",
  updated: "Blog post updated successfully",
  deleted: "Blog post deleted successfully",
  publishUpdated: "Publish status updated",
  createError: "Error creating blog post",
  updateError: "Error updating blog post",
  deleteError: "Error deleting blog post",
  publishError: "Error updating publish status",
  uploadFailed: "Failed to upload image",
  deleteConfirm: "Are you sure you want to delete this blog post? This action cannot be undone.",
  empty: 'No blog posts yet. Click "New Post" to create your first blog post.',
} as const;

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 1000;
export const CONTENT_MAX = 100_000;

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null);

/**
 * A featured image is a URL our upload route returned: a path on this site (/storage/...) or an http(s) address
 * (an S3 bucket or CDN). Anything else (javascript:, data:) is refused, so an address never becomes a script.
 */
const imageUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || /^\/storage\//.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), blogText.imageUrl);

export const blogPostSchema = z
  .object({
    title: z.string({ error: blogText.titleRequired }).trim().min(1, blogText.titleRequired).max(TITLE_MAX),
    excerpt: z
      .string()
      .max(EXCERPT_MAX)
      .optional()
      .transform((v) => v?.trim() ?? ""),
    content: z.string({ error: blogText.contentRequired }).trim().min(1, blogText.contentRequired).max(CONTENT_MAX),
    published: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
    featuredImage: imageUrl,
    sampleLanguageId: optionalText,
    sampleLevelId: optionalText,
    lessonId: optionalText,
    phraseAudioUrl: optionalText,
    sampleTitle: optionalText,
  })
  .transform((post) => {
    // A sample needs the whole chain down to one audio group; a partial choice means no sample.
    const sample = post.sampleLanguageId && post.sampleLevelId && post.lessonId && post.phraseAudioUrl;
    return sample
      ? post
      : { ...post, sampleLanguageId: null, sampleLevelId: null, lessonId: null, phraseAudioUrl: null };
  });

export type BlogPostInput = z.output<typeof blogPostSchema>;

/** A post as the admin table and editor see it. */
export interface AdminBlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  published: boolean;
  sampleLanguageId: string | null;
  sampleLevelId: string | null;
  lessonId: string | null;
  phraseAudioUrl: string | null;
  sampleTitle: string | null;
  createdAt: string;
  authorName: string;
}

/** The catalogue as the sample picker needs it: language > level > lesson > audio group. */
/**
 * What the post dialog's sample picker gets with the page: the languages only. A language's levels, a level's lessons
 * and a lesson's groups are fetched from /admin/phrases/tree when chosen (at 100,000 phrases the whole list was
 * megabytes). Which posts' samples still exist is decided on the server, so a deleted one starts as no sample.
 */
export interface BlogSampleOptions {
  languages: { id: string; name: string }[];
  currentSamplePostIds: string[];
}

export const sampleText = {
  defaultTitle: "Here is a sample of our daily easy phrases to learn",
  invalidGroup: "Choose a phrase group of the chosen lesson",
} as const;
