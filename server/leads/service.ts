import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { paths } from "#core/lib/paths.ts";
import type { LeadsService } from "#core/forms/service.server.ts";
import { type LeadsConfig, leadsConfig } from "./config.ts";
import type { Db } from "./db.ts";
import { assignmentLetter, confirmationLetter, teamLetter, webhookBody } from "./letters.ts";
import type { Mailer } from "./mail.ts";
import { migrate } from "./migrations.ts";
import { createOutboxWorker, type OutboxWorker } from "./outbox.ts";
import { createOutboxStore } from "./outbox-store.ts";
import { createStore } from "./store.ts";
import { createSubmit, tokenHash } from "./submit.ts";
import type { OutboxItem, Submission } from "./types.ts";
import { redactedMessage } from "../redact.ts";
import { DeliveryError, postWebhook } from "./webhook.ts";
import { webhookTargetProblem } from "./webhook-target.ts";
import { createSettings, type Settings } from "../settings/settings.ts";

/**
 * Starts storage, migrations and delivery, and registers the service the
 * form routes call. Pages keep working while the database is down: start-up
 * retries the migrations in the background and forms answer 503 meanwhile.
 */
const MIGRATION_RETRY_MS = 5_000;
/** A visitor's post while the store is down retries at once, but not more often than this. */
const MIGRATION_NUDGE_MS = 1_000;
const log = (entry: Record<string, unknown>) => console.error(JSON.stringify(entry));

/** The person's own values as the submission holds them: a receiver's error may quote them in any form (a name most of all). */
const PERSONAL_FIELDS = ["name", "email", "phone", "company"];
const personalValues = (submission: Submission): string[] =>
  PERSONAL_FIELDS.map((field) => submission.data[field]).filter((value): value is string => typeof value === "string" && value !== "");

export type LeadsRuntime = {
  /** The store, shared with the studio (server/studio): one connection (SQLite) or pool per process. */
  db: Db;
  /** «Настройки»: the values set in the studio, read from the store when needed (server/settings/settings.ts). */
  settings: Settings;
  /** What route code submits forms to (handed to each request through the load context). */
  service: LeadsService;
  ready: Promise<void>;
  /** Readiness of the store (/readyz): throws while it is unreachable or not yet migrated. */
  check(): Promise<void>;
  /** With mail configured: wakes the outbox for a letter just queued (the studio's assignment letters); none without mail. */
  mailQueued: (() => void) | undefined;
  stop(): Promise<void>;
};

/** The configured backend; its driver is loaded only when used (memory of the default set-up). */
export async function openDb(config: LeadsConfig): Promise<Db> {
  if (config.databaseUrl) return (await import("./db-postgres.ts")).openPostgres(config.databaseUrl);
  return (await import("./db-sqlite.ts")).openSqlite(config.dataDir);
}

/**
 * Only one process delivers from an embedded store: the worker skips items
 * it is delivering, which only works inside one process. A lock file holds
 * the owner's pid; a stale one (its process is gone, e.g. after kill -9) is taken over.
 */
function takeDeliveryLock(dataDir: string): (() => void) | null {
  const file = join(resolve(dataDir), "outbox.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readFileSync(file, "utf8").trim());
    if (owner !== process.pid && isAlive(owner)) return null;
    rmSync(file, { force: true });
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** One webhook delivery, to the address in force now: one changed in «Настройки» since the submission came is the one called. */
async function deliverWebhook(settings: Settings, submission: Submission, item: OutboxItem): Promise<void> {
  const { webhook } = await settings.live();
  if (!webhook) throw new DeliveryError("no webhook is set (LEADS_WEBHOOK_URL or «Настройки»)");
  const problem = webhook.checked ? await webhookTargetProblem(webhook.url, settings.allowLocalWebhook) : null;
  if (problem) throw new DeliveryError(`webhook: the address set in «Настройки» may not be called (${problem})`);
  const { event, body } = webhookBody(submission, item);
  await postWebhook({ ...webhook, publicOnly: webhook.checked && !settings.allowLocalWebhook }, body, { "X-Lead-Id": submission.id, "X-Lead-Event": event, "X-Lead-Delivery": `${item.id}.${item.attempts + 1}` });
}

/**
 * `delivers: false`: this process stores and reads, another delivers the outbox (the studio's
 * process under the site's server, decision 034, which wakes the site's outbox instead).
 */
export async function startLeads(config: LeadsConfig = leadsConfig(), { delivers = true }: { delivers?: boolean } = {}): Promise<LeadsRuntime> {
  const db = await openDb(config);
  const store = createStore(db);
  const outbox = createOutboxStore(db);
  const settings = createSettings(db, config.settings);
  const mailer: Mailer | undefined = config.smtp ? (await import("./mail.ts")).createMailer(config.smtp) : undefined;
  let ready = false;
  // Wakes the start-up retry early: a form posted while the store is down tries it again at once,
  // so the first visitor after the database is back waits seconds less.
  let wakeRetry: (() => void) | undefined;
  let lastTry = 0;
  const unready = (): boolean => {
    if (ready) return false;
    if (wakeRetry && Date.now() - lastTry >= MIGRATION_NUDGE_MS) wakeRetry();
    return true;
  };
  let stopped = false;
  let worker: OutboxWorker | undefined;
  let releaseLock: (() => void) | null = null;

  async function deliver(item: OutboxItem): Promise<void> {
    const submission = await store.submission(item.submissionId);
    if (!submission) throw new DeliveryError(`submission ${item.submissionId} not found`);
    try {
      await send(item, submission);
    } catch (error) {
      // Logged and stored (outbox.last_error): without the person, whatever the receiver echoed.
      throw new DeliveryError(redactedMessage(error, personalValues(submission)), { cause: error });
    }
  }

  async function send(item: OutboxItem, submission: Submission): Promise<void> {
    if (item.channel === "webhook") return deliverWebhook(settings, submission, item);
    if (!mailer) throw new DeliveryError("SMTP_URL is not set");
    if (item.channel === "assign") {
      await mailer.send(assignmentLetter(submission, item, config.origin));
      return;
    }
    if (item.channel === "confirm") {
      await mailer.send(confirmationLetter(submission, item, config.origin, paths.confirm()));
      return;
    }
    const file = submission.file ? await store.file(submission.id) : null;
    const content = file ? Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength) : undefined;
    const cv = file && content ? [{ filename: file.name, content, contentType: file.type }] : undefined;
    await mailer.send(teamLetter(submission, item, config.origin, cv));
  }

  const submit = createSubmit({ store: () => (unready() ? null : store), wake: () => worker?.wake(), config, settings: () => settings.live() });

  const service: LeadsService = {
    submit,
    async confirmationState(token) {
      if (unready()) return "unavailable";
      try {
        return (await store.subscriptionTokenValid(tokenHash(token), Date.now())) ? "valid" : "invalid";
      } catch {
        return "unavailable";
      }
    },
    async confirm(token) {
      if (unready()) return "unavailable";
      try {
        const { webhook } = await settings.live();
        const done = await store.confirmSubscription(tokenHash(token), Date.now(), webhook ? ["webhook"] : []);
        if (done) worker?.wake();
        return done !== null;
      } catch (error) {
        log({ level: "error", message: "subscription confirmation failed", error: redactedMessage(error) });
        return "unavailable";
      }
    },
  };

  const readyPromise = (async () => {
    for (;;) {
      lastTry = Date.now();
      try {
        const applied = await migrate(db);
        if (applied.length > 0) log({ level: "info", message: "store: migrations applied", backend: db.backend, versions: applied });
        break;
      } catch (error) {
        if (stopped) return;
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
    if (stopped) return;
    ready = true;
    if (!delivers) return;
    releaseLock = db.backend === "sqlite" ? takeDeliveryLock(config.dataDir) : () => {};
    if (!releaseLock) {
      log({ level: "warn", message: "outbox: another process delivers from this data directory; this one only accepts" });
      return;
    }
    worker = createOutboxWorker({ db, outbox, deliver, schedule: config.retrySchedule, log });
    worker.start();
  })();

  return {
    db,
    settings,
    service,
    ready: readyPromise,
    mailQueued: mailer ? () => worker?.wake() : undefined,
    async check() {
      if (!ready) throw new Error("store not ready: migrations have not run");
      await db.query("select 1");
    },
    async stop() {
      stopped = true;
      await worker?.stop();
      releaseLock?.();
      mailer?.close();
      await db.close();
    },
  };
}
