import type { ApiWorld, CallerKind } from "#tests/api/support/api-fixture.ts";
import { callerKinds } from "#tests/api/support/api-fixture.ts";

/** One row of the API scenario table (tests/api/scenarios.test.ts). */
export interface Scenario {
  operationId: string;
  as: CallerKind;
  status: number;
  /** The request path below /api/v1, query included (the operation's own when it has no parameters). */
  path?: (world: ApiWorld) => Promise<string> | string;
  body?: (world: ApiWorld, row: number) => unknown;
  /** Extra request headers (If-None-Match, …). */
  headers?: (world: ApiWorld) => Record<string, string>;
  includes?: (world: ApiWorld) => string[];
  excludes?: (world: ApiWorld) => string[];
}

export const signedInKinds: readonly CallerKind[] = ["learner", "otherLearner", "admin"];
const isSignedIn = (kind: CallerKind) => signedInKinds.includes(kind);

/** The same row for every kind of caller (a public operation ignores credentials). */
export const anyone = (row: Omit<Scenario, "as">): Scenario[] => callerKinds.map((as) => ({ ...row, as }));

/** A signed-in operation: 401 for a visitor and every bad token, the given row for the three real callers. */
export const signedIn = (operationId: string, row: (as: CallerKind) => Omit<Scenario, "as" | "operationId">): Scenario[] =>
  callerKinds.map((as) => (isSignedIn(as) ? { operationId, as, ...row(as) } : { operationId, as, status: 401 }));

/** An admin operation: 401 for a visitor and bad tokens, 403 for learners, the given row for the admin. */
export const adminOnly = (operationId: string, row: Omit<Scenario, "as" | "operationId">): Scenario[] =>
  callerKinds.map((as) => (as === "admin" ? { operationId, as, ...row } : { operationId, as, status: isSignedIn(as) ? 403 : 401 }));

export const emailOf: Partial<Record<CallerKind, string>> = { learner: "ada@example.com", otherLearner: "bob@example.com", admin: "carol@example.com" };
