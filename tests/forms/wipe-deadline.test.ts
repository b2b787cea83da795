import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Db, Row } from "../../server/leads/db.ts";
import { openPostgres } from "../../server/leads/db-postgres.ts";
import { migrate } from "../../server/leads/migrations.ts";
import { markForWipe, wipeDeleted } from "../../server/leads/wipe.ts";
import { eventually } from "../support/eventually.ts";
import { createDatabase } from "../support/postgres.ts";

/**
 * PostgreSQL's rewrite of the tables personal data left (server/leads/wipe.ts) answers within its
 * deadline even when a table's lock is held, leaves that table marked, and a later run (or the
 * server's own retry) rewrites it. A deletion that marks a table while a rewrite of it runs keeps
 * its mark.
 */
const DEADLINE_MS = 3_000;

describe("the PostgreSQL rewrite after a deletion", () => {
  let db: Db;
  let url = "";
  let drop = async () => {};
  beforeAll(async () => {
    const database = await createDatabase(inject("postgresAdminUrl"), "wipe");
    url = database.url;
    drop = database.drop;
    db = openPostgres(url);
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const marked = async () => (await db.query<Row & { table_name: string }>("SELECT table_name FROM wipe_pending ORDER BY table_name")).map((r) => r.table_name);

  /** A second connection holding `table` (ACCESS SHARE, as a long read does) until released. */
  async function hold(table: string): Promise<{ release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    await client.query(`LOCK TABLE ${table} IN ACCESS SHARE MODE`);
    return {
      async release() {
        await client.query("COMMIT");
        await client.end();
      },
    };
  }

  it("answers within its deadline with false when a table stays locked, and a later run rewrites it", async () => {
    await db.transaction((tx) => markForWipe(tx, ["files", "outbox"]));
    const held = await hold("outbox");
    try {
      const started = Date.now();
      const wiped = await wipeDeleted(db, { deadlineMs: DEADLINE_MS, retryMs: 60_000 });
      const took = Date.now() - started;
      expect(wiped).toBe(false);
      expect(took).toBeLessThan(DEADLINE_MS + 1_000);
      // The table it could rewrite is unmarked, the one held stays marked.
      expect(await marked()).toEqual(["outbox"]);
    } finally {
      await held.release();
    }
    expect(await wipeDeleted(db, { deadlineMs: DEADLINE_MS })).toBe(true);
    expect(await marked()).toEqual([]);
  });

  it("tries again by itself once the lock is released", async () => {
    await db.transaction((tx) => markForWipe(tx, ["subscriptions"]));
    const held = await hold("subscriptions");
    try {
      expect(await wipeDeleted(db, { deadlineMs: 1_000, retryMs: 500 })).toBe(false);
      expect(await marked()).toEqual(["subscriptions"]);
    } finally {
      await held.release();
    }
    await eventually(async () => (await marked()).length === 0, 20_000, "the server's own retry to rewrite the table");
  });

  it("keeps the mark of a deletion that committed while a rewrite of its table ran", async () => {
    await db.transaction((tx) => markForWipe(tx, ["submission_comments"]));
    // The rewrite reads the mark and waits for the table's lock, held by a reader.
    const held = await hold("submission_comments");
    const rewriting = wipeDeleted(db, { deadlineMs: 10_000 });
    await eventually(async () => {
      const [waiting] = await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE query LIKE 'VACUUM FULL submission_comments%' AND wait_event_type = 'Lock'");
      return Number(waiting?.n) > 0;
    }, 10_000, "the rewrite waiting for its lock");
    // Another deletion marks the table again meanwhile (its mark already there) and commits.
    await db.transaction((tx) => markForWipe(tx, ["submission_comments"]));
    await held.release();
    expect(await rewriting).toBe(true);
    // Its mark stayed: its own rewrite (or the next) has it to do.
    expect(await marked()).toEqual(["submission_comments"]);
    expect(await wipeDeleted(db)).toBe(true);
    expect(await marked()).toEqual([]);
  });
});
