import { anyone, type Scenario } from "#tests/api/scenarios/scenario.ts";
import type { ApiWorld } from "#tests/api/support/api-fixture.ts";

/**
 * The public catalogue: the same answer for every kind of caller (credentials are ignored, a bad token included).
 * Locked levels and lessons are asked for in every spelling we could think of; none may answer with their contents
 * (the table checks every body for the LOCKED markers, which are in the locked phrases' texts and audio addresses).
 */

const lockedIds = (w: ApiWorld) => [w.phraseIds.locked, w.phraseIds.lockedLevel];

const lessonsOf = (level: string) => `/languages/spanish/levels/${level}/lessons`;
const lesson = (level: string, id: string) => `${lessonsOf(level)}/${id}`;

/** A path to a locked level or lesson, and the status its spelling gets: 403 when it names it, 404 when it does not. */
const lockedSpellings: [path: string, status: number][] = [
  // The locked level b1, listing its lessons.
  [lessonsOf("b1"), 403],
  [lessonsOf("%62%31"), 403],
  [lessonsOf("%621"), 403],
  [lessonsOf("B1"), 404],
  [`${lessonsOf("b1")}/`, 404],
  [lessonsOf("b1%2F"), 404],
  [lessonsOf("b1%20"), 404],
  [lessonsOf("%2562%2531"), 404],
  ["/languages/Spanish/levels/b1/lessons", 404],
  ["/languages/%73panish/levels/b1/lessons", 403],
  ["/languages/spanish/levels/b1/LESSONS", 404],
  [`${lessonsOf("b1")}?limit=1`, 403],
  [`${lessonsOf("b1")}?cursor=x`, 403],
  // A lesson of the locked level.
  [lesson("b1", "doctor"), 403],
  [lesson("%62%31", "%64octor"), 403],
  [lesson("B1", "doctor"), 404],
  [lesson("b1", "Doctor"), 404],
  [`${lesson("b1", "doctor")}/`, 404],
  [lesson("b1", "doctor%2F"), 404],
  ["/languages/%73panish/levels/b1/lessons/doctor", 403],
  ["/languages/spanish/levels/./b1/lessons/doctor", 403],
  ["/languages/spanish/levels/a1/../b1/lessons/doctor", 403],
  // The URL parser reads %2e as a dot segment, as the server would after decoding.
  ["/languages/spanish/levels/%2e/b1/lessons/doctor", 403],
  ["/languages/spanish/levels/b1%2e/lessons/doctor", 404],
  // The locked lessons of open levels.
  [lesson("a1", "secrets"), 403],
  [lesson("a1", "%73ecrets"), 403],
  [lesson("a1", "%73%65%63%72%65%74%73"), 403],
  [lesson("a1", "Secrets"), 404],
  [lesson("a1", "SECRETS"), 404],
  [`${lesson("a1", "secrets")}/`, 404],
  [lesson("a1", "secrets%2F"), 404],
  [lesson("a1", "secrets%00"), 404],
  [lesson("a1", "%2573ecrets"), 404],
  [lesson("a1", "secrets.json"), 404],
  [lesson("A1", "secrets"), 404],
  [lesson("a2", "vault"), 403],
  [lesson("a2", "Vault"), 404],
  [lesson("a2", "%76ault"), 403],
  [lesson("a1", "vault"), 404],
];

export const catalogScenarios: Scenario[] = [
  ...anyone({ operationId: "listLanguages", status: 200, includes: () => ['"id":"spanish"', '"levelCount":3'] }),

  ...anyone({
    operationId: "listLevels",
    status: 200,
    path: () => "/languages/spanish/levels",
    includes: () => ['"id":"a1"', '"id":"b1"', '"locked":true', '"lessonCount":'],
  }),
  ...anyone({ operationId: "listLevels", status: 200, path: () => "/languages/%73panish/levels", includes: () => ['"id":"b1"'] }),
  ...anyone({ operationId: "listLevels", status: 404, path: () => "/languages/Spanish/levels" }),
  ...anyone({ operationId: "listLevels", status: 404, path: () => "/languages/spanish/levels/" }),
  ...anyone({ operationId: "listLevels", status: 404, path: () => "/languages/french/levels" }),
  ...anyone({ operationId: "listLevels", status: 400, path: () => `/languages/${"x".repeat(201)}/levels` }),

  ...anyone({
    operationId: "listLessons",
    status: 200,
    path: () => lessonsOf("a1"),
    includes: () => ['"id":"greetings"', '"id":"secrets"', '"locked":true', '"nextCursor":null'],
    excludes: lockedIds,
  }),
  ...anyone({ operationId: "listLessons", status: 200, path: () => `${lessonsOf("a2")}?limit=5`, includes: () => ['"id":"a2-05"', '"nextCursor":"'], excludes: () => ['"id":"a2-06"'] }),
  ...anyone({ operationId: "listLessons", status: 400, path: () => `${lessonsOf("a2")}?cursor=not-a-cursor` }),
  ...anyone({ operationId: "listLessons", status: 400, path: () => `${lessonsOf("a2")}?limit=0` }),
  ...anyone({ operationId: "listLessons", status: 400, path: () => `${lessonsOf("a2")}?limit=201` }),
  ...anyone({ operationId: "listLessons", status: 400, path: () => `${lessonsOf("a2")}?cursor=${"x".repeat(2001)}` }),
  ...anyone({ operationId: "listLessons", status: 403, path: () => lessonsOf("b1"), headers: () => ({ "if-none-match": "*" }) }),
  ...anyone({ operationId: "listLessons", status: 404, path: () => lessonsOf("c1") }),

  ...anyone({
    operationId: "getLesson",
    status: 200,
    path: () => lesson("a1", "greetings"),
    includes: (w) => [
      '"originalText":"Hola"',
      '"reading":"OH-lah"',
      '"cue":{"startMs":0,"endMs":800}',
      '"byteSize":4321',
      `"url":"${w.site.url}${w.audio.greetings.url}"`,
      '"sha256":"',
    ],
    excludes: lockedIds,
  }),
  ...anyone({
    operationId: "getLesson",
    status: 200,
    path: () => lesson("a2", "gaps"),
    includes: (w) => ['"byteSize":null', '"sha256":null', `"url":"${w.site.url}${w.audio.missing}"`, `"url":"${w.audio.external}"`],
  }),
  ...anyone({ operationId: "getLesson", status: 304, path: () => lesson("a1", "greetings"), headers: () => ({ "if-none-match": "*" }) }),
  ...anyone({ operationId: "getLesson", status: 200, path: () => lesson("a1", "greetings"), headers: () => ({ "if-none-match": '"stale"' }), includes: () => ["Hola"] }),
  ...anyone({ operationId: "getLesson", status: 403, path: () => lesson("a1", "secrets"), headers: () => ({ "if-none-match": "*" }) }),
  ...anyone({ operationId: "getLesson", status: 404, path: () => lesson("a1", "nothing") }),

  ...lockedSpellings.flatMap(([path, status]) =>
    anyone({
      operationId: path.includes("/lessons/") ? "getLesson" : "listLessons",
      status,
      path: () => path,
      excludes: (w) => [...lockedIds(w), "doctor", "secrets", "vault"],
    }),
  ),
];
