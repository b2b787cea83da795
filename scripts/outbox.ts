/**
 * The delivery queue, for whoever is on call:
 *   npm run outbox -- status       pending and dead items
 *   npm run outbox -- retry <id>   puts one item back in the queue (fresh retry schedule)
 *                                  and waits for the running server to deliver it
 * Uses the same store as the server (DATA_DIR or DATABASE_URL).
 */
import { leadsConfig } from "../server/leads/config.ts";
import { migrate } from "../server/leads/migrations.ts";
import { createOutboxStore } from "../server/leads/outbox-store.ts";
import { openDb } from "../server/leads/service.ts";
import type { OutboxItem } from "../server/leads/types.ts";

const WAIT_MS = 20_000;
const [command, argument] = process.argv.slice(2);
const db = await openDb(leadsConfig());
const outbox = createOutboxStore(db);

const time = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().replace("T", " ").slice(0, 19));

function row(item: OutboxItem): string {
  const next = item.status === "pending" ? time(item.nextAttemptAt) : "—";
  return [String(item.id).padEnd(6), item.status.padEnd(8), item.channel.padEnd(8), String(item.attempts).padEnd(9), next.padEnd(20), item.submissionId.padEnd(37), item.lastError ?? ""].join(" ");
}

async function status(): Promise<number> {
  const items = await outbox.unfinished();
  const dead = items.filter((i) => i.status === "dead").length;
  console.log(`pending: ${items.length - dead}, dead: ${dead}`);
  if (items.length > 0) {
    console.log(["id".padEnd(6), "status".padEnd(8), "channel".padEnd(8), "attempts".padEnd(9), "next attempt (UTC)".padEnd(20), "submission".padEnd(37), "last error"].join(" "));
    for (const item of items) console.log(row(item));
  }
  return 0;
}

async function retry(id: number): Promise<number> {
  const before = await outbox.item(id);
  if (!before) {
    console.error(`no outbox item ${id}`);
    return 1;
  }
  if (before.status === "delivered") {
    console.error(`item ${id} was already delivered at ${time(before.deliveredAt)}`);
    return 1;
  }
  await outbox.retry(id, Date.now());
  console.log(`item ${id} (${before.channel} of ${before.submissionId}) is queued again`);
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const item = await outbox.item(id);
    if (item?.status === "delivered") {
      console.log(`delivered at ${time(item.deliveredAt)}`);
      return 0;
    }
    if (item && item.attempts > 0) {
      console.log(`attempt failed: ${item.lastError}; ${item.status === "dead" ? "dead again" : `next attempt ${time(item.nextAttemptAt)} UTC`}`);
      return 0;
    }
  }
  console.log(`no attempt within ${WAIT_MS / 1000} s: is the server running? It will deliver the item when it is.`);
  return 0;
}

let code = 2;
try {
  await migrate(db);
  if (command === "status") code = await status();
  else if (command === "retry" && /^\d+$/.test(argument ?? "")) code = await retry(Number(argument));
  else console.error("usage: npm run outbox -- status | retry <id>");
} catch (error) {
  console.error(`outbox: ${(error as Error).message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
