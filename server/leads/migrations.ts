import type { Db } from "./db.ts";

/**
 * Schema versions, applied in order at start-up inside one transaction and
 * recorded in schema_migrations, so running them again changes nothing.
 * Only the column types differ between the backends. Append new versions;
 * never edit an applied one.
 */
type Dialect = { id: string; bytes: string; bigint: string; appendOnly: (table: string) => string[] };
const DIALECTS: Record<Db["backend"], Dialect> = {
  sqlite: {
    id: "INTEGER PRIMARY KEY",
    bytes: "BLOB",
    bigint: "INTEGER",
    appendOnly: (table) =>
      ["UPDATE", "DELETE"].map(
        (op) => `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
      ),
  },
  postgres: {
    id: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    bytes: "BYTEA",
    bigint: "BIGINT",
    appendOnly: (table) => [
      `CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${table} is append-only'; END $$`,
      `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_append_only()`,
    ],
  },
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
  // The studio (server/studio): accounts, server-side sessions (only the id's hash is kept),
  // sign-in attempts shared by every server, and the append-only audit log.
  (d) => [
    `CREATE TABLE studio_users (
      id ${d.id},
      login TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      role TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at ${d.bigint} NOT NULL,
      updated_at ${d.bigint} NOT NULL
    )`,
    `CREATE TABLE studio_sessions (
      id_hash TEXT PRIMARY KEY,
      user_id ${d.bigint} NOT NULL REFERENCES studio_users (id) ON DELETE CASCADE,
      created_at ${d.bigint} NOT NULL,
      last_seen_at ${d.bigint} NOT NULL,
      ip TEXT NOT NULL
    )`,
    "CREATE INDEX studio_sessions_user ON studio_sessions (user_id)",
    `CREATE TABLE studio_sign_in_attempts (
      id ${d.id},
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      at ${d.bigint} NOT NULL
    )`,
    "CREATE INDEX studio_sign_in_attempts_key ON studio_sign_in_attempts (scope, key, at)",
    `CREATE TABLE studio_audit (
      id ${d.id},
      at ${d.bigint} NOT NULL,
      actor_id ${d.bigint},
      actor_login TEXT,
      action TEXT NOT NULL,
      target TEXT,
      details TEXT NOT NULL,
      ip TEXT
    )`,
    "CREATE INDEX studio_audit_at ON studio_audit (at)",
    "CREATE INDEX studio_audit_actor ON studio_audit (actor_login, at)",
    "CREATE INDEX studio_audit_action ON studio_audit (action, at)",
    ...d.appendOnly("studio_audit"),
  ],
  // The content editor (server/studio/content): drafts saved as people type, one per entry and
  // person, and who has an entry open (a heartbeat while the editor is open).
  (d) => [
    `CREATE TABLE studio_drafts (
      type TEXT NOT NULL,
      slug TEXT NOT NULL,
      user_id ${d.bigint} NOT NULL REFERENCES studio_users (id) ON DELETE CASCADE,
      entry_values TEXT NOT NULL,
      base_hash TEXT,
      updated_at ${d.bigint} NOT NULL,
      PRIMARY KEY (type, slug, user_id)
    )`,
    `CREATE TABLE studio_presence (
      type TEXT NOT NULL,
      slug TEXT NOT NULL,
      user_id ${d.bigint} NOT NULL REFERENCES studio_users (id) ON DELETE CASCADE,
      seen_at ${d.bigint} NOT NULL,
      PRIMARY KEY (type, slug, user_id)
    )`,
    "CREATE INDEX studio_presence_seen ON studio_presence (seen_at)",
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
