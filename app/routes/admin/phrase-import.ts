import {
  PHRASE_IMPORT_AUDIO,
  PREVIEW_BAD_ROWS,
  PREVIEW_ROWS,
  phraseImportText as text,
  type PhraseImportAnswer,
  type PhraseImportAudio,
} from "#common/phrase-import.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { checkPhraseRows } from "#server/admin/phrase-import.server.ts";
import { importPhrases, PhraseInputError } from "#server/admin/phrases-admin.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/phrase-import";

const noStore = { "Cache-Control": "private, no-store" };
const answer = (body: PhraseImportAnswer, status = 200) => Response.json(body, { status, headers: noStore });

/** Catalogue ids are short slugs; anything longer is no id of ours. */
const MAX_ID = 200;

/**
 * POST /admin/phrases/import (multipart): the Phrases tab's "Import phrases" dialog (issue 27 point 1).
 * `check` reads the rows and says what is wrong with each, saving nothing; `import` checks them again and saves them
 * at the end of the lesson in one transaction, each planned audio group marked for the audio backfill, which the
 * dialog then runs for this lesson (POST /admin/audio-backfill). The body is capped before it is read
 * (server/http/body-limit.server.ts: 2 MB of rows and the envelope). Outside the admin layout: it answers JSON and
 * checks the caller itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return answer({ error: "Please sign in as an administrator." }, 401);
  if (!(await getIsAdmin(request, context))) return answer({ error: "Only administrators can import phrases." }, 403);
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");
  if (!form || (intent !== "check" && intent !== "import")) return answer({ error: "The request is not valid." }, 400);

  const check = checkPhraseRows(field("text"));
  const bad = check.rows.filter((row) => row.errors.length > 0);
  if (intent === "check" || !check.ok) {
    const body: PhraseImportAnswer = {
      intent: "check",
      ok: check.ok,
      error: check.ok ? null : check.error,
      total: check.rows.length,
      bad: bad.length,
      rows: bad.length > 0 ? bad.slice(0, PREVIEW_BAD_ROWS) : check.rows.slice(0, PREVIEW_ROWS),
    };
    return answer(body, intent === "check" ? 200 : 400);
  }

  const lesson = { languageId: field("languageId"), levelId: field("levelId"), lessonId: field("lessonId") };
  const audio = PHRASE_IMPORT_AUDIO.find((choice) => choice === field("audio")) as PhraseImportAudio | undefined;
  if (!audio || Object.values(lesson).some((id) => id.length > MAX_ID)) return answer({ error: "The request is not valid." }, 400);
  const runtime = getRuntime(context);
  const deps = {
    db: runtime.database.db,
    events: runtime.events,
    storage: runtime.storage,
    logger: runtime.logger,
    readings: runtime.readings,
    changes: changeRecorder(runtime.env, { userId: user.id, email: user.email }),
  };
  try {
    const result = await importPhrases(deps, lesson, check.rows, audio);
    return answer({ intent: "import", ok: true, ...result });
  } catch (error) {
    // No such lesson (never chosen, or deleted meanwhile): the dialog shows it under the Lesson select.
    if (error instanceof PhraseInputError) return answer({ intent: "import", ok: false, error: error.message }, 400);
    runtime.logger.error("Importing phrases failed", error);
    return answer({ intent: "import", ok: false, error: text.failed }, 500);
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
