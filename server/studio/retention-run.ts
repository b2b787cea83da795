import type { RetentionResult } from "#core/studio/settings.ts";
import { SEARCH_LOG_DAYS } from "#core/search/log.ts";
import type { Db } from "../leads/db.ts";
import { createStore } from "../leads/store.ts";
import { redactedMessage } from "../redact.ts";
import type { Settings } from "../settings/settings.ts";
import type { AuditLog } from "./audit.ts";

/** Where «Настройки» read the last run's result, whoever made it. */
export const LAST_KEY = "retention.last";

/**
 * PostgreSQL: how long the rewrite of the tables may take (server/leads/wipe.ts). Nobody waits on a
 * retention run (the studio's erasure, answered on a socket, has 20 s), so it waits longer for a lock
 * a delivery holds; VACUUM FULL holds each table exclusively meanwhile (docs/inbox.md).
 */
const WIPE_DEADLINE_MS = 5 * 60_000;

/**
 * The one retention run, made each day by the studio's process (retention-daily.ts) and on demand
 * by `npm run retention` (scripts/retention.ts): requests and applications older than the days in
 * force (`days`, else «Настройки» or LEADS_RETENTION_DAYS) go with their files and deliveries, and
 * unconfirmed subscriptions; the rows' bytes leave the store's files; and the weeks of what visitors
 * searched older than SEARCH_LOG_DAYS. Its result is kept for
 * «Настройки» and written to the journal, a failure included (with its message redacted).
 */
export async function runRetention(deps: { db: Db; settings: Settings; audit: AuditLog }, run: { now: number; days?: number; origin: "daily" | "command" }): Promise<RetentionResult & { failure?: unknown }> {
  const days = run.days ?? (await deps.settings.live()).retentionDays;
  const cutoff = run.now - days * 24 * 3_600_000;
  let result: RetentionResult & { failure?: unknown };
  try {
    const store = createStore(deps.db);
    const deleted = await store.deleteOlderThan(cutoff, days, run.now, { deadlineMs: WIPE_DEADLINE_MS });
    // What visitors searched: the weeks that ended SEARCH_LOG_DAYS ago go (counts only, no one's data).
    await store.searchLog.deleteBefore(run.now - (SEARCH_LOG_DAYS + 7) * 24 * 3_600_000);
    result = { at: run.now, ok: deleted.wiped, days, ...deleted };
  } catch (error) {
    result = { at: run.now, ok: false, days, submissions: 0, subscriptions: 0, wiped: false, error: redactedMessage(error) };
    await record(deps, result, run.origin);
    return { ...result, failure: error };
  }
  await record(deps, result, run.origin);
  return result;
}

async function record(deps: { settings: Settings; audit: AuditLog }, result: RetentionResult, origin: string): Promise<void> {
  await deps.settings.setMark(LAST_KEY, result, result.at);
  await deps.audit.write({ action: "retention.run", actor: null, target: null, at: result.at, details: { ...result, origin } });
}
