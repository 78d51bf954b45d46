import { PassThrough, Readable } from "node:stream";
import { catalogArchiveText } from "#common/catalog-archive.ts";
import { exportCatalog, exportDeps } from "#server/catalog/archive/catalog-export.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import path from "node:path";
import type { Route } from "./+types/catalog-export";

/** An export is the whole catalogue, locked content included: never kept by any cache. */
const noStore = { "Cache-Control": "private, no-store" };
const fail = (status: number, error: string) => Response.json({ error }, { status, headers: noStore });

/**
 * GET /admin/catalog/export: the whole catalogue as an archive (docs/catalogue-archive.md), streamed as it is packed.
 * Outside the admin layout (it answers a file): it checks the caller itself, 401 signed out and 403 for non-admins.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getSessionUser(request, context))) return fail(401, catalogArchiveText.signedOut);
  if (!(await getIsAdmin(request, context))) return fail(403, catalogArchiveText.denied);
  const runtime = getRuntime(context);
  const body = new PassThrough();
  exportCatalog({ ...exportDeps(runtime), tmpDir: path.join(runtime.env.DATA_DIR, "tmp") }, body).then(
    () => body.end(),
    (error: unknown) => {
      // The status is out already: a cut connection is how the browser learns the download failed.
      runtime.logger.error("Exporting the catalog failed", error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      ...noStore,
      "Content-Type": "application/x-tar",
      "Content-Disposition": `attachment; filename="phrasewise-catalog-${day}.tar"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
