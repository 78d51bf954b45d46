import type pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type Query } from "drizzle-orm";
import { serialize } from "pg-protocol";

/**
 * A read on the hot path that the database plans once, not on every request. A statement with joins and subqueries
 * (the viewer's) costs PGlite about 1.7 ms to parse and plan against 0.2 ms to run (bench/README.md, issue 28), and
 * drizzle's query building another millisecond. Here the query is built once, its text prepared once per connection
 * under a name, and each call only sends the values, as the wire protocol's Bind and Execute:
 * - PostgreSQL: node-postgres's named statements (prepared on each pooled connection at its first use);
 * - PGlite: the same messages, written with pg-protocol (the serializer node-postgres and PGlite both use) and handed
 *   to PGlite's `execProtocolStream` in one buffer (its answer read by pg-protocol too: pglite-answers.server.ts).
 *   PGlite's own `query()` parses and plans the text on every call, in five trips into the engine; SQL
 *   `EXECUTE name(literals)` still parses and analyses the EXECUTE itself (the viewer's read: 150 µs that way
 *   against 62 µs as Bind and Execute).
 * Rows come as the driver gives them, without drizzle's column decoders: keep such reads to text, booleans, numbers
 * and json.
 */
export type RunPrepared = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

export function postgresPreparedRunner(pool: pg.Pool): RunPrepared {
  return async (name, text, values) => (await pool.query<unknown[]>({ name, text, values, rowMode: "array" })).rows;
}

type ValueParser = (text: string) => unknown;
type DataRow = { name: "dataRow"; fields: (string | null)[] };
type RowDescription = { name: "rowDescription"; fields: { dataTypeID: number }[] };

export function pglitePreparedRunner(client: PGlite): RunPrepared {
  /** Per statement name: how to read each column of its rows (from the statement's own description). */
  const prepared = new Map<string, Promise<ValueParser[]>>();
  // As PGlite's own exec() and query(): after any transaction in progress (which holds its transaction lock across
  // its statements), and alone on the one connection. execProtocolStream alone takes neither lock.
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => client.runExclusive(work));
  };
  const prepare = (name: string, text: string) =>
    exclusive(async () => {
      const messages = await client.execProtocolStream(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
        { syncToFs: false },
      );
      const description = messages.find((m) => m.name === "rowDescription") as RowDescription | undefined;
      return (description?.fields ?? []).map(({ dataTypeID }): ValueParser => {
        const parse = client.parsers[dataTypeID];
        return parse ? (text) => parse(text, dataTypeID) : (text) => text;
      });
    });
  const sendSync = serialize.sync();
  const executeAll = serialize.execute({});
  return async (name, text, values) => {
    let parsers = prepared.get(name);
    if (!parsers) {
      parsers = prepare(name, text);
      prepared.set(name, parsers);
      // A failed Parse is tried again by the next call rather than remembered.
      parsers.catch(() => prepared.delete(name));
    }
    const columns = await parsers;
    const message = Buffer.concat([serialize.bind({ statement: name, values: values.map(bindValue) }), executeAll, sendSync]);
    const messages = await exclusive(() => client.execProtocolStream(message, { syncToFs: false }));
    const rows: unknown[][] = [];
    for (const m of messages) {
      if (m.name !== "dataRow") continue;
      rows.push((m as unknown as DataRow).fields.map((value, i) => (value === null ? null : columns[i]!(value))));
    }
    return rows;
  };
}

/** What a prepared read's values may be, on either database: each has one literal and one driver encoding. */
type Value = string | number | boolean | Date | null;

function isValue(value: unknown): value is Value {
  return value === null || value instanceof Date || ["string", "number", "boolean"].includes(typeof value);
}

/** A value as the text PostgreSQL reads for it (a timestamp in ISO 8601 with its zone, as node-postgres sends one). */
function bindValue(value: unknown): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * A drizzle select made once with `sql.placeholder`s, run by name with the placeholders' values. `fields` is the
 * object given to `select()`: its keys name the row's columns, in order.
 */
export function preparedRead<Row>(run: RunPrepared, name: string, fields: Record<string, unknown>, query: { toSQL(): Query }) {
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(fields);
  return async (values: Record<string, unknown>): Promise<Row[]> => {
    const filled = fillPlaceholders(params, values);
    const wrong = filled.findIndex((value) => !isValue(value));
    if (wrong >= 0) throw new TypeError(`A prepared read takes text, numbers, booleans, dates and null, not ${typeof filled[wrong]}`);
    const rows = await run(name, text, filled);
    return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])) as Row);
  };
}
