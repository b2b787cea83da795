/**
 * The studio's inbox at scale: seeds COUNT (100,000) realistic submissions
 * into a throwaway store of each backend, starts the production server on
 * it (as `npm start` does), signs in and times the inbox's API over HTTP on
 * loopback for the filters, searches, orders and the overview people use: median and p90 of RUNS
 * (31) calls each, after a warm-up call.
 *
 *   npm run build && npm run bench:inbox [-- --count 100000] [--runs 31] [--only sqlite|postgres]
 *
 * PostgreSQL: TEST_DATABASE_URL, or a throwaway cluster of Debian's package (tests/support/postgres.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "#core/config/env.server.ts";
import { leadsConfig } from "../../server/leads/config.ts";
import type { Db } from "../../server/leads/db.ts";
import { migrate } from "../../server/leads/migrations.ts";
import { openDb } from "../../server/leads/service.ts";
import { createStore } from "../../server/leads/store.ts";
import { createAuditLog } from "../../server/studio/audit.ts";
import { hashPassword } from "../../server/studio/passwords.ts";
import { createSessionStore } from "../../server/studio/sessions.ts";
import { createUserStore } from "../../server/studio/users.ts";
import { pdf } from "../../tests/support/cv-files.ts";
import { submission } from "../../tests/support/inbox.ts";
import { createDatabase, startPostgres } from "../../tests/support/postgres.ts";
import { releasesFor } from "../../tests/support/releases.ts";
import { freePort, startServer, stopServer } from "../../tests/support/server.ts";
import { seedSubmissions } from "./inbox-seed.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" }, runs: { type: "string", default: "31" }, only: { type: "string" } } });
const COUNT = Number(values.count);
const RUNS = Number(values.runs);
const BACKENDS = (["sqlite", "postgres"] as const).filter((b) => !values.only || values.only === b);
const PASSWORD = "Benchmark passphrase 2026";

type Case = { name: string; role: "admin" | "sales" | "hr"; path: string };

/** What is asked, in the words of docs/inbox.md's table. */
function cases(sample: { id: string; number: number }): Case[] {
  const month = (m: number) => `from=2026-${String(m).padStart(2, "0")}-01&to=2026-${String(m).padStart(2, "0")}-28`;
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  return [
    { name: "all, first page (admin)", role: "admin", path: "/inbox" },
    { name: "sales: its kinds", role: "sales", path: "/inbox" },
    { name: "hr: applications", role: "hr", path: "/inbox" },
    { name: "stage = spam", role: "admin", path: "/inbox?status=spam" },
    { name: "kind = job, stage = new", role: "admin", path: "/inbox?kind=job&status=new" },
    { name: "a month (dates)", role: "sales", path: `/inbox?${month(6)}` },
    { name: "a month, stage = new", role: "sales", path: `/inbox?${month(6)}&status=new` },
    { name: "utm_source = telegram", role: "admin", path: "/inbox?utm=telegram" },
    { name: "source page /services/ecommerce-analytics/", role: "admin", path: `/inbox?source=${encodeURIComponent("/services/ecommerce-analytics/")}` },
    { name: "page 200 (offset 9,950)", role: "admin", path: "/inbox?page=200" },
    { name: "search: surname prefix «смирн»", role: "sales", path: `/inbox?${q("смирн")}` },
    { name: "search: two words «анна смирнова»", role: "sales", path: `/inbox?${q("анна смирнова")}` },
    { name: "search: common prefix «ан»", role: "admin", path: `/inbox?${q("ан")}` },
    { name: "search: e-mail prefix", role: "sales", path: `/inbox?${q("anna.smirnova")}` },
    { name: "search: phone as typed «8 916 12»", role: "admin", path: `/inbox?${q("8 916 12")}` },
    { name: "search + stage + month", role: "sales", path: `/inbox?${q("иван")}&status=contract&${month(3)}` },
    { name: "one submission (detail)", role: "admin", path: `/inbox/${sample.id}` },
    { name: "search: number «№ N»", role: "sales", path: `/inbox?${q(`№ ${sample.number}`)}` },
    { name: "search: bare number «N» (or a phone's start)", role: "admin", path: `/inbox?${q(String(sample.number))}` },
    { name: "«мои» (owner = me)", role: "sales", path: "/inbox?owner=me" },
    { name: "без ответственного (owner = none)", role: "sales", path: "/inbox?owner=none" },
    { name: "«мои», stage = proposal", role: "sales", path: "/inbox?owner=me&status=proposal" },
    { name: "sales: sort by stage", role: "sales", path: "/inbox?sort=stage" },
    { name: "sales: sort by owner", role: "sales", path: "/inbox?sort=owner" },
    { name: "admin: oldest first", role: "admin", path: "/inbox?sort=old" },
    { name: "admin: sort by stage, page 200", role: "admin", path: "/inbox?sort=stage&page=200" },
    { name: "hr: stage = interview, sort by owner", role: "hr", path: "/inbox?status=interview&sort=owner" },
    { name: "a month, sort by stage", role: "sales", path: `/inbox?${month(6)}&sort=stage` },
    { name: "overview (sales)", role: "sales", path: "/inbox/overview" },
    { name: "overview (admin)", role: "admin", path: "/inbox/overview" },
    { name: "search: company «ромашка»", role: "sales", path: `/inbox?${q("ромашка")}` },
    { name: "search: phone «+7 (916) 12»", role: "sales", path: `/inbox?${q("+7 (916) 12")}` },
    { name: "search: phone without 8 «916 12»", role: "sales", path: `/inbox?${q("916 12")}` },
    { name: "search: a comment's word «праздников»", role: "sales", path: `/inbox?${q("праздников")}` },
    { name: "funnel (sales), last 30 days", role: "sales", path: "/inbox/funnel" },
    { name: "funnel (admin), a year", role: "admin", path: `/inbox/funnel?since=${day(-364)}` },
  ];
}

/** A Moscow day `offset` days from today, YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] as number;

/** The accounts timed, and colleagues who own submissions too; the ids of those who own some. */
async function addUsers(db: Db): Promise<number[]> {
  const audit = createAuditLog(db);
  const users = createUserStore(db, audit, createSessionStore(db, { idleMs: 3_600_000, lifetimeMs: 7_200_000 }));
  const hash = await hashPassword(PASSWORD);
  const accounts: Array<[string, string, "admin" | "sales" | "hr"]> = [
    ["bench.admin", "Ада Админова", "admin"],
    ["bench.sales", "Соня Продажина", "sales"],
    ["bench.hr", "Гера Кадрова", "hr"],
    ["bench.sales2", "Борис Аккаунтов", "sales"],
    ["bench.sales3", "Вера Менеджерова", "sales"],
    ["bench.hr2", "Дина Рекрутерова", "hr"],
  ];
  for (const [login, name, role] of accounts) await users.create({ login, name, role, passwordHash: hash }, { actor: null, ip: null, via: "console" });
  const rows = await db.query<{ id: number; login: string }>("SELECT id, login FROM studio_users WHERE login <> 'bench.admin' ORDER BY login");
  return rows.map((row) => Number(row.id));
}

async function signIn(base: string, login: string): Promise<string> {
  const res = await fetch(`${base}/studio/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login}: ${res.status}`);
  return (res.headers.getSetCookie()[0] ?? "").split(";")[0] as string;
}

async function timed(base: string, cookie: string, path: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/studio/api${path}`, { headers: { Cookie: cookie, Accept: "application/json" } });
  const body = (await res.json()) as { total?: number };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, total: body.total ?? 1 };
}

type Line = { backend: string; name: string; total: number; median: number; p90: number };

async function run(backend: "sqlite" | "postgres"): Promise<Line[]> {
  const pg = backend === "postgres" ? await startPostgres() : undefined;
  const database = pg ? await createDatabase(pg.adminUrl, "bench_inbox") : undefined;
  const dataDir = backend === "sqlite" ? mkdtempSync(join(tmpdir(), "bench-inbox-")) : undefined;
  // A port nobody else holds (other checkouts run servers too); the release for its origin is made at start.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    SITE_ORIGIN: base,
    DATABASE_URL: database?.url ?? "",
    DATA_DIR: dataDir ?? "./data",
    RATE_LIMIT_BURST: "1000000",
    LOG_LEVEL: "warn",
    LEADS_WEBHOOK_URL: "",
    SMTP_URL: "",
    ...releasesFor("bench-inbox"),
  };
  const db = await openDb(leadsConfig(parseEnv(env)));
  const lines: Line[] = [];
  try {
    await migrate(db);
    const seeding = performance.now();
    const owners = await addUsers(db);
    const seeded = await seedSubmissions(createStore(db), db, COUNT, { cv: pdf(2_000), make: submission, owners });
    const [numbered] = await db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [seeded.id]);
    const sample = { id: seeded.id, number: Number(numbered?.number) };
    console.log(`${backend}: ${COUNT} submissions seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    const server = await startServer(port, env);
    const load = () => loadavg()[0]?.toFixed(1);
    console.log(`${backend}: load average ${load()} before the timings`);
    try {
      const cookies = { admin: await signIn(base, "bench.admin"), sales: await signIn(base, "bench.sales"), hr: await signIn(base, "bench.hr") };
      for (const c of cases(sample)) {
        await timed(base, cookies[c.role], c.path);
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < RUNS; i++) {
          const t = await timed(base, cookies[c.role], c.path);
          times.push(t.ms);
          total = t.total;
        }
        const line = { backend, name: c.name, total, median: median(times), p90: p90(times) };
        console.log(`${backend.padEnd(8)} ${c.name.padEnd(40)} ${String(total).padStart(7)} found   median ${line.median.toFixed(1).padStart(6)} ms   p90 ${line.p90.toFixed(1).padStart(6)} ms`);
        lines.push(line);
      }
      console.log(`${backend}: load average ${load()} after the timings`);
    } finally {
      await stopServer(server);
    }
  } finally {
    await db.close();
    await database?.drop();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

console.log(`${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, Node ${process.version}; ${COUNT} submissions, ${RUNS} calls a request`);
const all: Line[] = [];
for (const backend of BACKENDS) all.push(...(await run(backend)));
console.log("\n| request | found | SQLite median | SQLite p90 | PostgreSQL median | PostgreSQL p90 |\n| --- | ---: | ---: | ---: | ---: | ---: |");
for (const name of [...new Set(all.map((l) => l.name))]) {
  const s = all.find((l) => l.name === name && l.backend === "sqlite");
  const p = all.find((l) => l.name === name && l.backend === "postgres");
  const ms = (v: number | undefined) => (v === undefined ? "—" : `${v.toFixed(1)} ms`);
  console.log(`| ${name} | ${(s ?? p)?.total ?? "—"} | ${ms(s?.median)} | ${ms(s?.p90)} | ${ms(p?.median)} | ${ms(p?.p90)} |`);
}
