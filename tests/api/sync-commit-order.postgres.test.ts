import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase } from "#tests/support/database.ts";
import { createApiWorld, sessionToken, type ApiWorld } from "#tests/api/support/api-fixture.ts";
import { SyncDevice } from "#tests/api/support/sync-device.ts";

/**
 * A pull never passes a row committed late (PostgreSQL only: PGlite runs one transaction at a time). Another door (a
 * plain SQL client standing for the website or the CLI) writes a favourite and holds its transaction open; the app
 * pushes meanwhile and pulls before the first commits. Without the learner's lock in the sync trigger the push would
 * draw a higher version, commit first, and move the app's cursor past the favourite still to come.
 */

let site: TestSite;
let world: ApiWorld;
let url: string;

beforeAll(async () => {
  const database = await openTestDatabase("postgres");
  url = database.url!;
  site = await startTestSite({ trustProxy: true, database });
  world = await createApiWorld(site);
}, 120_000);
afterAll(() => site?.close());

describe("versions in commit order", () => {
  it("a second writer of the same learner waits, so a pull in between misses nothing", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      const app = new SyncDevice(site, await sessionToken(site, world.users.learner), "phone");
      await app.pullAll();
      await other.query("begin");
      await other.query("insert into user_favorites (user_id, phrase_id) values ($1, $2)", [world.users.learner, world.phraseIds.hola]);

      let settled = false;
      const pushed = app.push(app.newPush({ type: "favorite.add", phraseId: world.phraseIds.adios })).finally(() => (settled = true));
      // Wait until the push is either waiting on a lock (the rule holds) or done (it does not).
      await expect
        .poll(async () => {
          if (settled) return true;
          const { rows } = await observer.query<{ n: string }>(
            "select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and not l.granted and a.datname = current_database()",
          );
          return Number(rows[0]!.n) > 0;
        }, { timeout: 20_000 })
        .toBe(true);

      // The app pulls while the first writer is still open.
      await app.pullAll();
      await other.query("commit");
      expect((await pushed).status).toBe(200);
      await app.pullAll();
      expect(app.rowsOf("favorites").map((r) => r.phraseId).sort()).toEqual([world.phraseIds.hola, world.phraseIds.adios].sort());
      const versions = app.rowsOf("favorites").map((r) => ({ phraseId: r.phraseId, version: r.version as number }));
      const hola = versions.find((v) => v.phraseId === world.phraseIds.hola)!;
      const adios = versions.find((v) => v.phraseId === world.phraseIds.adios)!;
      expect(adios.version).toBeGreaterThan(hola.version);
    } finally {
      await other.end();
      await observer.end();
    }
  });
});
