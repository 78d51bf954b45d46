import { randomUUID } from "node:crypto";
import { addFavorite, updateUsername } from "#server/learning/learning.server.ts";
import type { ApiWorld, CallerKind } from "#tests/api/support/api-fixture.ts";
import { signedIn, type Scenario } from "#tests/api/scenarios/scenario.ts";

/**
 * Sync rows: each learner pulls their own favourite and name and never the other's; a push is the caller's own, and
 * a push naming a locked, locked-level or unknown phrase is refused whole (the table checks that no row changed).
 */

const names: Partial<Record<CallerKind, string>> = { learner: "ada-sync-name", otherLearner: "bob-sync-name", admin: "carol-sync-name" };

/** Each signed-in caller has a favourite and a chosen name before the pull rows run (idempotent). */
async function seedOwnData(world: ApiWorld) {
  const db = world.site.runtime.database.db;
  await addFavorite(db, world.users.learner, world.phraseIds.hola);
  await addFavorite(db, world.users.otherLearner, world.phraseIds.adios);
  for (const kind of ["learner", "otherLearner", "admin"] as const) await updateUsername(db, world.users[kind], names[kind]!);
}

const ownPhrase = (world: ApiWorld, as: CallerKind) =>
  as === "learner" ? [world.phraseIds.hola] : as === "otherLearner" ? [world.phraseIds.adios] : [];
const othersPhrases = (world: ApiWorld, as: CallerKind) =>
  as === "learner" ? [world.phraseIds.adios] : as === "otherLearner" ? [world.phraseIds.hola] : [world.phraseIds.hola, world.phraseIds.adios];
const othersIds = (world: ApiWorld, as: CallerKind) => Object.entries(world.users).filter(([kind]) => kind !== as).map(([, id]) => id);

const push = (...changes: object[]) => () => ({ pushId: randomUUID(), deviceId: "scenario-phone", changes });

export const syncScenarios: Scenario[] = [
  ...signedIn("pullSync", (as) => ({
    status: 200,
    path: async (world) => {
      await seedOwnData(world);
      return "/sync/pull?limit=1000";
    },
    includes: (world) => [names[as]!, ...ownPhrase(world, as), '"hasMore":false'],
    excludes: (world) => [...Object.entries(names).filter(([kind]) => kind !== as).map(([, name]) => name!), ...othersPhrases(world, as), ...othersIds(world, as)],
  })),
  ...signedIn("pushSync", () => ({
    status: 200,
    body: (world) => push({ type: "favorite.add", phraseId: world.phraseIds.adios }, { type: "settings.set", goal: { kind: "reviews", target: 15 } })(),
    includes: () => ['"replayed":false', '"applied":2'],
  })),
  // Refused whole: a phrase of a locked lesson, of a locked level, one that does not exist, after a change that would
  // have applied. The table checks that no row changed.
  ...(["locked", "lockedLevel"] as const).map(
    (which): Scenario => ({
      operationId: "pushSync",
      as: "learner",
      status: 422,
      body: (world) => push({ type: "favorite.add", phraseId: world.phraseIds.hola }, { type: "favorite.add", phraseId: world.phraseIds[which] })(),
      includes: () => ["Change 1 (favorite.add) was refused", "/changes/1"],
    }),
  ),
  {
    operationId: "pushSync",
    as: "learner",
    status: 422,
    body: push({ type: "profile.set", username: "never-saved" }, { type: "favorite.add", phraseId: randomUUID() }),
    excludes: () => ["never-saved"],
  },
  {
    operationId: "pushSync",
    as: "otherLearner",
    status: 422,
    body: push({ type: "progress.set", languageId: "spanish", levelId: "a1", lessonId: "secrets", completed: true }),
    includes: () => ["no open lesson"],
  },
  {
    operationId: "pushSync",
    as: "learner",
    status: 422,
    body: () => ({ pushId: randomUUID(), deviceId: "bad device id", changes: [] }),
    includes: () => ["/deviceId", "/changes"],
  },
  { operationId: "pullSync", as: "learner", status: 400, path: () => "/sync/pull?cursor=not-ours" },
];
