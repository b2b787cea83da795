import { SETTING_NAMES, type SettingName, type SettingSource, type SettingsView } from "#core/studio/settings.ts";
import type { Db, Row } from "../leads/db.ts";
import { createSecretBox, type SecretBox, settingsKey } from "./secret-box.ts";

/**
 * «Настройки»: the one reader of the values an admin sets in the studio, for every process that
 * needs them (the site's, which delivers submissions; the studio's, which shows and changes them
 * and runs retention). Each value comes from the server's variable where it is set, else from the
 * store (table app_settings, written by the studio), else the default. Nothing is cached: a
 * submission, a delivery and the daily run read the store when they need a value (a few short
 * rows), so a change takes effect at the next one in every process, with no restart and nothing to
 * pass between processes. Secrets are kept sealed (secret-box.ts).
 */
export type SettingsOptions = {
  /** SECRETS_KEY; none: the data folder's key file (secret-box.ts). */
  key: string | undefined;
  dataDir: string;
  /** LEADS_WEBHOOK_ALLOW_LOCAL: a webhook set in the studio may be plain http and local (tests, development). */
  allowLocalWebhook: boolean;
  /** The settings whose variables are set on the server, with their values: these win. */
  fromEnvironment: Partial<Record<SettingName, string>>;
  /** LEADS_RETENTION_DAYS as parsed: its default where it is not set. */
  retentionDaysDefault: number;
};

export type LiveSettings = {
  /** Where the team's letters go; none: the addresses of content/contacts.yaml. */
  mailboxes: { sales: string | undefined; hr: string | undefined };
  /** `checked`: set in the studio, so its address is checked again before each delivery (webhook-target.ts). */
  webhook: { url: string; secret: string; checked: boolean } | undefined;
  retentionDays: number;
};

/** A value of the store: a setting (`setting.<name>`) or a mark of the server's own (`retention.day`). */
const settingKey = (name: SettingName) => `setting.${name}`;
const SECRET: ReadonlySet<SettingName> = new Set(["webhookSecret"]);

type Resolved = { value: string | undefined; source: SettingSource; unreadable?: true };

export function createSettings(db: Db, options: SettingsOptions) {
  let box: SecretBox | undefined;
  // The key file is read (or made) on first need: a process that never meets a secret never touches it.
  const secrets = () => (box ??= createSecretBox(settingsKey(options.key, options.dataDir)));

  async function stored(): Promise<Map<string, string>> {
    const rows = await db.query<Row & { key: string; value: string }>("SELECT key, value FROM app_settings WHERE key LIKE 'setting.%'");
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  function resolve(name: SettingName, kept: Map<string, string>): Resolved {
    const fromEnvironment = options.fromEnvironment[name];
    if (fromEnvironment !== undefined) return { value: fromEnvironment, source: "environment" };
    const value = kept.get(settingKey(name));
    if (value === undefined) return { value: undefined, source: "default" };
    if (!SECRET.has(name)) return { value, source: "studio" };
    const opened = secrets().open(settingKey(name), value);
    return opened === null ? { value: undefined, source: "studio", unreadable: true } : { value: opened, source: "studio" };
  }

  async function all(): Promise<Record<SettingName, Resolved>> {
    const kept = await stored();
    return Object.fromEntries(SETTING_NAMES.map((name) => [name, resolve(name, kept)])) as Record<SettingName, Resolved>;
  }

  return {
    allowLocalWebhook: options.allowLocalWebhook,

    /** The values in force now. */
    async live(): Promise<LiveSettings> {
      const values = await all();
      const url = values.webhookUrl.value;
      const secret = values.webhookSecret.value;
      return {
        mailboxes: { sales: values.salesEmail.value, hr: values.jobsEmail.value },
        webhook: url && secret ? { url, secret, checked: values.webhookUrl.source === "studio" } : undefined,
        retentionDays: values.retentionDays.value === undefined ? options.retentionDaysDefault : Number(values.retentionDays.value),
      };
    },

    /** What the screen shows: each value and where it comes from; a secret only as set or not. */
    async view(): Promise<Omit<SettingsView, "metrikaId" | "mail" | "retention">> {
      const values = await all();
      const text = (name: SettingName, fallback = "") => ({ value: values[name].value ?? fallback, source: values[name].source });
      const secret = values.webhookSecret;
      return {
        salesEmail: text("salesEmail"),
        jobsEmail: text("jobsEmail"),
        webhookUrl: text("webhookUrl"),
        webhookSecret: { set: secret.value !== undefined || secret.unreadable === true, source: secret.source, ...(secret.unreadable ? { unreadable: true as const } : {}) },
        retentionDays: text("retentionDays", String(options.retentionDaysDefault)),
      };
    },

    /** Whether a setting's variable is set on the server (it cannot be changed here). */
    fromEnvironment: (name: SettingName): boolean => options.fromEnvironment[name] !== undefined,

    /** Writes the changes (null: back to the default) in the caller's transaction; a secret sealed. */
    async write(tx: Db, changes: Partial<Record<SettingName, string | null>>, by: string, now: number): Promise<void> {
      for (const [name, value] of Object.entries(changes) as Array<[SettingName, string | null]>) {
        const key = settingKey(name);
        if (value === null) await tx.query("DELETE FROM app_settings WHERE key = $1", [key]);
        else await upsert(tx, key, SECRET.has(name) ? secrets().seal(key, value) : value, now, by);
      }
    },

    /** A mark of the server's own (the daily run's last result), as JSON. */
    async mark<T>(key: string): Promise<T | null> {
      const [row] = await db.query<Row & { value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    setMark: (key: string, value: unknown, now: number) => upsert(db, key, JSON.stringify(value), now, null),

    /**
     * Takes a day's run for this process: "first" when no day was ever marked (marked now, nothing
     * to run: a new store's first run is the next day's), "claimed" when another day was marked
     * (this process runs it; another process asking the same finds it "done").
     */
    async claimDay(key: string, day: string, now: number): Promise<"first" | "claimed" | "done"> {
      const value = JSON.stringify(day);
      const inserted = await db.query("INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key", [key, value, now]);
      if (inserted.length > 0) return "first";
      const updated = await db.query("UPDATE app_settings SET value = $2, updated_at = $3 WHERE key = $1 AND value <> $2 RETURNING key", [key, value, now]);
      return updated.length > 0 ? "claimed" : "done";
    },
  };
}

function upsert(tx: Db, key: string, value: string, now: number, by: string | null): Promise<unknown> {
  return tx.query(
    `INSERT INTO app_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [key, value, now, by],
  );
}

export type Settings = ReturnType<typeof createSettings>;
