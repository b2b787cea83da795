import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { pdf } from "../support/cv-files.ts";
import { BACKENDS, postForm, runScript, validProject } from "../support/forms-server.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * Deleting a person's data removes its bytes, not only its rows: after a deletion in the
 * studio and after `npm run retention`, no file of the store holds the e-mail, the name, the
 * phone, the message, the UTM source, the CV or the team's comment about them. SQLite: every
 * file of the data directory (the database, its write-ahead log, anything else). PostgreSQL:
 * every table and index file of the database (base/<oid>/, the statistics catalog included),
 * after a checkpoint wrote the server's memory to them.
 */
const DAY = 86_400_000;
const PASSWORD = "Erasure admin passphrase";

/**
 * Every file under the folder, as bytes. A live server removes files of its own while the
 * folder is read (PostgreSQL's pg_internal.init, a finished temp file): one that vanished
 * between the listing and the read holds nothing any more, so it is left out.
 */
function files(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      try {
        return [{ path, bytes: readFileSync(path) }];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
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
    source: `istochnik-${tag}`,
  };
}

describe.each(BACKENDS)("personal data leaves the files on %s", (backend) => {
  let server: StudioServer;
  let cookie = "";
  beforeAll(async () => {
    // The command alone deletes here (a year on by the clock): the studio's daily run is off.
    server = await startStudioServer(backend, { LEADS_RETENTION_DAYS: "365", RETENTION_DAILY_AT: "off" });
    await addUser(server, "erasure.admin", "admin", PASSWORD);
    cookie = await signIn(server, "erasure.admin", PASSWORD);
  });
  afterAll(() => server?.dispose());

  /** A project request with the newsletter box, and a job application with a CV, of one person, through the public forms. */
  async function submit(who: ReturnType<typeof person>): Promise<string[]> {
    const project = await postForm(
      server,
      "project",
      validProject({ name: who.name, email: who.email, phone: who.phone, message: who.message, newsletter: "yes", utm_source: who.source }),
    );
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
    const ids = [((await project.json()) as { id: string }).id, ((await job.json()) as { id: string }).id];
    // The team's note about the person, with their name and contacts (submission_comments).
    const note = await call(server, "POST", `/studio/api/inbox/${ids[0]}/comments`, { cookie, body: { body: `Перезвонить: ${who.name}, ${who.email}, +${who.phoneDigits}` } });
    expect(note.status).toBe(201);
    return ids;
  }

  // The name also as the search words keep it (lower-case: submission_words).
  const needles = (who: ReturnType<typeof person>) => [who.email, who.name, who.name.split(" ")[1]!.toLowerCase(), who.phoneDigits, who.message, who.cv, who.source];

  /**
   * The folder whose files are searched. PostgreSQL: the database's folder of table and index
   * files, after ANALYZE (autovacuum's would sample the person's values into pg_statistic) and a
   * CHECKPOINT (what sits in shared buffers reaches the files).
   */
  async function storeFolder(): Promise<string> {
    if (server.dataDir) return server.dataDir;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query("ANALYZE");
      await client.query("CHECKPOINT");
      const { rows } = await client.query<{ dir: string; path: string }>("SELECT current_setting('data_directory') AS dir, pg_relation_filepath('submissions') AS path");
      return join(rows[0]!.dir, dirname(rows[0]!.path));
    } finally {
      await client.end();
    }
  }

  /** What the store's files hold of the person; on PostgreSQL each file named by its relation too (what to fix). */
  async function left(who: ReturnType<typeof person>): Promise<string[]> {
    const found = holding(await storeFolder(), needles(who));
    if (server.dataDir || found.length === 0) return found;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ path: string; relname: string }>("SELECT pg_relation_filepath(oid) AS path, relname FROM pg_class WHERE pg_relation_filepath(oid) IS NOT NULL");
      const names = new Map(rows.map((r) => [r.path.split("/").pop()!, r.relname]));
      return found.map((f) => `${f} (${names.get(f.split("/").pop()!.replace(/[._].*$/, "")) ?? "?"})`);
    } finally {
      await client.end();
    }
  }

  async function rowsOf(who: ReturnType<typeof person>, ids: string[]): Promise<unknown[]> {
    const inIds = ids.map((_, i) => `$${i + 1}`).join(", ");
    return [
      ...(await server.db.query(`SELECT id FROM submissions WHERE email_key = $${ids.length + 1} OR id IN (${inIds})`, [...ids, who.email])),
      ...(await server.db.query("SELECT email FROM subscriptions WHERE email = $1", [who.email])),
      ...(await server.db.query(`SELECT submission_id FROM files WHERE submission_id IN (${inIds})`, ids)),
      ...(await server.db.query(`SELECT submission_id FROM outbox WHERE submission_id IN (${inIds})`, ids)),
      ...(await server.db.query(`SELECT submission_id FROM submission_words WHERE submission_id IN (${inIds})`, ids)),
      ...(await server.db.query(`SELECT submission_id FROM submission_comments WHERE submission_id IN (${inIds})`, ids)),
    ];
  }

  it("after a deletion in the studio («Персональные данные»): no byte of the person in any file of the store", async () => {
    const who = person();
    const ids = await submit(who);
    // Each byte string is there before: the scan below can see what it looks for.
    const folder = await storeFolder();
    for (const needle of needles(who)) expect(holding(folder, [needle]).length, `${needle} stored`).toBeGreaterThan(0);
    const found = await call(server, "POST", "/studio/api/personal-data/search", { cookie, body: { email: who.email } });
    expect(((await found.json()) as { submissions: unknown[] }).submissions).toHaveLength(2);

    const res = await call(server, "POST", "/studio/api/personal-data/delete", { cookie, body: { email: who.email, confirm: who.email } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { remains: string[] };
    expect(answer).toMatchObject({ submissions: 2, files: 1, subscriptions: 1, wiped: true });
    // What it cannot reach, and until when: backups (and on PostgreSQL its write-ahead log).
    expect(answer.remains.join(" ")).toMatch(/резервных копиях.*до\u00a0\d{1,2} [а-я]+ \d{4}/);
    if (backend === "postgres") expect(answer.remains.join(" ")).toMatch(/pg_wal.*через \d+\u00a0минут/);

    expect(await rowsOf(who, ids)).toEqual([]);
    expect(await left(who)).toEqual([]);
    // Restarting changes nothing: nothing was waiting in memory to be written back.
    await server.restart();
    expect(await left(who)).toEqual([]);
    cookie = await signIn(server, "erasure.admin", PASSWORD);
  });

  it("after `npm run retention` a year on: the same", async () => {
    const who = person();
    const ids = await submit(who);
    const folder = await storeFolder();
    for (const needle of needles(who)) expect(holding(folder, [needle]).length, `${needle} stored`).toBeGreaterThan(0);
    // The newsletter box: an unconfirmed subscription is deleted with its request.
    server.clock.advance(366 * DAY);
    const run = await runScript(server, "retention");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/deleted [1-9]\d* submissions/);

    expect(await rowsOf(who, ids)).toEqual([]);
    expect(await left(who)).toEqual([]);
  });
});
