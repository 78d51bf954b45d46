import path from "node:path";
import { isUploadKind, uploadKinds, uploadText } from "#common/upload-rules.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { receiveUpload, type ReceivedFile } from "#server/uploads/receive-upload.server.ts";
import { storeUpload, UploadRefused } from "#server/uploads/uploads.server.ts";
import type { Route } from "./+types/upload";

const noStore = { "Cache-Control": "no-store" };
const fail = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { ...noStore, ...headers } });

/**
 * POST /admin/uploads/{kind}: one file (field `file`), answered with `{ url }` or `{ error }`. It stores the file and
 * touches no table: the form that asked saves the URL with its record, so a refused or failed upload changes nothing.
 * A body over the kind's cap is refused before it is read when its length is declared (server/http/body-limit.server.ts,
 * a row per kind), and as soon as the cap is crossed when it is chunked (receive-upload.server.ts).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!isUploadKind(params.kind)) return fail(404, "Unknown upload kind");
  if (!(await getSessionUser(request, context))) return fail(401, uploadText.signedOut);
  if (!(await getIsAdmin(request, context))) return fail(403, uploadText.denied);

  const runtime = getRuntime(context);
  let file: ReceivedFile | undefined;
  try {
    // To a temporary file as it arrives, never more than the kind's cap: memory holds none of it.
    file = await receiveUpload(request, uploadKinds[params.kind], path.join(runtime.env.DATA_DIR, "tmp"));
    const stored = await storeUpload(runtime.storage, params.kind, file);
    return Response.json({ url: stored.url }, { status: 201, headers: noStore });
  } catch (error) {
    // The rest of a refused body is left unread: the connection closes once the answer is out.
    if (error instanceof UploadRefused) return fail(error.status, error.message, error.status === 413 ? { Connection: "close" } : {});
    runtime.logger.error(`Storing a ${params.kind} upload failed`, error);
    return fail(500, "The file could not be stored. Please try again.");
  } finally {
    await file?.dispose();
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
