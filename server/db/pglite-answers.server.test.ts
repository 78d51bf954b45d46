import { messages, PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAnswersWithPgProtocol } from "#server/db/pglite-answers.server.ts";

// The embedded engine itself, in memory, with its answers read by pg-protocol: the contract PGlite's own reader kept.
describe("PGlite's answers read by pg-protocol", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    readAnswersWithPgProtocol(client);
  });
  afterAll(() => client.close());

  it("gives rows with their types, nulls and multi-byte text", async () => {
    const { rows, fields } = await client.query<Record<string, unknown>>(
      "select 7::int as n, 'Grüße, 日本語 🎧'::text as t, null::text as z, true as b, 2.5::float8 as f, '{\"a\":[1]}'::jsonb as j",
    );
    expect(fields.map((field) => field.name)).toEqual(["n", "t", "z", "b", "f", "j"]);
    expect(rows).toEqual([{ n: 7, t: "Grüße, 日本語 🎧", z: null, b: true, f: 2.5, j: { a: [1] } }]);
  });

  it("reads an answer larger than one write of the engine, messages split across writes included", async () => {
    const { rows } = await client.query<{ n: number; t: string }>(
      "select g as n, repeat('é', g % 50) || g as t from generate_series(1, 100000) g",
    );
    expect(rows).toHaveLength(100_000);
    expect(rows[99_999]).toEqual({ n: 100_000, t: "100000" });
    expect(rows[48]).toEqual({ n: 49, t: "é".repeat(49) + "49" });
  });

  it("throws PGlite's own error, with its code and statement, and the connection goes on", async () => {
    const error = await client.query("select 1 / $1::int", [0]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: "22012", message: "division by zero", query: "select 1 / $1::int", params: [0] });
    await expect(client.transaction(async (tx) => tx.query("select nope"))).rejects.toMatchObject({ code: "42703" });
    expect((await client.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });

  it("returns the error among the messages when told not to throw, and nothing after it", async () => {
    const answers = await client.execProtocolStream(Buffer.concat([serialize.query("select 1 / 0"), serialize.sync()]), {
      throwOnError: false,
      syncToFs: false,
    });
    expect(answers.map((answer) => answer.name)).toContain("error");
    const afterFailure = await client.execProtocolStream(Buffer.concat([serialize.query("select 1 / 0; select 1"), serialize.sync()]), {
      syncToFs: false,
    }).catch((caught: unknown) => caught);
    expect(afterFailure).toMatchObject({ code: "22012" });
    expect((await client.query("select 3 as three")).rows).toEqual([{ three: 3 }]);
  });

  it("hands notices to the caller", async () => {
    const notices: string[] = [];
    await client.query("do $$ begin raise notice 'listen and repeat'; end $$", [], { onNotice: (notice) => notices.push(notice.message ?? "") });
    expect(notices).toEqual(["listen and repeat"]);
  });

  it("refuses a LISTEN notification rather than dropping it", async () => {
    await expect(client.exec("listen phrasewise_test; notify phrasewise_test, 'x'")).rejects.toThrow(
      "A LISTEN notification from the embedded database: nothing reads them here",
    );
    await client.exec("unlisten *");
    expect((await client.query("select 4 as four")).rows).toEqual([{ four: 4 }]);
  });
});
