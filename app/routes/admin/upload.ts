import { isUploadKind, uploadText } from "#common/upload-rules.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { storeUpload, UploadRefused } from "#server/uploads/uploads.server.ts";
import type { Route } from "./+types/upload";

const noStore = { "Cache-Control": "no-store" };
const fail = (status: number, error: string) => Response.json({ error }, { status, headers: noStore });

/**
 * POST /admin/uploads/{kind}: one file (field `file`), answered with `{ url }` or `{ error }`. It stores the file and
 * touches no table: the form that asked saves the URL with its record, so a refused or failed upload changes nothing.
 * The body's size was capped before it was read (server/http/body-limit.server.ts, a row per kind).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!isUploadKind(params.kind)) return fail(404, "Unknown upload kind");
  if (!(await getSessionUser(request, context))) return fail(401, uploadText.signedOut);
  if (!(await getIsAdmin(request, context))) return fail(403, uploadText.denied);

  const runtime = getRuntime(context);
  let file: FormDataEntryValue | null = null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return fail(400, uploadText.noFile);
  }
  if (!(file instanceof File) || file.size === 0) return fail(400, uploadText.noFile);
  try {
    const stored = await storeUpload(runtime.storage, params.kind, file);
    return Response.json({ url: stored.url }, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof UploadRefused) return fail(error.status, error.message);
    runtime.logger.error(`Storing a ${params.kind} upload failed`, error);
    return fail(500, "The file could not be stored. Please try again.");
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
