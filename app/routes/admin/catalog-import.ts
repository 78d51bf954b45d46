import path from "node:path";
import { catalogArchiveText, type ImportAnswer } from "#common/catalog-archive.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { ArchiveRefused } from "#server/catalog/archive/archive-format.server.ts";
import { importCatalog, planImport } from "#server/catalog/archive/catalog-import.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { receiveUpload, type ReceivedFile } from "#server/uploads/receive-upload.server.ts";
import { UploadRefused } from "#server/uploads/uploads.server.ts";
import type { Route } from "./+types/catalog-import";

const noStore = { "Cache-Control": "private, no-store" };
const answer = (body: ImportAnswer, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { ...noStore, ...headers } });

/**
 * POST /admin/catalog/import?intent=dry-run|apply: an archive (multipart field `file`, at most CATALOG_UPLOAD_MAX_BYTES,
 * streamed to a temporary file) checked whole; `dry-run` answers what an import would add, change and remove,
 * `apply` imports it in one transaction. A refused archive changes nothing and the answer says why (422).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return answer({ error: catalogArchiveText.signedOut }, 401);
  if (!(await getIsAdmin(request, context))) return answer({ error: catalogArchiveText.denied }, 403);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent !== "dry-run" && intent !== "apply") return answer({ error: "The request is not valid." }, 400);
  const runtime = getRuntime(context);
  const maxBytes = runtime.env.CATALOG_UPLOAD_MAX_BYTES;
  const deps = {
    db: runtime.database.db,
    storage: runtime.storage,
    events: runtime.events,
    logger: runtime.logger,
    changes: changeRecorder(runtime.env, { userId: user.id, email: user.email }),
  };
  let file: ReceivedFile | undefined;
  try {
    file = await receiveUpload(request, { maxBytes, sizeMessage: catalogArchiveText.tooLarge(maxBytes) }, path.join(runtime.env.DATA_DIR, "tmp"));
    const summary = intent === "dry-run" ? await planImport(deps, file.path) : await importCatalog(deps, file.path);
    return answer({ intent, summary });
  } catch (error) {
    if (error instanceof UploadRefused) return answer({ error: error.status === 400 ? catalogArchiveText.noFile : error.message }, error.status, error.status === 413 ? { Connection: "close" } : {});
    if (error instanceof ArchiveRefused) return answer({ error: `The archive was refused, nothing changed: ${error.message}` }, 422);
    runtime.logger.error("Importing the catalog failed", error);
    return answer({ error: catalogArchiveText.failed }, 500);
  } finally {
    await file?.dispose();
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
