import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { PERSONAL_TABLES } from "../../server/leads/wipe.ts";
import { pdf } from "../support/cv-files.ts";
import { BACKENDS, postForm, runScript, validProject } from "../support/forms-server.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * Deleting a person's data removes its bytes, not only its rows: after a deletion in the
 * studio and after `npm run retention`, no file of the data directory (the SQLite database, its
 * write-ahead log, anything else) holds the e-mail, the name, the phone, the message or the CV;
 * on PostgreSQL the rows are gone and the tables that held them were vacuumed.
 */
const DAY = 86_400_000;
const PASSWORD = "Erasure admin passphrase";

/** Every file under the folder, as bytes. */
function files(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

/** The needles found in some file of the folder, with where. */
function holding(dir: string, needles: readonly string[]): string[] {
  const all = files(dir);
  return needles.flatMap((needle) => all.filter((f) => f.bytes.includes(Buffer.from(needle, "utf8"))).map((f) => `${needle} in ${f.path}`));
}

/** A person of their own: nothing else in the store shares a byte string with them. */
function person() {
  const tag = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const digits = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  return {
    email: `wipe.${tag}@person.example`,
    name: `Евдокия Стиралкина${tag.replace(/\d/g, "")}`,
    phone: `+7 999 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5, 7)}`,
    phoneDigits: `7999${digits}`,
    message: `Сообщение ${tag} о проекте`,
    cv: `Резюме-маркер-${tag}`,
  };
}

describe.each(BACKENDS)("personal data leaves the files on %s", (backend) => {
  let server: StudioServer;
  let cookie = "";
  beforeAll(async () => {
    server = await startStudioServer(backend, { LEADS_RETENTION_DAYS: "365" });
    await addUser(server, "erasure.admin", "admin", PASSWORD);
    cookie = await signIn(server, "erasure.admin", PASSWORD);
  });
  afterAll(() => server?.dispose());

  /** A project request with the newsletter box, and a job application with a CV, of one person, through the public forms. */
  async function submit(who: ReturnType<typeof person>): Promise<string[]> {
    const project = await postForm(server, "project", validProject({ name: who.name, email: who.email, phone: who.phone, message: who.message, newsletter: "yes" }));
    expect(project.status).toBe(200);
    const job = await postForm(server, "job", {
      id: crypto.randomUUID(),
      position: content().positions[0]!.slug,
      name: who.name,
      email: who.email,
      phone: who.phone,
      cv: new File([Buffer.concat([Buffer.from(pdf()), Buffer.from(`%${who.cv}\n`)])], `${who.cv}.pdf`, { type: "application/pdf" }),
      letter: who.message,
      consent: "yes",
      elapsed: "9000",
    });
    expect(job.status).toBe(200);
    return [((await project.json()) as { id: string }).id, ((await job.json()) as { id: string }).id];
  }

  // The name also as the search words keep it (lower-case: submission_words).
  const needles = (who: ReturnType<typeof person>) => [who.email, who.name, who.name.split(" ")[1]!.toLowerCase(), who.phoneDigits, who.message, who.cv];

  /** PostgreSQL: when each table was last vacuumed by hand (null: never). */
  async function vacuumed(): Promise<Map<string, number | null>> {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; last_vacuum: Date | null }>(
        "SELECT relname, last_vacuum FROM pg_stat_user_tables WHERE relname = ANY($1)",
        [[...PERSONAL_TABLES]],
      );
      return new Map(rows.map((r) => [r.relname, r.last_vacuum?.getTime() ?? null]));
    } finally {
      await client.end();
    }
  }

  async function expectVacuumedSince(since: number): Promise<void> {
    const times = await vacuumed();
    for (const table of PERSONAL_TABLES) expect(times.get(table) ?? 0, `${table} vacuumed`).toBeGreaterThanOrEqual(since - 1_000);
  }

  async function rowsOf(who: ReturnType<typeof person>, ids: string[]): Promise<unknown[]> {
    const inIds = ids.map((_, i) => `$${i + 1}`).join(", ");
    return [
      ...(await server.db.query(`SELECT id FROM submissions WHERE email_key = $${ids.length + 1} OR id IN (${inIds})`, [...ids, who.email])),
      ...(await server.db.query("SELECT email FROM subscriptions WHERE email = $1", [who.email])),
      ...(await server.db.query(`SELECT submission_id FROM files WHERE submission_id IN (${inIds})`, ids)),
      ...(await server.db.query(`SELECT submission_id FROM outbox WHERE submission_id IN (${inIds})`, ids)),
      ...(await server.db.query(`SELECT submission_id FROM submission_words WHERE submission_id IN (${inIds})`, ids)),
    ];
  }

  it("after a deletion in the studio («Персональные данные»): no byte of the person in any file (SQLite), rows gone and tables vacuumed (PostgreSQL)", async () => {
    const who = person();
    const ids = await submit(who);
    // Each byte string is there before: the scan below can see what it looks for.
    if (server.dataDir) for (const needle of needles(who)) expect(holding(server.dataDir, [needle]).length, `${needle} stored`).toBeGreaterThan(0);
    const found = await call(server, "POST", "/studio/api/personal-data/search", { cookie, body: { email: who.email } });
    expect(((await found.json()) as { submissions: unknown[] }).submissions).toHaveLength(2);
    const startedAt = Date.now();

    const res = await call(server, "POST", "/studio/api/personal-data/delete", { cookie, body: { email: who.email, confirm: who.email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ submissions: 2, files: 1, subscriptions: 1, wiped: true });

    expect(await rowsOf(who, ids)).toEqual([]);
    if (server.dataDir) {
      expect(holding(server.dataDir, needles(who))).toEqual([]);
      // Restarting changes nothing: nothing was waiting in memory to be written back.
      await server.restart();
      expect(holding(server.dataDir, needles(who))).toEqual([]);
      cookie = await signIn(server, "erasure.admin", PASSWORD);
    } else {
      await expectVacuumedSince(startedAt);
    }
  });

  it("after `npm run retention` a year on: the same", async () => {
    const who = person();
    const ids = await submit(who);
    // The newsletter box: an unconfirmed subscription is deleted with its request.
    server.clock.advance(366 * DAY);
    const startedAt = Date.now();
    const run = await runScript(server, "retention");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/deleted [1-9]\d* submissions/);

    expect(await rowsOf(who, ids)).toEqual([]);
    if (server.dataDir) expect(holding(server.dataDir, needles(who))).toEqual([]);
    else await expectVacuumedSince(startedAt);
  });
});
