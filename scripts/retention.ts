/**
 * Deletes requests and applications older than LEADS_RETENTION_DAYS (or
 * `-- --days N`), with their CV files and delivery records, and subscriptions
 * never confirmed. Confirmed subscriptions keep their request: it records the
 * consent. The deleted bytes leave the store's files as well (server/leads/wipe.ts).
 * The studio's process runs the same each day by itself (server/studio/retention-daily.ts); this
 * command is for a server without the studio (STUDIO=off, RETENTION_DAILY_AT=off) and for a run now.
 */
import { clock } from "../server/clock.ts";
import { leadsConfig } from "../server/leads/config.ts";
import { migrate } from "../server/leads/migrations.ts";
import { openDb } from "../server/leads/service.ts";
import { createStore } from "../server/leads/store.ts";
import { createSettings } from "../server/settings/settings.ts";

const config = leadsConfig();
const flag = process.argv.indexOf("--days");
const given = flag === -1 ? null : Number(process.argv[flag + 1]);
if (given !== null && (!Number.isInteger(given) || given < 1)) {
  console.error("usage: npm run retention [-- --days N]   (N ≥ 1)");
  process.exit(2);
}

/**
 * PostgreSQL: how long the rewrite of the tables may take (wipe.ts). A daily job has no socket to
 * answer before (the server's erasure has 20 s), so it waits longer for a lock a delivery holds;
 * VACUUM FULL holds each table exclusively meanwhile (docs/inbox.md).
 */
const WIPE_DEADLINE_MS = 5 * 60_000;

const db = await openDb(config);
let code = 0;
try {
  await migrate(db);
  // The days in force: LEADS_RETENTION_DAYS where set, else what «Настройки» keeps, else 365.
  const days = given ?? (await createSettings(db, config.settings).live()).retentionDays;
  // The server's time (a test moves it forward a year instead of waiting for one).
  const now = clock.now();
  const cutoff = now - days * 24 * 3_600_000;
  const deleted = await createStore(db).deleteOlderThan(cutoff, days, now, { deadlineMs: WIPE_DEADLINE_MS });
  console.log(`older than ${days} days (before ${new Date(cutoff).toISOString()}): deleted ${deleted.submissions} submissions, ${deleted.subscriptions} unconfirmed subscriptions`);
  if (!deleted.wiped) {
    // The rows are gone; their bytes may still be in the store's files until the next run wipes them.
    console.error(
      "retention: the deleted rows' bytes could not be wiped from the store's files now (another process held the SQLite log, a table's lock was not had in time, or VACUUM failed); the next run or erasure tries again",
    );
    code = 1;
  }
} catch (error) {
  console.error(`retention: ${(error as Error).message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
