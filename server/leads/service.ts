import type { LeadsService } from "#core/forms/service.server.ts";
import { type LeadsConfig, leadsConfig } from "./config.ts";
import type { Db } from "./db.ts";
import { createDeliver } from "./delivery.ts";
import { takeDeliveryLock } from "./delivery-lock.ts";
import type { Mailer } from "./mail.ts";
import { createOutboxWorker, type OutboxWorker } from "./outbox.ts";
import { createOutboxStore } from "./outbox-store.ts";
import { createStartUp } from "./start-up.ts";
import { createStore, type Store } from "./store.ts";
import { createSubmit, tokenHash } from "./submit.ts";
import type { OutboxItem } from "./types.ts";
import { clock } from "../clock.ts";
import { redactedMessage } from "../redact.ts";
import { createSettings, type Settings } from "../settings/settings.ts";

/**
 * Starts storage, migrations and delivery, and registers the service the
 * form routes call. Pages keep working while the database is down: start-up
 * retries the migrations in the background and forms answer 503 meanwhile
 * (start-up.ts). Delivery is delivery.ts, its one process per data directory delivery-lock.ts.
 */
const log = (entry: Record<string, unknown>) => console.error(JSON.stringify(entry));

export type LeadsRuntime = {
  /** The store, shared with the studio (server/studio): one connection (SQLite) or pool per process. */
  db: Db;
  /** «Настройки»: the values set in the studio, read from the store when needed (server/settings/settings.ts). */
  settings: Settings;
  /** What route code submits forms to (handed to each request through the load context). */
  service: LeadsService;
  /** What visitors search, counted per week (server/search-log.ts). */
  searchLog: Store["searchLog"];
  /** Views of the landings, counted per day (server/landing-variants.ts). */
  landingViews: Store["landingViews"];
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

type ServiceDeps = { store: Store; settings: Settings; config: LeadsConfig; unready: () => boolean; wake: () => void };

/** What the form routes call: a form's submission, and a newsletter's confirmation link checked and used. */
function formsService({ store, settings, config, unready, wake }: ServiceDeps): LeadsService {
  // The server's time (server/clock.ts): what a submission is stamped with and which events are still open.
  const submit = createSubmit({ store: () => (unready() ? null : store), wake, config, settings: () => settings.live(), now: clock.now });
  return {
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
        if (done) wake();
        return done !== null;
      } catch (error) {
        log({ level: "error", message: "subscription confirmation failed", error: redactedMessage(error) });
        return "unavailable";
      }
    },
  };
}

/** The outbox's worker started, unless another process already delivers from this data directory. */
function startDelivery(db: Db, config: LeadsConfig, deliver: (item: OutboxItem) => Promise<void>): { worker: OutboxWorker; releaseLock: () => void } | null {
  const releaseLock = db.backend === "sqlite" ? takeDeliveryLock(config.dataDir) : () => {};
  if (!releaseLock) {
    log({ level: "warn", message: "outbox: another process delivers from this data directory; this one only accepts" });
    return null;
  }
  const worker = createOutboxWorker({ db, outbox: createOutboxStore(db), deliver, schedule: config.retrySchedule, log });
  worker.start();
  return { worker, releaseLock };
}

/**
 * `delivers: false`: this process stores and reads, another delivers the outbox (the studio's
 * process under the site's server, decision 034, which wakes the site's outbox instead).
 */
export async function startLeads(config: LeadsConfig = leadsConfig(), { delivers = true }: { delivers?: boolean } = {}): Promise<LeadsRuntime> {
  const db = await openDb(config);
  const store = createStore(db);
  const settings = createSettings(db, config.settings);
  const mailer: Mailer | undefined = config.smtp ? (await import("./mail.ts")).createMailer(config.smtp) : undefined;
  const startUp = createStartUp(db, log);
  let delivery: { worker: OutboxWorker; releaseLock: () => void } | null = null;
  const wake = () => delivery?.worker.wake();
  const service = formsService({ store, settings, config, unready: startUp.unready, wake });

  const ready = (async () => {
    if (!(await startUp.migrate()) || !delivers) return;
    delivery = startDelivery(db, config, createDeliver({ store, settings, mailer, origin: config.origin }));
  })();

  return {
    db,
    settings,
    service,
    searchLog: store.searchLog,
    landingViews: store.landingViews,
    ready,
    mailQueued: mailer ? wake : undefined,
    async check() {
      if (!startUp.isReady()) throw new Error("store not ready: migrations have not run");
      await db.query("select 1");
    },
    async stop() {
      startUp.stop();
      await delivery?.worker.stop();
      delivery?.releaseLock();
      mailer?.close();
      await db.close();
    },
  };
}
