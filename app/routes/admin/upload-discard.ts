import { MAX_DISCARD_URL_LENGTH, MAX_DISCARD_URLS } from "#app/lib/dialog-files.ts";
import { uploadText } from "#common/upload-rules.ts";
import { z } from "#common/zod.ts";
import { removeUnreferencedFiles } from "#server/admin/catalog-admin.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/upload-discard";

const noStore = { "Cache-Control": "no-store" };
const body = z.object({ urls: z.array(z.string().min(1).max(MAX_DISCARD_URL_LENGTH)).min(1).max(MAX_DISCARD_URLS) });

/**
 * POST /admin/uploads/discard `{ urls }`: the files a dialog stored and did not keep (it was cancelled, or replaced an
 * upload with another). Each one of ours that no row references is deleted; a referenced or foreign one is kept, so
 * any server can answer, and a stale or repeated request does no harm. Answers `{ removed }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!(await getSessionUser(request, context))) return Response.json({ error: uploadText.signedOut }, { status: 401, headers: noStore });
  if (!(await getIsAdmin(request, context))) return Response.json({ error: uploadText.denied }, { status: 403, headers: noStore });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "The request is not valid." }, { status: 400, headers: noStore });
  const runtime = getRuntime(context);
  const removed = await removeUnreferencedFiles(runtime.database.db, runtime.storage, parsed.data.urls, (error) =>
    runtime.logger.warn("Could not remove a discarded upload", error),
  );
  return Response.json({ removed }, { headers: noStore });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
