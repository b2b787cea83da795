import { env, type Env, isSetInEnvironment } from "#core/config/env.server.ts";
import { SETTING_NAMES, SETTING_VARIABLES, type SettingName } from "#core/studio/settings.ts";
import type { SettingsOptions } from "../settings/settings.ts";

/** The leads service's settings, taken from the one validated environment. */
export type LeadsConfig = {
  /** Public origin: confirmation links and allowed form origins. */
  origin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtp: { url: string; from: string } | undefined;
  /** Delay before each retry; its length is the number of retries. */
  retrySchedule: readonly number[];
  minFillMs: number;
  rateLimit: { limit: number; windowMs: number };
  trustedProxyHops: number;
  /** ANALYTICS_REQUIRE_CONSENT: whether a landing's variant is recorded with a request only after consent (server/consent.ts). */
  requireConsent: boolean;
  /** «Настройки» (server/settings/): webhook, mailboxes and retention days set in the studio, where no variable is. */
  settings: SettingsOptions;
};

/** The settings whose variables are set (not defaulted), with their parsed values: these win over the studio's. */
function environmentSettings(source: Env, variables: Record<string, string | undefined>): Partial<Record<SettingName, string>> {
  const values: Record<SettingName, unknown> = {
    salesEmail: source.LEADS_EMAIL_TO,
    jobsEmail: source.JOBS_EMAIL_TO,
    webhookUrl: source.LEADS_WEBHOOK_URL,
    webhookSecret: source.LEADS_WEBHOOK_SECRET,
    retentionDays: source.LEADS_RETENTION_DAYS,
  };
  const set = SETTING_NAMES.filter((name) => isSetInEnvironment(SETTING_VARIABLES[name] as keyof Env, variables) && values[name] !== undefined);
  return Object.fromEntries(set.map((name) => [name, String(values[name])]));
}

/** `variables`: what `source` was parsed from, to tell a variable set from a default. */
export function leadsConfig(source: Env = env, variables: Record<string, string | undefined> = process.env): LeadsConfig {
  return {
    origin: source.SITE_ORIGIN,
    dataDir: source.DATA_DIR,
    databaseUrl: source.DATABASE_URL,
    smtp: source.SMTP_URL ? { url: source.SMTP_URL, from: source.SMTP_FROM } : undefined,
    retrySchedule: source.OUTBOX_RETRY_SCHEDULE,
    minFillMs: source.FORMS_MIN_FILL_MS,
    rateLimit: { limit: source.FORMS_RATE_LIMIT, windowMs: source.FORMS_RATE_WINDOW_SECONDS * 1000 },
    trustedProxyHops: source.TRUSTED_PROXY_HOPS,
    requireConsent: source.ANALYTICS_REQUIRE_CONSENT,
    settings: {
      key: source.SECRETS_KEY,
      dataDir: source.DATA_DIR,
      allowLocalWebhook: source.LEADS_WEBHOOK_ALLOW_LOCAL,
      fromEnvironment: environmentSettings(source, variables),
      retentionDaysDefault: source.LEADS_RETENTION_DAYS,
    },
  };
}
