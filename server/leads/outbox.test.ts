import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./db.ts";
import { openSqlite } from "./db-sqlite.ts";
import { migrate } from "./migrations.ts";
import { createOutboxWorker } from "./outbox.ts";
import { createOutboxStore } from "./outbox-store.ts";
import { createStore } from "./store.ts";
import type { NewSubmission, OutboxItem } from "./types.ts";
import { eventually } from "../../tests/support/eventually.ts";

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "leads-unit-"));
  db = openSqlite(dir);
  await migrate(db);
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const submission = (): NewSubmission => ({
  id: crypto.randomUUID(),
  form: "project",
  createdAt: Date.now(),
  data: { name: "x" },
  page: "/",
  utm: {},
  visit: { referrer: null, landing: null },
  campaign: null,
  ip: "192.0.2.1",
  consent: { at: new Date().toISOString(), ip: "192.0.2.1", purposes: ["leads"], documents: { agreement: "1", privacy: "1" } },
  deliveries: [{ channel: "webhook" }],
});

describe("migrate", () => {
  it("applies each version once", async () => {
    expect(await migrate(db)).toEqual([]);
    const reopened = openSqlite(dir);
    expect(await migrate(reopened)).toEqual([]);
    await reopened.close();
  });
});

describe("outbox worker", () => {
  async function run(deliver: (item: OutboxItem) => Promise<void>, schedule: number[]) {
    const store = createStore(db);
    const outbox = createOutboxStore(db);
    const s = submission();
    await store.insertSubmission(s);
    const logs: Array<Record<string, unknown>> = [];
    const worker = createOutboxWorker({ db, outbox, deliver, schedule, pollMs: 20, log: (e) => logs.push(e) });
    worker.start();
    const item = await eventually(async () => {
      const found = (await outbox.forSubmission(s.id))[0];
      return found && found.status !== "pending" ? found : undefined;
    }, 5_000, "the delivery to be settled");
    await worker.stop();
    return { item, logs };
  }

  it("retries on the schedule and marks the item delivered", async () => {
    let calls = 0;
    const { item } = await run(async () => {
      if (++calls < 3) throw new Error("HTTP 500");
    }, [10, 10, 10]);
    expect(item).toMatchObject({ status: "delivered", attempts: 3, lastError: null });
  });

  it("dead-letters after the last delay and logs an alert", async () => {
    const { item, logs } = await run(async () => {
      throw new Error("HTTP 503");
    }, [10, 10]);
    expect(item).toMatchObject({ status: "dead", attempts: 3, lastError: "HTTP 503" });
    expect(logs.filter((l) => l.level === "alert")).toHaveLength(1);
  });

  it("delivers each item once even with several loops", async () => {
    const store = createStore(db);
    const outbox = createOutboxStore(db);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const s = submission();
      ids.push(s.id);
      await store.insertSubmission(s);
    }
    const delivered: string[] = [];
    const worker = createOutboxWorker({
      db,
      outbox,
      schedule: [],
      concurrency: 4,
      pollMs: 20,
      deliver: async (item) => {
        // A delivery in flight lets the other loops run and claim meanwhile.
        await new Promise((r) => setImmediate(r));
        delivered.push(item.submissionId);
      },
    });
    worker.start();
    await eventually(() => delivered.length >= 20, 5_000, "every delivery").catch(() => undefined);
    await worker.stop();
    expect(delivered.sort()).toEqual(ids.sort());
  });
});
