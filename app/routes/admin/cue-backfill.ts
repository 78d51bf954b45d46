import { MAX_AUDIO_URL_LENGTH, MAX_CUE_PHRASES, MAX_CUE_SKIPPED, type CueBackfillAnswer } from "#common/audio-cues/cue-backfill.ts";
import { z } from "#common/zod.ts";
import { nextCuelessGroup, saveGroupCues } from "#server/admin/cue-backfill.server.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { getIsAdmin, getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/cue-backfill";

const noStore = { "Cache-Control": "no-store" };
const answer = (body: CueBackfillAnswer, status = 200) => Response.json(body, { status, headers: noStore });

const phraseId = z.uuid();
const ms = z.number().int().min(0).max(86_400_000);
const body = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("next"), skip: z.array(phraseId).max(MAX_CUE_SKIPPED).default([]) }),
  z.object({
    intent: z.literal("save"),
    audioUrl: z.string().min(1).max(MAX_AUDIO_URL_LENGTH),
    phraseIds: z.array(phraseId).min(2).max(MAX_CUE_PHRASES),
    cues: z
      .array(z.tuple([ms, ms]).refine(([start, end]) => end > start))
      .max(MAX_CUE_PHRASES)
      // In order and apart: a phrase starts at or after the previous one's end.
      .refine((cues) => cues.every((cue, i) => i === 0 || cue[0] >= cues[i - 1]![1])),
  }),
]);

/**
 * POST /admin/cue-backfill (JSON): the Phrases tab's "Audio cues" loop, one small request at a time. `next` names the
 * first group of several phrases without cues (leaving out this run's failures, by first phrase id) and how many are
 * left; `save` stores the cues the admin's browser found for one group, if the group is still those phrases playing
 * that audio. Nothing is kept between requests. Outside the admin layout: it answers JSON and checks the caller.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return answer({ error: "Please sign in as an administrator." }, 401);
  if (!(await getIsAdmin(request, context))) return answer({ error: "Only administrators can set audio cues." }, 403);
  const runtime = getRuntime(context);
  const { db } = runtime.database;
  const changes = changeRecorder(runtime.env, { userId: user.id, email: user.email });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return answer({ error: "The request is not valid." }, 400);
  if (parsed.data.intent === "next") {
    const { group, remaining } = await nextCuelessGroup(db, parsed.data.skip);
    return answer({ intent: "next", group, remaining });
  }
  const { audioUrl, phraseIds, cues } = parsed.data;
  if (cues.length !== phraseIds.length) return answer({ error: "The request is not valid." }, 400);
  const status = await saveGroupCues({ db, events: runtime.events, changes }, { audioUrl, phraseIds, cues });
  return answer({ intent: "save", status });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
