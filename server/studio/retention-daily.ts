import { moscowDay } from "#core/lib/moscow-time.ts";
import { clock } from "../clock.ts";
import type { Db } from "../leads/db.ts";
import type { Settings } from "../settings/settings.ts";
import type { AuditLog } from "./audit.ts";
import { runRetention } from "./retention-run.ts";

/**
 * Retention without a terminal: once a day, at RETENTION_DAILY_AT Moscow time, the studio's
 * process makes the retention run (retention-run.ts, the one `npm run retention` makes too), off
 * the event loop that answers visitors. Each run is claimed in the store for its day
 * (app_settings, `retention.day`), so of several studio processes on one PostgreSQL one runs it.
 * Time is the server's (server/clock.ts): a test moves
 * it past the due moment instead of waiting a day.
 */
const TICK_MS = 5_000;
const DAY_KEY = "retention.day";
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
    const result = await runRetention({ db, settings, audit }, { now, origin: "daily" });
    if (result.failure) options.onError("retention: the daily run failed", result.failure);
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
