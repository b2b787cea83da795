import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { leadsConfig } from "../../server/leads/config.ts";
import type { Db } from "../../server/leads/db.ts";
import { createOutboxStore } from "../../server/leads/outbox-store.ts";
import { openDb } from "../../server/leads/service.ts";
import { createStore } from "../../server/leads/store.ts";
import { makeTestClock, type TestClock } from "./clock.ts";
import { createDatabase } from "./postgres.ts";
import { contentCommit, releasesFor, shareLiveRelease } from "./releases.ts";
import { tempDir } from "./run.ts";
import { FULL_RUN } from "./templates.ts";
import { stablePort, startServer, stopServer } from "./server.ts";
import { eventually } from "./eventually.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.ts";

/** The forms' tests poll the server's outcomes with it. */
export { eventually };

/**
 * The production server with one storage backend, wired to the test's own
 * webhook receiver and SMTP sink, plus a direct handle on the same store to
 * check what was written. Each instance has its own data directory or database.
 */
export type Backend = "sqlite" | "postgres";
export const BACKENDS: Backend[] = ["sqlite", "postgres"];
/**
 * The stores a hostile corpus is sent on. What it tests is the handlers' reading of input,
 * the same code on either store: SQLite per commit, PostgreSQL too in `npm run test:full`.
 * Storage itself (tests/studio/store.test.ts, tests/studio/inbox-store.test.ts, the forms'
 * tests) keeps both stores per commit.
 */
export const CORPUS_BACKENDS: Backend[] = FULL_RUN ? BACKENDS : ["sqlite"];
/**
 * The stores a whole publication is made on. A release reads the content folder and writes
 * files; the store only holds the session and the drafts, which the shorter tests check on
 * both stores. SQLite per commit, PostgreSQL too in `npm run test:full`.
 */
export const PUBLISHING_BACKENDS: Backend[] = CORPUS_BACKENDS;

export type FormsServerOptions = {
  webhookUrl?: string;
  webhookSecret?: string;
  smtpUrl?: string;
  env?: Record<string, string>;
  /** PostgreSQL only: the server connects here instead (a proxy the test controls). */
  databaseUrlForServer?: (url: string) => string;
  /**
   * Runs the studio's process beside the site (tests/support/studio.ts). The forms' tests go
   * without it, as a site deployed without the studio does (STUDIO=off): it costs each start a
   * second process and a core-second, and the forms never reach it.
   */
  studio?: boolean;
};

export type FormsServer = {
  backend: Backend;
  baseUrl: string;
  child: ChildProcess;
  env: Record<string, string>;
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  db: Db;
  /** The server's time: a test moves it forward instead of waiting. */
  clock: TestClock;
  store: ReturnType<typeof createStore>;
  outbox: ReturnType<typeof createOutboxStore>;
  /** What the server printed since it (re)started: JSON log lines among others. */
  output(): string;
  /** Starts the server again on the same port and store. */
  restart(): Promise<void>;
  /** SIGKILL, and waits until the process is gone. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  /** Removes the store as well. */
  dispose(): Promise<void>;
};

export const MAILBOXES = { sales: "sales@test.example", hr: "hr@test.example" };

export async function startFormsServer(backend: Backend, options: FormsServerOptions = {}): Promise<FormsServer> {
  // A stable origin, run after run and test after test: the release made for it is made once.
  const port = await stablePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  const clockDir = tempDir("site-clock-");
  const clock = makeTestClock(clockDir);
  if (backend === "sqlite") {
    dataDir = tempDir("site-forms-");
  } else {
    const database = await createDatabase(inject("postgresAdminUrl"), "forms");
    databaseUrl = database.url;
    drop = database.drop;
  }
  const env: Record<string, string> = {
    SITE_ORIGIN: baseUrl,
    TRUSTED_PROXY_HOPS: "1",
    FORMS_RATE_LIMIT: "5",
    FORMS_RATE_WINDOW_SECONDS: "600",
    OUTBOX_RETRY_SCHEDULE: "300ms,300ms,300ms",
    LEADS_EMAIL_TO: MAILBOXES.sales,
    JOBS_EMAIL_TO: MAILBOXES.hr,
    SMTP_FROM: "Сайт <site@test.example>",
    ...(options.studio ? {} : { STUDIO: "off" }),
    ...clock.env,
    ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: "" } : {}),
    ...(databaseUrl ? { DATABASE_URL: options.databaseUrlForServer?.(databaseUrl) ?? databaseUrl } : {}),
    ...(options.webhookUrl ? { LEADS_WEBHOOK_URL: options.webhookUrl, LEADS_WEBHOOK_SECRET: options.webhookSecret ?? "" } : { LEADS_WEBHOOK_URL: "" }),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : { SMTP_URL: "" }),
    ...options.env,
  };
  // Pages name the origin, and so the port: one releases folder per origin and public configuration.
  // A test that brings a releases folder of its own (a sandbox: tests/support/releases.ts) keeps it,
  // starting from the shared folder's release of the same configuration when there is one, and
  // leaving there the one its server made otherwise.
  const shared = releasesFor(["forms", port, env.PUBLIC_METRIKA_ID ?? "", env.ANALYTICS_REQUIRE_CONSENT ?? ""].join("-")).RELEASES_DIR as string;
  const own = options.env?.RELEASES_DIR;
  if (!own) env.RELEASES_DIR = shared;
  else shareLiveRelease(shared, own, { commit: contentCommit(env.CONTENT_DIR ?? "content"), only: true });
  // The test's own handle on the store, configured exactly as the server's.
  const db = await openDb(leadsConfig(parseEnv({ ...env, DATABASE_URL: databaseUrl ?? "" })));
  let output = "";
  const listen = (child: ChildProcess) => {
    output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return child;
  };
  // A server listens after at most 5 s of waiting for its store's migrations (server/main.ts); on
  // a busy machine PostgreSQL's take longer, and a test writing to the store before them would find
  // no tables. A server given a broken store on purpose is never ready: not waited for.
  const started = async () => {
    const child = listen(await startServer(port, env));
    if (!options.databaseUrlForServer) {
      await eventually(async () => (await fetch(`${baseUrl}/readyz`)).status === 200, 60_000, `${baseUrl} to be ready (/readyz)`);
    }
    return child;
  };
  const server: FormsServer = {
    backend,
    baseUrl,
    child: await started(),
    env,
    databaseUrl,
    dataDir,
    db,
    clock,
    store: createStore(db),
    outbox: createOutboxStore(db),
    output: () => output,
    /** Stops the server if it still runs (after kill9 it does not), then starts it again. */
    async restart() {
      await stopServer(server.child);
      server.child = await started();
    },
    async kill9() {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const exited = once(server.child, "exit");
      server.child.kill("SIGKILL");
      await exited;
    },
    stop: () => stopServer(server.child),
    async dispose() {
      await stopServer(server.child);
      await db.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(clockDir, { recursive: true, force: true });
    },
  };
  if (own) shareLiveRelease(own, shared, { commit: contentCommit("content") });
  return server;
}

let address = 0;
/** A distinct client address per call (the server trusts X-Forwarded-For here), so tests do not share a rate-limit window. */
export function nextIp(): string {
  address++;
  return `10.${(process.pid >> 8) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export type PostOptions = {
  ip?: string;
  headers?: Record<string, string>;
  /** The JSON endpoint (default) or the no-JavaScript one. */
  endpoint?: "api" | "page";
  body?: BodyInit;
};

export type Fields = Record<string, string | string[] | File>;

export function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  return data;
}

/** Posts a form like the site's JavaScript does (multipart, Accept: JSON, same origin), unless told otherwise. */
export function postForm(server: FormsServer, kind: FormKind, fields: Fields, options: PostOptions = {}): Promise<Response> {
  const path = options.endpoint === "page" ? `/forms/${kind}/` : `/api/forms/${kind}/`;
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Accept: options.endpoint === "page" ? "text/html" : "application/json",
      Origin: server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": options.ip ?? nextIp(),
      ...options.headers,
    },
    body: options.body ?? formData(fields),
  });
}

export const validProject = (overrides: Fields = {}): Fields => ({
  id: crypto.randomUUID(),
  name: "Анна Смирнова",
  phone: "8 (912) 345-67-89",
  email: "anna@client.example",
  company: "ООО «Клиент»",
  message: "Нужна сквозная аналитика",
  consent: "yes",
  page: "/contacts/",
  utm_source: "yandex",
  elapsed: "6000",
  ...overrides,
});

export const validSubscription = (overrides: Fields = {}): Fields => ({
  id: crypto.randomUUID(),
  email: `reader-${crypto.randomUUID().slice(0, 8)}@mail.example`,
  consent: "yes",
  page: "/sub/",
  elapsed: "6000",
  ...overrides,
});

/**
 * A forms server on `backend` with a CRM and a mailbox receiving its deliveries, for a file's
 * tests: started before them, removed after. Read its parts once they have started (in a test).
 */
export function receivingFormsServer(backend: Backend): { server: FormsServer; crm: WebhookReceiver; mail: SmtpSink } {
  const started = {} as { server: FormsServer; crm: WebhookReceiver; mail: SmtpSink };
  beforeAll(async () => {
    [started.crm, started.mail] = await Promise.all([startWebhookReceiver(), startSmtpSink()]);
    started.server = await startFormsServer(backend, { webhookUrl: started.crm.url, webhookSecret: started.crm.secret, smtpUrl: started.mail.url });
  });
  afterAll(async () => {
    await started.server?.dispose();
    await Promise.all([started.crm?.close(), started.mail?.close()]);
  });
  return started;
}

/**
 * The content's event whose registration stays open longest (its end is furthest away): the one a
 * registration in a test names. Content without an upcoming event leaves nothing to register for.
 */
export function openEvent(): { slug: string; title: string; closesAt: number } {
  const [latest] = content()
    .events.map((e) => ({ slug: e.slug, title: e.title, closesAt: Date.parse(e.endsAt ?? e.startsAt) }))
    .sort((a, b) => b.closesAt - a.closesAt);
  if (!latest || latest.closesAt < Date.now() + 86_400_000) throw new Error("content/events has no event still a day away: a registration has nothing to name");
  return latest;
}

export const validRegistration = (overrides: Fields = {}): Fields => ({
  id: crypto.randomUUID(),
  event: openEvent().slug,
  name: "Ольга Кузнецова",
  email: `guest-${crypto.randomUUID().slice(0, 8)}@mail.example`,
  phone: "+7 912 000-11-22",
  company: "ООО «Гость»",
  consent: "yes",
  page: "/events/",
  elapsed: "6000",
  ...overrides,
});

/** Runs one of the project's commands (scripts/<name>.ts) against the server's store, asynchronously: the receivers live in this process. */
export async function runScript(server: FormsServer, script: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], { env: { ...process.env, ...server.env, DATABASE_URL: server.databaseUrl ?? "" } });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const [code] = await once(child, "exit");
  return { code: code as number, out };
}
