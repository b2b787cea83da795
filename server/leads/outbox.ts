import { redact, redactedMessage } from "../redact.ts";
import type { Db } from "./db.ts";
import type { OutboxStore, Settlement } from "./outbox-store.ts";
import type { OutboxItem } from "./types.ts";

/**
 * Delivers due outbox items, at least once: an item is marked delivered only
 * after its channel accepted it, so a crash in between means one more
 * delivery (receivers de-duplicate by submission id). A failed attempt waits
 * for the next delay of the schedule; after the last one the item is
 * dead-lettered and an alert is logged.
 */
export type OutboxWorkerOptions = {
  db: Db;
  outbox: OutboxStore;
  deliver: (item: OutboxItem) => Promise<void>;
  schedule: readonly number[];
  concurrency?: number;
  pollMs?: number;
  log?: (entry: Record<string, unknown>) => void;
  now?: () => number;
};

export type OutboxWorker = { start(): void; wake(): void; stop(deadlineMs?: number): Promise<void> };

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, outbox, deliver, schedule } = options;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1_000;
  const log = options.log ?? ((entry) => console.error(JSON.stringify(entry)));
  const now = options.now ?? Date.now;
  const delivering = new Set<number>();
  let claims: Promise<unknown> = Promise.resolve();
  let running = false;
  let active = 0;
  let poll: NodeJS.Timeout | undefined;
  let lastFailureLog = 0;

  async function attempt(item: OutboxItem): Promise<Settlement> {
    try {
      await deliver(item);
      return { delivered: true };
    } catch (error) {
      // Logged and stored: redacted here too, whatever the channel said (mail.ts and service.ts already try).
      const message = redact((error as Error).message);
      const delay = schedule[item.attempts];
      if (delay === undefined) {
        log({ level: "alert", message: "delivery dead-lettered after the last attempt", outboxId: item.id, submissionId: item.submissionId, channel: item.channel, attempts: item.attempts + 1, error: message });
        return { delivered: false, error: message, retryAt: null };
      }
      log({ level: "warn", message: "delivery failed, will retry", outboxId: item.id, channel: item.channel, attempt: item.attempts + 1, retryInMs: delay, error: message });
      if (delay < pollMs) setTimeout(wake, delay).unref();
      return { delivered: false, error: message, retryAt: now() + delay };
    }
  }

  /** Embedded store: claims are serialised so two loops never take the same item. */
  function claimLocal(): Promise<OutboxItem | null> {
    const claim = claims.then(async () => {
      const item = await outbox.claimNext(db, now(), [...delivering]);
      if (item) delivering.add(item.id);
      return item;
    });
    claims = claim.catch(() => undefined);
    return claim;
  }

  /** One item; false when nothing is due. */
  async function step(): Promise<boolean> {
    if (db.backend === "postgres") {
      // The row stays locked while it is delivered; a crash releases it with the connection.
      return db.transaction(async (tx) => {
        const item = await outbox.claimNext(tx, now(), []);
        if (!item) return false;
        wake();
        await outbox.settle(tx, item, await attempt(item), now());
        return true;
      });
    }
    const item = await claimLocal();
    if (!item) return false;
    wake();
    try {
      await outbox.settle(db, item, await attempt(item), now());
    } finally {
      delivering.delete(item.id);
    }
    return true;
  }

  async function loop() {
    active++;
    try {
      while (running && (await step()));
    } catch (error) {
      // The store is unreachable: the poll tries again; log a streak once a minute.
      if (now() - lastFailureLog > 60_000) {
        lastFailureLog = now();
        log({ level: "error", message: "outbox: cannot read the queue", error: redactedMessage(error) });
      }
    } finally {
      active--;
    }
  }

  /** Starts one more delivery loop; a loop that finds work wakes the next, up to `concurrency`. */
  function wake() {
    if (running && active < concurrency) void loop();
  }

  return {
    start() {
      if (running) return;
      running = true;
      poll = setInterval(wake, pollMs);
      poll.unref();
      wake();
    },
    wake,
    async stop(deadlineMs = 5_000) {
      running = false;
      clearInterval(poll);
      const until = Date.now() + deadlineMs;
      while (active > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
