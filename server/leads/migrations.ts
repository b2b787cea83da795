import type { Db } from "./db.ts";
import { fillMoreSearchWords, fillSearchKeys, noStatisticsOfNotes, noStatisticsOfPersonalData, redactStoredErrors, writeDefaultLossReasons, writeDefaultStages } from "./migration-steps.ts";

/**
 * Schema versions, applied in order at start-up inside one transaction and
 * recorded in schema_migrations, so running them again changes nothing.
 * Only the column types differ between the backends. Append new versions;
 * never edit an applied one.
 */
type Dialect = {
  id: string;
  bytes: string;
  bigint: string;
  /** Text compared byte by byte (UTF-8 order), so a prefix is a range of an index whatever the database's locale. */
  bytewiseText: string;
  appendOnly: (table: string) => string[];
};
/** A step of a version: a statement, or work that needs code (filling a new column from JSON). */
type Step = string | ((tx: Db) => Promise<void>);
const DIALECTS: Record<Db["backend"], Dialect> = {
  sqlite: {
    id: "INTEGER PRIMARY KEY",
    bytes: "BLOB",
    bigint: "INTEGER",
    bytewiseText: "TEXT",
    appendOnly: (table) =>
      ["UPDATE", "DELETE"].map(
        (op) => `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
      ),
  },
  postgres: {
    id: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    bytes: "BYTEA",
    bigint: "BIGINT",
    bytewiseText: 'TEXT COLLATE "C"',
    appendOnly: (table) => [
      `CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${table} is append-only'; END $$`,
      `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_append_only()`,
    ],
  },
};

const MIGRATIONS: Array<(d: Dialect) => Step[]> = [
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
  // The studio's inbox (docs/inbox.md): each submission's status and its history, what it is
  // searched by (search-keys.ts), runs of `npm run retention`, and indexes for the inbox's filters.
  (d) => [
    "ALTER TABLE submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new'",
    "ALTER TABLE submissions ADD COLUMN email_key TEXT",
    "ALTER TABLE submissions ADD COLUMN phone_key TEXT",
    "ALTER TABLE submissions ADD COLUMN utm_source TEXT",
    `CREATE TABLE submission_words (
      word ${d.bytewiseText} NOT NULL,
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      PRIMARY KEY (word, submission_id)
    )`,
    "CREATE INDEX submission_words_submission ON submission_words (submission_id)",
    `CREATE TABLE submission_status_history (
      id ${d.id},
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      at ${d.bigint} NOT NULL,
      actor_id ${d.bigint},
      actor_login TEXT,
      from_status TEXT NOT NULL,
      to_status TEXT NOT NULL
    )`,
    "CREATE INDEX submission_status_history_submission ON submission_status_history (submission_id, at)",
    `CREATE TABLE retention_runs (
      id ${d.id},
      at ${d.bigint} NOT NULL,
      days INTEGER NOT NULL,
      cutoff ${d.bigint} NOT NULL,
      submissions INTEGER NOT NULL,
      subscriptions INTEGER NOT NULL
    )`,
    // Each ends with the list's order (created_at, id): a filtered page is read from the index in order, never sorted.
    "DROP INDEX submissions_form_created",
    "CREATE INDEX submissions_form_created ON submissions (form, created_at, id)",
    "CREATE INDEX submissions_created ON submissions (created_at, id)",
    "CREATE INDEX submissions_status_created ON submissions (status, created_at, id)",
    // A role's or a kind's new ones (HR's new applications): the commonest pair of filters.
    "CREATE INDEX submissions_form_status_created ON submissions (form, status, created_at, id)",
    "CREATE INDEX submissions_page_created ON submissions (page, created_at, id)",
    "CREATE INDEX submissions_utm_source_created ON submissions (utm_source, created_at, id)",
    "CREATE INDEX submissions_email_key ON submissions (email_key)",
    "CREATE INDEX submissions_phone_key ON submissions (phone_key)",
    fillSearchKeys,
  ],
  // The inbox as a pipeline (docs/inbox.md): a short number per kind, an owner, internal
  // comments, stages per kind that admins edit, and when someone last acted on a submission.
  (d) => [
    "ALTER TABLE submissions ADD COLUMN number INTEGER",
    "ALTER TABLE submissions ADD COLUMN owner_id " + d.bigint + " REFERENCES studio_users (id) ON DELETE SET NULL",
    "ALTER TABLE submissions ADD COLUMN touched_at " + d.bigint,
    "ALTER TABLE studio_users ADD COLUMN email TEXT",
    // The last number given per kind: taken and raised in the inserting transaction.
    "CREATE TABLE submission_numbers (form TEXT PRIMARY KEY, last INTEGER NOT NULL)",
    `CREATE TABLE inbox_stages (
      form TEXT NOT NULL,
      key TEXT NOT NULL,
      label TEXT NOT NULL,
      position INTEGER NOT NULL,
      closed INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (form, key)
    )`,
    `CREATE TABLE submission_comments (
      id ${d.id},
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      at ${d.bigint} NOT NULL,
      author_id ${d.bigint},
      author_login TEXT,
      author_name TEXT,
      body TEXT NOT NULL
    )`,
    "CREATE INDEX submission_comments_submission ON submission_comments (submission_id, at)",
    // Numbers for what was stored before, in the order it came, per kind.
    `UPDATE submissions SET number = n.rn FROM (
       SELECT id, ROW_NUMBER() OVER (PARTITION BY form ORDER BY created_at, id) AS rn FROM submissions
     ) AS n WHERE submissions.id = n.id`,
    "INSERT INTO submission_numbers (form, last) SELECT form, MAX(number) FROM submissions GROUP BY form",
    ...STAGE_RENAMES.flatMap(([form, from, to]) => [
      `UPDATE submissions SET status = '${to}' WHERE form = '${form}' AND status = '${from}'`,
      `UPDATE submission_status_history SET from_status = '${to}' WHERE from_status = '${from}' AND submission_id IN (SELECT id FROM submissions WHERE form = '${form}')`,
      `UPDATE submission_status_history SET to_status = '${to}' WHERE to_status = '${from}' AND submission_id IN (SELECT id FROM submissions WHERE form = '${form}')`,
    ]),
    // Touched when it came, or when its stage last changed.
    `UPDATE submissions SET touched_at = COALESCE(
       (SELECT MAX(h.at) FROM submission_status_history h WHERE h.submission_id = submissions.id), created_at)`,
    writeDefaultStages,
    "CREATE UNIQUE INDEX submissions_form_number ON submissions (form, number)",
    // «№ 1042» across the kinds a role sees.
    "CREATE INDEX submissions_number ON submissions (number)",
    // «Мои» and «без ответственного», newest first.
    "CREATE INDEX submissions_owner_created ON submissions (owner_id, created_at, id)",
    // Counted from the index alone: the overview's «без ответственного» in open stages, «мои» in a stage.
    "CREATE INDEX submissions_owner_stage ON submissions (owner_id, form, status)",
    // The overview's «untouched for 24 hours»: open stages read by the age of their last touch.
    "CREATE INDEX submissions_status_touched ON submissions (form, status, touched_at)",
    // The overview's weeks by source, read from the index alone (the rows carry their JSON).
    "CREATE INDEX submissions_created_source ON submissions (created_at, form, utm_source, page)",
  ],
  // Where a visit began (the other site, the first page) and the overview's source made of it.
  () => [
    "ALTER TABLE submissions ADD COLUMN referrer TEXT",
    "ALTER TABLE submissions ADD COLUMN landing TEXT",
    "ALTER TABLE submissions ADD COLUMN source TEXT",
    "UPDATE submissions SET source = COALESCE(NULLIF(utm_source, ''), page)",
    "DROP INDEX submissions_created_source",
    // The overview's weeks by source, read from the index alone.
    "CREATE INDEX submissions_created_source ON submissions (created_at, form, source)",
  ],
  // «Корзина» (server/studio/content/trash.ts): a deleted entry's file texts, kept 30 days for
  // «Восстановить»; whether its address was ever on the site decides the redirect offered.
  (d) => [
    `CREATE TABLE studio_trash (
      id ${d.id},
      type TEXT NOT NULL,
      slug TEXT NOT NULL,
      title TEXT NOT NULL,
      files TEXT NOT NULL,
      deleted_by_login TEXT NOT NULL,
      deleted_by_name TEXT NOT NULL,
      deleted_at ${d.bigint} NOT NULL,
      was_published INTEGER NOT NULL,
      redirected TEXT
    )`,
    "CREATE INDEX studio_trash_deleted ON studio_trash (deleted_at)",
    "CREATE INDEX studio_trash_type ON studio_trash (type, deleted_at)",
  ],
  // PostgreSQL's tables still to be rewritten after personal data left them (server/leads/wipe.ts):
  // marked in the deleting transaction, so a rewrite that failed or never ran is done by the next;
  // and no statistics of personal columns, whose sampled values pg_statistic would keep.
  // Delivery errors kept before they were redacted (server/redact.ts) are redacted now.
  () => ["CREATE TABLE wipe_pending (table_name TEXT PRIMARY KEY)", noStatisticsOfPersonalData, redactStoredErrors],
  // A mark's generation, raised by each deletion that marks its table again: a rewrite unmarks
  // only the generation it read, so a deletion committed while it ran keeps its mark (wipe.ts).
  () => ["ALTER TABLE wipe_pending ADD COLUMN generation INTEGER NOT NULL DEFAULT 1"],
  // A blocked account (server/studio/users.ts): when it was blocked, null while it may sign in.
  (d) => ["ALTER TABLE studio_users ADD COLUMN blocked_at " + d.bigint],
  // «Настройки» (server/settings/): values set in the studio, a secret's sealed (secret-box.ts),
  // and the server's own marks (the day retention last ran, its result).
  (d) => [
    `CREATE TABLE app_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at ${d.bigint} NOT NULL,
      updated_by TEXT
    )`,
  ],
  // Two-factor sign-in (server/studio/two-factor/): an account's TOTP secret, encrypted with the
  // configuration's key (never in clear), the one being set up, the last time step a code was
  // taken at (each code counts once); its recovery codes (hashed, each good once); the second
  // step of a sign-in in progress (no session before the code). Whether admins must have one is a
  // value of app_settings, beside «Настройки»'s.
  (d) => [
    `CREATE TABLE studio_two_factor (
      user_id ${d.bigint} PRIMARY KEY REFERENCES studio_users (id) ON DELETE CASCADE,
      secret TEXT,
      pending_secret TEXT,
      enabled_at ${d.bigint},
      last_step ${d.bigint} NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE studio_recovery_codes (
      user_id ${d.bigint} NOT NULL REFERENCES studio_users (id) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      used_at ${d.bigint},
      PRIMARY KEY (user_id, code_hash)
    )`,
    `CREATE TABLE studio_sign_in_challenges (
      id_hash TEXT PRIMARY KEY,
      user_id ${d.bigint} NOT NULL REFERENCES studio_users (id) ON DELETE CASCADE,
      created_at ${d.bigint} NOT NULL
    )`,
    "CREATE INDEX studio_sign_in_challenges_user ON studio_sign_in_challenges (user_id)",
  ],
  // Stages with an outcome (open, won, lost) and the reasons a submission is lost for, kept with
  // it and in its history; the search finds a request by its company and its comments too.
  () => [
    "ALTER TABLE inbox_stages ADD COLUMN outcome TEXT NOT NULL DEFAULT 'open'",
    // «Завершающий» meant either: the ends that are a contract, a hire or a handled subscription are won.
    "UPDATE inbox_stages SET outcome = CASE WHEN closed = 0 THEN 'open' WHEN key IN ('contract', 'hired', 'done') THEN 'won' ELSE 'lost' END",
    `CREATE TABLE inbox_loss_reasons (
      form TEXT NOT NULL,
      position INTEGER NOT NULL,
      label TEXT NOT NULL,
      PRIMARY KEY (form, position)
    )`,
    writeDefaultLossReasons,
    "ALTER TABLE submissions ADD COLUMN loss_reason TEXT",
    "ALTER TABLE submissions ADD COLUMN loss_note TEXT",
    "ALTER TABLE submission_status_history ADD COLUMN reason TEXT",
    "ALTER TABLE submission_status_history ADD COLUMN note TEXT",
    noStatisticsOfNotes,
    fillMoreSearchWords,
  ],
  // What visitors search (issue 58): counts per Moscow week and normalised query, and per result
  // followed from it; nothing about who searched (core/search/log.ts).
  (d) => [
    `CREATE TABLE search_log_queries (
      week ${d.bigint} NOT NULL,
      query ${d.bytewiseText} NOT NULL,
      searches INTEGER NOT NULL,
      empty INTEGER NOT NULL,
      PRIMARY KEY (week, query)
    )`,
    `CREATE TABLE search_log_clicks (
      week ${d.bigint} NOT NULL,
      query ${d.bytewiseText} NOT NULL,
      url TEXT NOT NULL,
      position INTEGER NOT NULL,
      clicks INTEGER NOT NULL,
      PRIMARY KEY (week, query, url, position)
    )`,
  ],
  // Landings (issue 59): each request names the landing it came from, the variant of its headline
  // test and the form's campaign label; views are counted per Moscow day, landing and variant.
  (d) => [
    "ALTER TABLE submissions ADD COLUMN campaign_landing TEXT",
    "ALTER TABLE submissions ADD COLUMN campaign_variant TEXT",
    "ALTER TABLE submissions ADD COLUMN campaign_label TEXT",
    "CREATE INDEX submissions_campaign ON submissions (campaign_landing, created_at)",
    `CREATE TABLE landing_views (
      day ${d.bytewiseText} NOT NULL,
      landing ${d.bytewiseText} NOT NULL,
      variant ${d.bytewiseText} NOT NULL,
      views INTEGER NOT NULL,
      PRIMARY KEY (day, landing, variant)
    )`,
  ],
];

/**
 * What the four statuses of before become among each kind's stages: «в работе» is the first
 * step after a new one; «обработана» is the kind's good end (a contract, a hire), the closest
 * reading of a request someone marked handled. Subscriptions keep the four as they were.
 */
const STAGE_RENAMES: Array<[string, string, string]> = [
  ["project", "in-progress", "qualification"],
  ["project", "done", "contract"],
  ["job", "in-progress", "screening"],
  ["job", "done", "hired"],
];

/** Applies what is missing (up to `through`: tests of a later version's upgrade); returns the versions it applied. */
export async function migrate(db: Db, now = Date.now(), through = Infinity): Promise<number[]> {
  const dialect = DIALECTS[db.backend];
  return db.transaction(async (tx) => {
    // Several servers on one PostgreSQL may start at once: one migrates, the others wait.
    if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7301)");
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at ${dialect.bigint} NOT NULL)`);
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const [index, steps] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (done.has(version) || version > through) continue;
      for (const step of steps(dialect)) await (typeof step === "string" ? tx.query(step) : step(tx));
      await tx.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", [version, now]);
      applied.push(version);
    }
    return applied;
  });
}
