import type { Db } from "./db.ts";

/**
 * Schema versions, applied in order at start-up inside one transaction and
 * recorded in schema_migrations, so running them again changes nothing.
 * Only the column types differ between the backends. Append new versions;
 * never edit an applied one.
 */
type Dialect = { id: string; bytes: string; bigint: string };
const DIALECTS: Record<Db["backend"], Dialect> = {
  sqlite: { id: "INTEGER PRIMARY KEY", bytes: "BLOB", bigint: "INTEGER" },
  postgres: { id: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", bytes: "BYTEA", bigint: "BIGINT" },
};

const MIGRATIONS: Array<(d: Dialect) => string[]> = [
  (d) => [
    `CREATE TABLE submissions (
      id TEXT PRIMARY KEY,
      form TEXT NOT NULL,
      created_at ${d.bigint} NOT NULL,
      data TEXT NOT NULL,
      page TEXT NOT NULL,
      utm TEXT NOT NULL,
      ip TEXT NOT NULL,
      consent TEXT NOT NULL
    )`,
    "CREATE INDEX submissions_form_created ON submissions (form, created_at)",
    `CREATE TABLE files (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      size ${d.bigint} NOT NULL,
      sha256 TEXT NOT NULL,
      content ${d.bytes} NOT NULL
    )`,
    `CREATE TABLE outbox (
      id ${d.id},
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      channel TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at ${d.bigint} NOT NULL,
      last_error TEXT,
      payload TEXT,
      created_at ${d.bigint} NOT NULL,
      delivered_at ${d.bigint},
      UNIQUE (submission_id, channel)
    )`,
    "CREATE INDEX outbox_due ON outbox (status, next_attempt_at)",
    `CREATE TABLE subscriptions (
      email TEXT PRIMARY KEY,
      status TEXT NOT NULL,
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      token_hash TEXT UNIQUE,
      token_expires_at ${d.bigint},
      requested_at ${d.bigint} NOT NULL,
      confirmed_at ${d.bigint}
    )`,
  ],
];

/** Applies what is missing; returns the versions it applied. */
export async function migrate(db: Db, now = Date.now()): Promise<number[]> {
  const dialect = DIALECTS[db.backend];
  return db.transaction(async (tx) => {
    // Several servers on one PostgreSQL may start at once: one migrates, the others wait.
    if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7301)");
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at ${dialect.bigint} NOT NULL)`);
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const [index, statements] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (done.has(version)) continue;
      for (const sql of statements(dialect)) await tx.query(sql);
      await tx.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", [version, now]);
      applied.push(version);
    }
    return applied;
  });
}
