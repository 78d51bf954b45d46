import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type Query } from "drizzle-orm";

/**
 * A read on the hot path that the database plans once, not on every request. A statement with joins and subqueries
 * (the viewer's) costs PGlite about 1.7 ms to parse and plan against 0.2 ms to run (bench/README.md, issue 28), and
 * drizzle's query building another millisecond. Here the query is built once, its text prepared once per connection
 * under a name, and each call only sends the values:
 * - PostgreSQL: node-postgres's named statements (prepared on each pooled connection at its first use);
 * - PGlite: SQL `PREPARE` on its one connection, then `EXECUTE` with the values as literals, escaped by
 *   node-postgres's `escapeLiteral` (PGlite's extended protocol cannot bind parameters to an `EXECUTE`).
 * Rows come as the driver gives them, without drizzle's column decoders: keep such reads to text, booleans, numbers
 * and json.
 */
export type RunPrepared = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

export function postgresPreparedRunner(pool: pg.Pool): RunPrepared {
  return async (name, text, values) => (await pool.query<unknown[]>({ name, text, values, rowMode: "array" })).rows;
}

export function pglitePreparedRunner(client: PGlite): RunPrepared {
  const prepared = new Map<string, Promise<unknown>>();
  return async (name, text, values) => {
    let ready = prepared.get(name);
    if (!ready) {
      ready = client.exec(`PREPARE ${pg.escapeIdentifier(name)} AS ${text}`);
      prepared.set(name, ready);
      // A failed PREPARE is tried again by the next call rather than remembered.
      ready.catch(() => prepared.delete(name));
    }
    await ready;
    const [result] = await client.exec(`EXECUTE ${pg.escapeIdentifier(name)}(${values.map(literal).join(", ")})`, { rowMode: "array" });
    return (result?.rows ?? []) as unknown[][];
  };
}

/** What a prepared read's values may be, on either database: each has one literal and one driver encoding. */
type Value = string | number | boolean | Date | null;

function isValue(value: unknown): value is Value {
  return value === null || value instanceof Date || ["string", "number", "boolean"].includes(typeof value);
}

function literal(value: unknown): string {
  if (value === null) return "NULL";
  return pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
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
