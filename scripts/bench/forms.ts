/**
 * Form submissions under load against the production server (started as
 * `npm start` does): COUNT submissions sent at once, every tenth a job
 * application with a CV of CV_KB, delivered to a local webhook receiver and
 * SMTP sink. Prints acceptance time and latency, the time until every
 * delivery is done, and the server's peak resident memory (VmHWM).
 *
 *   npm run build && npm run bench:forms -- [count=200] [cvKB=512] [--postgres]
 *
 * --postgres runs a throwaway PostgreSQL (tests/support/postgres.ts); else the embedded store.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { leadsConfig } from "../../server/leads/config.ts";
import { createOutboxStore } from "../../server/leads/outbox-store.ts";
import { openDb } from "../../server/leads/service.ts";
import { pdf } from "../../tests/support/cv-files.ts";
import { createDatabase, startPostgres } from "../../tests/support/postgres.ts";
import { freePort, startServer, stopServer } from "../../tests/support/server.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver.ts";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const count = Number(args[0] ?? 200);
const cvBytes = Number(args[1] ?? 512) * 1024;
const postgres = process.argv.includes("--postgres");

const [crm, mail] = await Promise.all([startWebhookReceiver(), startSmtpSink()]);
const pg = postgres ? await startPostgres() : undefined;
const database = pg ? await createDatabase(pg.adminUrl, "bench") : undefined;
const dataDir = postgres ? undefined : mkdtempSync(join(tmpdir(), "bench-forms-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  SITE_ORIGIN: base,
  TRUSTED_PROXY_HOPS: "1",
  FORMS_RATE_LIMIT: "100000",
  LEADS_WEBHOOK_URL: crm.url,
  LEADS_WEBHOOK_SECRET: crm.secret,
  SMTP_URL: mail.url,
  DATABASE_URL: database?.url ?? "",
  DATA_DIR: dataDir ?? "./data",
};
const server = await startServer(port, env);
const db = await openDb(leadsConfig(parseEnv(env)));
const outbox = createOutboxStore(db);
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024;

try {
  const position = content().positions[0]?.slug ?? "";
  const cv = pdf(cvBytes);
  await fetch(`${base}/forms/project/`); // loads the content once, as any first rendered page does
  const idle = hwm();
  const started = performance.now();
  const latencies: number[] = [];
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const form = new FormData();
      const job = i % 10 === 9;
      const fields: Record<string, string> = job
        ? { position, name: `Соискатель ${i}`, email: `job${i}@bench.example`, phone: "+79031112233" }
        : { name: `Клиент ${i}`, phone: "+79121234567", email: `lead${i}@bench.example`, message: "Нужна аналитика" };
      for (const [k, v] of Object.entries({ ...fields, id: crypto.randomUUID(), consent: "yes", elapsed: "9000" })) form.append(k, v);
      if (job) form.append("cv", new File([cv as BlobPart], "cv.pdf"));
      const t = performance.now();
      const res = await fetch(`${base}/api/forms/${job ? "job" : "project"}/`, {
        method: "POST",
        body: form,
        headers: { Accept: "application/json", "X-Forwarded-For": `10.9.${i >> 8}.${i & 255}` },
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      return res.status;
    }),
  );
  const accepted = performance.now() - started;
  while ((await outbox.unfinished()).length > 0) await new Promise((r) => setTimeout(r, 100));
  const delivered = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(0);
  console.log(`store: ${postgres ? "postgres" : "sqlite"}; ${count} submissions at once, ${Math.ceil(count / 10)} with a ${cvBytes / 1024} KB CV`);
  console.log(`200 answers: ${statuses.filter((s) => s === 200).length}/${count}; all answered in ${accepted.toFixed(0)} ms (${((count / accepted) * 1000).toFixed(0)}/s); latency p50 ${pct(50)} ms, p95 ${pct(95)} ms`);
  console.log(`all ${crm.accepted.size} webhooks and ${mail.messages.length} e-mails delivered ${delivered.toFixed(0)} ms after the start`);
  console.log(`peak resident memory: ${idle.toFixed(1)} MB before, ${hwm().toFixed(1)} MB after`);
} finally {
  await stopServer(server);
  await db.close();
  await Promise.all([crm.close(), mail.close()]);
  await database?.drop();
  await pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
