import type { Db } from "./db.ts";
import { migrate } from "./migrations.ts";
import { redactedMessage } from "../redact.ts";

/**
 * The store's start-up: migrations tried until they apply, every few seconds in the background
 * while the database is down (pages keep working; forms answer 503 meanwhile).
 */
const MIGRATION_RETRY_MS = 5_000;
/** A visitor's post while the store is down retries at once, but not more often than this. */
const MIGRATION_NUDGE_MS = 1_000;

export type Log = (entry: Record<string, unknown>) => void;

export function createStartUp(db: Db, log: Log) {
  let ready = false;
  let stopped = false;
  // Wakes the start-up retry early: a form posted while the store is down tries it again at once,
  // so the first visitor after the database is back waits seconds less.
  let wakeRetry: (() => void) | undefined;
  let lastTry = 0;

  return {
    isReady: () => ready,

    /** Whether the store is not ready yet (nudging the retry); what a form or a link asks before it uses the store. */
    unready(): boolean {
      if (ready) return false;
      if (wakeRetry && Date.now() - lastTry >= MIGRATION_NUDGE_MS) wakeRetry();
      return true;
    },

    /** Migrates, retrying until it succeeds: true once the store is ready, false when stopped first. */
    async migrate(): Promise<boolean> {
      for (;;) {
        lastTry = Date.now();
        try {
          const applied = await migrate(db);
          if (applied.length > 0) log({ level: "info", message: "store: migrations applied", backend: db.backend, versions: applied });
          break;
        } catch (error) {
          if (stopped) return false;
          log({ level: "error", message: "store: unavailable at start-up, retrying", backend: db.backend, error: redactedMessage(error) });
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, MIGRATION_RETRY_MS);
            timer.unref();
            wakeRetry = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeRetry = undefined;
        }
      }
      if (stopped) return false;
      ready = true;
      return true;
    },

    stop(): void {
      stopped = true;
    },
  };
}
