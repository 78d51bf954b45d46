import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { catalogMessages, type CatalogActionData } from "#common/catalog-admin.ts";
export type { CatalogActionData };
import { CatalogAdminError, type CatalogAdminDeps, type DeletedFiles } from "#server/admin/catalog-admin.server.ts";
import { toastHeaders, type SessionUser } from "#server/auth/session.server.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { UploadKind } from "#common/upload-rules.ts";
import { MediaImportRefused } from "#server/uploads/media-import.server.ts";
import { removeUnreferencedFiles } from "#server/uploads/unreferenced-files.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * How the catalogue tabs' actions answer: always data (never a redirect), so a fetcher form keeps its dialog and
 * field errors, and the outcome toast (SPEC §8) rides on the flash cookie that the root loader reads on revalidation.
 */

export function catalogDeps(context: Context, admin: SessionUser): CatalogAdminDeps {
  const runtime = getRuntime(context);
  return { db: runtime.database.db, events: runtime.events, changes: changeRecorder(runtime.env, { userId: admin.id, email: admin.email }) };
}


export async function respond(
  context: Context,
  work: () => Promise<unknown>,
  messages: { success: string; failure: string },
  submission?: Submission<unknown>,
) {
  try {
    await work();
  } catch (error) {
    const fail = (status: number, result: CatalogActionData["result"], description?: string, title = messages.failure) =>
      data<CatalogActionData>(
        { ok: false, result },
        { status, headers: toastHeaders(context, { type: "error", title, ...(description ? { description } : {}) }) },
      );
    if (error instanceof CatalogAdminError) {
      if (error.field && submission) {
        return fail(error.status, submission.reply({ fieldErrors: { [error.field]: [error.message] } }));
      }
      // The spec's own toast for a swap without order values.
      if (error.message === catalogMessages.missingOrderIndex) return fail(error.status, null, undefined, error.message);
      return fail(error.status, submission?.reply() ?? null, error.message);
    }
    getRuntime(context).logger.error(messages.failure, error);
    return fail(500, submission?.reply() ?? null, "Please try again.");
  }
  return data<CatalogActionData>(
    { ok: true, result: submission?.reply({ resetForm: true }) ?? null },
    { headers: toastHeaders(context, { type: "success", title: messages.success }) },
  );
}

/**
 * Saves a record with a media address (docs/decisions/009-outside-media-addresses.md): an outside address is copied
 * into storage first and our address saved; a refusal becomes the field's error; if the save then fails, the copy is
 * removed again.
 */
export function withMedia<T extends Record<F, string>, F extends string>(
  context: Context,
  value: T,
  media: { field: F; kind: UploadKind },
  save: (value: T) => Promise<unknown>,
) {
  return async () => {
    const resolver = getRuntime(context).media;
    let resolved;
    try {
      resolved = await resolver.resolve(media.kind, value[media.field]);
    } catch (error) {
      if (error instanceof MediaImportRefused) throw new CatalogAdminError(error.message, media.field);
      throw error;
    }
    try {
      await save({ ...value, [media.field]: resolved.url });
    } catch (error) {
      await resolver.discard(resolved);
      throw error;
    }
  };
}

/** A form that did not pass the schema: its field errors, no toast. */
export function invalid(submission: Submission<unknown>) {
  return data<CatalogActionData>({ ok: false, result: submission.reply() }, { status: 400 });
}

export function unknownIntent() {
  return data<CatalogActionData>({ ok: false, result: null }, { status: 400 });
}

export const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** Runs a cascade delete, then removes the files only the deleted rows used (after the commit, never inside it). */
export function deleteThenClean(context: Context, remove: () => Promise<DeletedFiles>) {
  return async () => {
    const { urls } = await remove();
    const runtime = getRuntime(context);
    await removeUnreferencedFiles(runtime.database.db, runtime.storage, urls, (error) =>
      runtime.logger.warn("Removing a file of deleted catalogue rows failed", error),
    );
  };
}
