import type { RetentionResult } from "#core/studio/settings.ts";
import { moscowDay } from "#core/lib/moscow-time.ts";
import { clock } from "../clock.ts";
import type { Db } from "../leads/db.ts";
import { createStore } from "../leads/store.ts";
import { redactedMessage } from "../redact.ts";
import type { Settings } from "../settings/settings.ts";
import type { AuditLog } from "./audit.ts";

/**
 * Retention without a terminal: once a day, at RETENTION_DAILY_AT Moscow time, the studio's
 * process deletes requests and applications older than the days in force («Настройки», or
 * LEADS_RETENTION_DAYS), as `npm run retention` does, off the event loop that answers visitors.
 * Each run is claimed in the store for its day (app_settings, `retention.day`), so of several
 * studio processes on one PostgreSQL one runs it; its result is kept (`retention.last`) for
 * «Настройки» and written to the journal. Time is the server's (server/clock.ts): a test moves
 * it past the due moment instead of waiting a day.
 */
const TICK_MS = 5_000;
const DAY_KEY = "retention.day";
export const LAST_KEY = "retention.last";
/** The deleted rows' bytes may take a while to leave PostgreSQL's files; nobody waits on this run. */
const WIPE_DEADLINE_MS = 5 * 60_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** The Moscow day whose run is the latest due at `now`: the day of (now − the run's time after midnight). */
export function dueDay(now: number, at: string): string {
  const [hours, minutes] = at.split(":").map(Number) as [number, number];
  return moscowDay(now - (hours * 60 + minutes) * 60_000);
}

/** When the next run is due after `now` (for the screen). */
export function nextRun(now: number, at: string): number {
  const [hours, minutes] = at.split(":").map(Number) as [number, number];
  const today = Date.parse(`${moscowDay(now)}T00:00:00Z`) - MOSCOW_OFFSET_MS + (hours * 60 + minutes) * 60_000;
  return today > now ? today : today + 24 * 3_600_000;
}

export type RetentionDaily = { stop(): void };

export function startRetentionDaily(options: {
  db: Db;
  settings: Settings;
  audit: AuditLog;
  /** «03:30», or null: off. */
  at: string | null;
  ready: () => boolean;
  onError: (message: string, error: unknown) => void;
}): RetentionDaily {
  const { db, settings, audit, at } = options;
  if (at === null) return { stop() {} };
  let seen: string | null = null;
  let running = false;

  async function run(now: number): Promise<void> {
    const days = (await settings.live()).retentionDays;
    const cutoff = now - days * 24 * 3_600_000;
    let result: RetentionResult;
    try {
      const deleted = await createStore(db).deleteOlderThan(cutoff, days, now, { deadlineMs: WIPE_DEADLINE_MS });
      result = { at: now, ok: deleted.wiped, days, ...deleted };
    } catch (error) {
      options.onError("retention: the daily run failed", error);
      result = { at: now, ok: false, days, submissions: 0, subscriptions: 0, wiped: false, error: redactedMessage(error) };
    }
    await settings.setMark(LAST_KEY, result, now);
    await audit.write({ action: "retention.run", actor: null, target: null, at: now, details: { ...result, origin: "daily" } });
  }

  async function tick(): Promise<void> {
    if (running || !options.ready()) return;
    const now = clock.now();
    const day = dueDay(now, at as string);
    if (day === seen) return;
    running = true;
    try {
      const claimed = await settings.claimDay(DAY_KEY, day, now);
      seen = day;
      if (claimed === "claimed") await run(now);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void tick().catch((error: unknown) => options.onError("retention: the daily check failed", error)), TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
