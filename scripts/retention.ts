/**
 * Deletes requests and applications older than LEADS_RETENTION_DAYS (or
 * `-- --days N`), with their CV files and delivery records, and subscriptions
 * never confirmed. Confirmed subscriptions keep their request: it records the
 * consent. The deleted bytes leave the store's files as well (server/leads/wipe.ts).
 * The run is server/studio/retention-run.ts, the one the studio's process makes each day by itself
 * (server/studio/retention-daily.ts), recorded the same way for «Настройки» and the journal; this
 * command is for a server without the studio (STUDIO=off, RETENTION_DAILY_AT=off) and for a run now.
 */
import { clock } from "../server/clock.ts";
import { leadsConfig } from "../server/leads/config.ts";
import { migrate } from "../server/leads/migrations.ts";
import { openDb } from "../server/leads/service.ts";
import { createSettings } from "../server/settings/settings.ts";
import { createAuditLog } from "../server/studio/audit.ts";
import { runRetention } from "../server/studio/retention-run.ts";

const config = leadsConfig();
const flag = process.argv.indexOf("--days");
const given = flag === -1 ? null : Number(process.argv[flag + 1]);
if (given !== null && (!Number.isInteger(given) || given < 1)) {
  console.error("usage: npm run retention [-- --days N]   (N ≥ 1)");
  process.exit(2);
}

const db = await openDb(config);
let code = 0;
try {
  await migrate(db);
  // The server's time (a test moves it forward a year instead of waiting for one).
  const result = await runRetention({ db, settings: createSettings(db, config.settings), audit: createAuditLog(db) }, { now: clock.now(), days: given ?? undefined, origin: "command" });
  if (result.failure) throw result.failure;
  const cutoff = result.at - result.days * 24 * 3_600_000;
  console.log(`older than ${result.days} days (before ${new Date(cutoff).toISOString()}): deleted ${result.submissions} submissions, ${result.subscriptions} unconfirmed subscriptions`);
  if (!result.wiped) {
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
