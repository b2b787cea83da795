import { env, type Env } from "#core/config/env.server.ts";

/** The leads service's settings, taken from the one validated environment. */
export type LeadsConfig = {
  /** Public origin: confirmation links and allowed form origins. */
  origin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webhook: { url: string; secret: string } | undefined;
  smtp: { url: string; from: string } | undefined;
  mailboxes: { sales: string | undefined; hr: string | undefined };
  /** Delay before each retry; its length is the number of retries. */
  retrySchedule: readonly number[];
  minFillMs: number;
  rateLimit: { limit: number; windowMs: number };
  trustedProxyHops: number;
  retentionDays: number;
};

export function leadsConfig(source: Env = env): LeadsConfig {
  return {
    origin: source.SITE_ORIGIN,
    dataDir: source.DATA_DIR,
    databaseUrl: source.DATABASE_URL,
    webhook:
      source.LEADS_WEBHOOK_URL && source.LEADS_WEBHOOK_SECRET
        ? { url: source.LEADS_WEBHOOK_URL, secret: source.LEADS_WEBHOOK_SECRET }
        : undefined,
    smtp: source.SMTP_URL ? { url: source.SMTP_URL, from: source.SMTP_FROM } : undefined,
    mailboxes: { sales: source.LEADS_EMAIL_TO, hr: source.JOBS_EMAIL_TO },
    retrySchedule: source.OUTBOX_RETRY_SCHEDULE,
    minFillMs: source.FORMS_MIN_FILL_MS,
    rateLimit: { limit: source.FORMS_RATE_LIMIT, windowMs: source.FORMS_RATE_WINDOW_SECONDS * 1000 },
    trustedProxyHops: source.TRUSTED_PROXY_HOPS,
    retentionDays: source.LEADS_RETENTION_DAYS,
  };
}
