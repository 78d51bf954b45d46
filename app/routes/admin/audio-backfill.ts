import { MAX_ID_LENGTH, MAX_SKIPPED, type BackfillAnswer, type BackfillGroupKey } from "#common/audio-backfill.ts";
import { z } from "#common/zod.ts";
import { generateGroupAudio, nextAudiolessGroup, NothingToSpeakError } from "#server/admin/audio-backfill.server.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { SpeechServiceError } from "#server/tts/text-to-speech.server.ts";
import type { Route } from "./+types/audio-backfill";

const noStore = { "Cache-Control": "no-store" };
const answer = (body: BackfillAnswer, status = 200) => Response.json(body, { status, headers: noStore });

const id = z.string().trim().min(1).max(MAX_ID_LENGTH);
const lesson = z.object({ languageId: id, levelId: id, lessonId: id });
const key = lesson.extend({ batch: z.uuid().nullable().default(null) });
const body = z.discriminatedUnion("intent", [
  // `lesson`: only that lesson's groups (the Import phrases dialog's run).
  z.object({ intent: z.literal("next"), skip: z.array(key).max(MAX_SKIPPED).default([]), lesson: lesson.optional() }),
  z.object({ intent: z.literal("generate"), group: key }),
]);

/**
 * POST /admin/audio-backfill (JSON): the "Phrases without audio" page's generate loop, one small request at a time.
 * `next` names the first group still without audio (leaving out this run's failures) and how many are left;
 * `generate` gives one group speech, idempotently. Nothing is kept between requests, so the loop can stop, move to
 * another server or resume later. Outside the admin layout: it answers JSON and checks the caller itself. The body
 * is capped by the default body limit (1 MiB); its own schema allows far less.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return answer({ error: "Please sign in as an administrator." }, 401);
  if (!(await getIsAdmin(request, context))) return answer({ error: "Only administrators can generate audio." }, 403);
  const runtime = getRuntime(context);
  const { db } = runtime.database;
  const changes = changeRecorder(runtime.env, { userId: user.id, email: user.email });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return answer({ error: "The request is not valid." }, 400);

  if (parsed.data.intent === "next") {
    const { group, remaining } = await nextAudiolessGroup(db, parsed.data.skip, parsed.data.lesson);
    return answer({ intent: "next", group, remaining });
  }
  const group: BackfillGroupKey = parsed.data.group;
  try {
    const result = await generateGroupAudio(
      { db, storage: runtime.storage, tts: runtime.tts, events: runtime.events, logger: runtime.logger, changes },
      group,
    );
    return answer(result.status === "generated" ? { intent: "generate", status: "generated", url: result.url } : { intent: "generate", status: "done" });
  } catch (error) {
    // The group failed, not the request: a 200 that says so, and the loop lists it and goes on.
    if (error instanceof SpeechServiceError || error instanceof NothingToSpeakError) {
      return answer({ intent: "generate", status: "failed", message: error.message });
    }
    runtime.logger.error(`Generating audio for ${group.languageId}/${group.levelId}/${group.lessonId} failed`, error);
    return answer({ error: "The speech engine failed. Please try again." }, 500);
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}

