import { z } from "zod";
import { GOAL_KINDS } from "#common/review.ts";
import { endpoint } from "#server/api/endpoint.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";
import { decodeCursor, encodeCursor, PULL_LIMIT_DEFAULT, PULL_LIMIT_MAX, pullChanges } from "#server/learning/sync-pull.server.ts";
import { announceLearnerChange } from "#server/learning/learner-changes.server.ts";
import { MAX_PUSH_CHANGES, PushRefused, pushChanges, syncChangeSchema } from "#server/learning/sync-push.server.ts";

/**
 * Two-way sync of the learner's own data (docs/decisions/012-sync.md): pull what changed since a cursor, push what
 * the device did since its last pull. The website writes the same rows through the same services.
 */

const tag = "Sync";

const version = z.number().int().positive().meta({ description: "The server's version of this change; apply a change only over an older one." });
const goal = z.object({ kind: z.enum(GOAL_KINDS), target: z.number().int() });
const timestamp = z.iso.datetime();
const changesOf = <Row extends z.ZodObject, Key extends z.ZodObject>(name: string, row: Row, key: Key) =>
  z
    .object({
      upserted: z.array(row.extend({ version })).meta({ description: "Rows created or changed: keep them whole." }),
      deleted: z.array(key.extend({ version })).meta({ description: "Keys of rows deleted: drop them." }),
    })
    .meta({ id: `Sync${name}Changes` });

const lessonKey = z.object({ languageId: z.string(), levelId: z.string(), lessonId: z.string() });
const phraseKey = z.object({ phraseId: z.uuid() });

const pullAnswer = z
  .object({
    changes: z.object({
      profile: changesOf("Profile", z.object({ username: z.string() }), z.object({})),
      settings: changesOf(
        "Settings",
        z.object({ timeZone: z.string().nullable().meta({ description: "Null until a zone was chosen (the days run on UTC)." }), goal, deckIncludesCompleted: z.boolean() }),
        z.object({}),
      ),
      progress: changesOf("Progress", lessonKey.extend({ completed: z.boolean(), updatedAt: timestamp }), lessonKey),
      favorites: changesOf("Favorites", phraseKey.extend({ createdAt: timestamp }), phraseKey),
      reviewCards: changesOf(
        "ReviewCards",
        phraseKey.extend({
          due: timestamp,
          stability: z.number(),
          difficulty: z.number(),
          scheduledDays: z.number().int(),
          learningSteps: z.number().int(),
          reps: z.number().int(),
          lapses: z.number().int(),
          state: z.number().int().meta({ description: "0 new, 1 learning, 2 review, 3 relearning." }),
          lastReview: timestamp.nullable(),
        }),
        phraseKey,
      ),
      reviewLog: changesOf(
        "ReviewLog",
        z.object({
          id: z.uuid(),
          phraseId: z.uuid(),
          rating: z.number().int(),
          state: z.number().int(),
          due: timestamp,
          stability: z.number(),
          difficulty: z.number(),
          scheduledDays: z.number().int(),
          learningSteps: z.number().int(),
          reviewedAt: timestamp,
          learnerDay: z.iso.date(),
          durationMs: z.number().int().nullable(),
          undoneAt: timestamp.nullable(),
        }),
        z.object({ id: z.uuid() }),
      ),
      days: changesOf("Days", z.object({ day: z.iso.date(), reviews: z.number().int(), lessons: z.number().int(), goal }), z.object({ day: z.iso.date() })),
    }),
    nextCursor: z.string().meta({ description: "Pull from here next time (also after an empty page)." }),
    hasMore: z.boolean().meta({ description: "More changes wait: pull again with nextCursor now." }),
  })
  .meta({ id: "SyncPage" });

export const pullEndpoint = endpoint({
  method: "get",
  path: "/sync/pull",
  operationId: "pullSync",
  summary: "Pull changes",
  description:
    "The learner's own rows changed since `cursor` (all of them without one), oldest first, and the keys of rows " +
    "deleted since. Apply each change only over an older version of the same row, then keep `nextCursor`.",
  tag,
  access: "learner",
  query: z.object({
    cursor: z.string().max(64).optional().meta({ description: "The `nextCursor` of the last pull; none for everything." }),
    limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(PULL_LIMIT_DEFAULT).meta({ description: "Changes per page." }),
  }),
  response: { status: 200, description: "A page of changes.", schema: pullAnswer },
  async handler({ runtime, caller, query }) {
    const after = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(query.cursor);
    if (after === null) throw new ApiProblem(400, "This cursor is not one the server gave.", { errors: [{ pointer: "/query/cursor", detail: "Unknown cursor" }] });
    const page = await pullChanges(runtime.database.db, caller!.userId, after, query.limit);
    return { body: { changes: page.changes as z.input<typeof pullAnswer>["changes"], nextCursor: encodeCursor(page.lastVersion), hasMore: page.hasMore } };
  },
});

const pushBody = z
  .object({
    pushId: z.uuid().meta({ description: "Made by the device for this push, and sent again with it on a retry: a push is applied once." }),
    deviceId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/, "Letters, digits and . _ : - only")
      .meta({ description: "The device's own id; its other devices are told to pull, and it need not." }),
    changes: z.array(syncChangeSchema).min(1).max(MAX_PUSH_CHANGES),
  })
  .meta({ id: "SyncPush" });

const pushAnswer = z
  .object({
    pushId: z.uuid(),
    applied: z.number().int().meta({ description: "How many changes the push held (all of them were applied)." }),
    replayed: z.boolean().meta({ description: "This push had been applied before (a retry): nothing was applied again." }),
  })
  .meta({ id: "SyncPushed" });

export const pushEndpoint = endpoint({
  method: "post",
  path: "/sync/push",
  operationId: "pushSync",
  summary: "Push changes",
  description:
    "What the device did since its last pull, applied in order in one transaction, all or nothing. A retry with the " +
    "same `pushId` gets the first answer and changes nothing. Pull afterwards for what the server made of it.",
  tag,
  access: "learner",
  body: pushBody,
  bodyLimit: 256 * 1024,
  response: { status: 200, description: "The push was applied (now or before).", schema: pushAnswer },
  problems: [409, 422],
  async handler({ runtime, caller, body }) {
    const userId = caller!.userId;
    try {
      const { result, replayed } = await pushChanges(runtime.database.db, await runtime.catalog(), userId, body);
      if (!replayed) await announceLearnerChange(runtime, userId, body.deviceId);
      return { body: { ...result, replayed } };
    } catch (error) {
      if (!(error instanceof PushRefused)) throw error;
      const where = error.index === null ? "" : `Change ${error.index} (${body.changes[error.index]!.type}) was refused: `;
      throw new ApiProblem(error.conflict ? 409 : 422, `${where}${error.message} Nothing in this push was applied.`, {
        errors: error.index === null ? [{ pointer: "/pushId", detail: error.message }] : [{ pointer: `/changes/${error.index}`, detail: error.message }],
      });
    }
  },
});

export const syncEndpoints = [pullEndpoint, pushEndpoint];
