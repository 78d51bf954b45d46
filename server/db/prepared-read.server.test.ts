import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { preparedRead } from "#server/db/prepared-read.server.ts";
import { languages } from "#server/db/schema.ts";
import { openTestDatabase } from "#tests/support/database.ts";

/** A read prepared once and run by name, on the database the suite runs on (PGlite, or PostgreSQL with TEST_DB). */
describe("prepared reads", () => {
  let handle: DatabaseHandle;
  let byName: (values: { name: string | null }) => Promise<{ id: string; name: string; shouting: boolean; tags: string[] }[]>;
  const awkward = `O'Brien \\' \\\\ ''; drop table languages; -- ü 日本`;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(languages).values([
      { id: "plain", name: "Plain" },
      { id: "awkward", name: awkward },
    ]);
    const fields = {
      id: languages.id,
      name: languages.name,
      shouting: sql<boolean>`${languages.name} = upper(${languages.name})`,
      tags: sql<string[]>`json_build_array(${languages.id}, 'x')`,
    };
    const query = handle.db.select(fields).from(languages).where(eq(languages.name, sql.placeholder("name")));
    byName = preparedRead(handle.runPrepared, "test_languages_by_name", fields, query);
  });
  afterAll(() => handle.close());

  it("answers with the select's fields, in their types, run after run", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await byName({ name: "Plain" })).toEqual([{ id: "plain", name: "Plain", shouting: false, tags: ["plain", "x"] }]);
    }
  });

  it("takes a value as data, never as SQL: quotes, backslashes and a statement in it match only the row that has it", async () => {
    expect(await byName({ name: awkward })).toEqual([{ id: "awkward", name: awkward, shouting: false, tags: ["awkward", "x"] }]);
    expect(await handle.db.$count(languages)).toBe(2);
  });

  it("a null value matches nothing, and a value of another kind is refused before the database sees it", async () => {
    expect(await byName({ name: null })).toEqual([]);
    await expect(byName({ name: { toString: () => "Plain" } as unknown as string })).rejects.toThrow(TypeError);
  });

  it("waits for a transaction in progress elsewhere and never reads its uncommitted rows", async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(languages).values({ id: "uncommitted", name: "Uncommitted" });
      inside();
      await held;
      throw new Error("rolled back");
    });
    await entered;
    const read = byName({ name: "Uncommitted" });
    finish();
    await expect(transaction).rejects.toThrow("rolled back");
    expect(await read).toEqual([]);
    expect(await handle.db.$count(languages)).toBe(2);
  });

  it("a value the database refuses rejects that call only: the next one is answered", async () => {
    const byId = preparedRead<{ id: string }>(
      handle.runPrepared,
      "test_languages_by_created",
      { id: languages.id },
      handle.db.select({ id: languages.id }).from(languages).where(sql`${languages.createdAt} > ${sql.placeholder("after")}`),
    );
    await expect(byId({ after: "not a timestamp" })).rejects.toThrow();
    expect((await byId({ after: new Date(0) })).map((row) => row.id).sort()).toEqual(["awkward", "plain"]);
    expect(await byName({ name: "Plain" })).toHaveLength(1);
  });
});
