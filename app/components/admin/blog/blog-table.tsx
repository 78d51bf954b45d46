import { Switch } from "radix-ui";
import { Eye, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { BlogEditorDialog } from "#app/components/admin/blog/blog-editor.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { formatPostDate } from "#common/blog.ts";
import { blogText, type AdminBlogPost, type BlogSampleOptions } from "#common/blog-post-schema.ts";
import { cn } from "#app/lib/cn.ts";

type EditorState = { mode: "create" } | { mode: "edit"; post: AdminBlogPost } | null;

export function BlogPostsTable({ posts, samples }: { posts: AdminBlogPost[]; samples: BlogSampleOptions }) {
  const [editor, setEditor] = useState<EditorState>(null);
  // Each opening starts from a fresh form: a cancelled edit leaves nothing behind.
  const [opening, setOpening] = useState(0);
  const open = (state: EditorState) => {
    setOpening((n) => n + 1);
    setEditor(state);
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-ink">Blog Management</h1>
          <p className="mt-1 text-muted">Write, publish and edit blog posts.</p>
        </div>
        <Button type="button" onClick={() => open({ mode: "create" })}>
          <Plus aria-hidden />
          New Post
        </Button>
      </div>
      <section aria-labelledby="posts-title" className="rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-brand-100 px-4 py-3 sm:px-6">
          <h2 id="posts-title" className="text-lg font-bold text-ink">
            Blog Posts
          </h2>
          <p className="text-sm text-muted" role="status">
            Total blog posts: {posts.length}
          </p>
        </div>
        {posts.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <FileText className="size-8 text-brand-400" aria-hidden />
            <p className="text-muted">{blogText.empty}</p>
          </div>
        ) : (
          <>
          <ul aria-label="Blog posts" className="divide-y divide-brand-100 lg:hidden">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} onEdit={() => open({ mode: "edit", post })} />
            ))}
          </ul>
          <div className="hidden overflow-x-auto lg:block">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <thead className="bg-brand-50/60 text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 sm:px-6">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Author
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Created date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Featured Image
                  </th>
                  <th scope="col" className="px-4 py-3 text-right sm:px-6">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-brand-100">
                {posts.map((post) => (
                  <PostRow key={post.id} post={post} onEdit={() => open({ mode: "edit", post })} />
                ))}
              </tbody>
            </table>
          </div>
          </>
        )}
      </section>
      {editor ? (
        <BlogEditorDialog
          key={opening}
          post={editor.mode === "edit" ? editor.post : null}
          samples={samples}
          onClose={() => setEditor(null)}
        />
      ) : null}
    </div>
  );
}

/** The parts of one post's line, shared by the table (wide screens) and the cards (phones and tablets). */
function usePostParts(post: AdminBlogPost, onEdit: () => void) {
  const publish = useFetcher<{ ok: boolean }>();
  // Shows the switch's new position while the change is on its way.
  const pending = publish.formData ? publish.formData.get("published") === "true" : null;
  const published = pending ?? post.published;
  const status = (
    <div className="flex items-center gap-2">
      <Switch.Root
        checked={published}
        aria-label={`Published: ${post.title}`}
        onCheckedChange={(checked) => publish.submit({ intent: "toggle-publish", id: post.id, published: String(checked) }, { method: "post" })}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-[#9089a6] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=checked]:bg-emerald-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <span
        className={cn(
          "rounded-full px-2.5 py-0.5 text-xs font-bold",
          published ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200" : "bg-brand-50 text-brand-800 ring-1 ring-brand-200",
        )}
      >
        {published ? "Published" : "Draft"}
      </span>
    </div>
  );
  const image = post.featuredImage ? (
    <img src={post.featuredImage} alt={`Featured image of ${post.title}`} width={96} height={50} className="h-12 w-24 rounded-lg object-cover" />
  ) : (
    <span className="text-muted">No image</span>
  );
  const actions = (
    <>
      <Button asChild variant="ghost" size="sm">
        <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${post.title} (opens in a new tab)`}>
          <Eye aria-hidden />
          View
        </a>
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${post.title}`}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <DeletePost post={post} />
    </>
  );
  return { status, image, actions };
}

function PostRow({ post, onEdit }: { post: AdminBlogPost; onEdit: () => void }) {
  const { status, image, actions } = usePostParts(post, onEdit);
  return (
    <tr data-post className="align-middle">
      <th scope="row" className="max-w-[18rem] px-4 py-3 font-semibold break-words text-ink sm:px-6">
        {post.title}
      </th>
      <td className="px-4 py-3 text-muted">{post.authorName}</td>
      <td className="px-4 py-3 whitespace-nowrap text-muted">{formatPostDate(post.createdAt)}</td>
      <td className="px-4 py-3">{status}</td>
      <td className="px-4 py-3">{image}</td>
      <td className="px-4 py-3 sm:px-6">
        <div className="flex justify-end gap-1">{actions}</div>
      </td>
    </tr>
  );
}

function PostCard({ post, onEdit }: { post: AdminBlogPost; onEdit: () => void }) {
  const { status, image, actions } = usePostParts(post, onEdit);
  return (
    <li data-post className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-ink">{post.title}</h3>
          <p className="mt-0.5 text-sm text-muted">
            {post.authorName} · {formatPostDate(post.createdAt)}
          </p>
        </div>
        <div className="shrink-0">{image}</div>
      </div>
      {status}
      <div className="-ml-2 flex flex-wrap gap-1">{actions}</div>
    </li>
  );
}

function DeletePost({ post }: { post: AdminBlogPost }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghostDanger" size="sm" aria-label={`Delete ${post.title}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      title="Delete blog post"
      description={blogText.deleteConfirm}
      confirmLabel="Delete"
      confirmIcon={<Trash2 aria-hidden />}
      onConfirm={() => fetcher.submit({ intent: "delete", id: post.id }, { method: "post" })}
    />
  );
}
