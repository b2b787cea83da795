import { z } from "zod";
import { METRIKA_ID } from "../lib/metrika-id.ts";

/**
 * The only reader of `process.env`. Every setting has a working local default,
 * so `npm start` needs no configuration; production overrides them.
 */
const EnvSchema = z.object({
  /** TCP port of the Node server. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface the server binds to. */
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * Public origin of the site (scheme, host, optional port; no path). Canonical
   * links, og:url, sitemap and every redirect target are built from it, never
   * from the request's Host header.
   */
  SITE_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((value, ctx) => {
      const url = new URL(value);
      if (url.pathname !== "/" || url.search || url.hash) {
        ctx.addIssue({ code: "custom", message: "must be an origin without a path, query or hash" });
      }
      return url.origin;
    }),
  /** Brand name shown in titles and the header. */
  SITE_BRAND: z.string().trim().min(1).default("Ориентир"),
  /** Phrase after the brand in the fallback title. */
  SITE_TAGLINE: z.string().trim().min(1).default("агентство digital-маркетинга и аналитики полного цикла"),
  /**
   * After SIGTERM the server keeps accepting for this long (answering with
   * `Connection: close`) so connections already queued by the kernel or sent
   * by a load balancer that has not yet noticed are served, then stops accepting.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  /** Yandex Metrica counter id; no id, no counter. Public: it reaches the browser. */
  PUBLIC_METRIKA_ID: z
    .string()
    .regex(METRIKA_ID, "must be the numeric counter id")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Hold the analytics counter until the visitor accepts analytics cookies in
   * the cookie notice. Public: the browser decides whether to start the counter.
   */
  ANALYTICS_REQUIRE_CONSENT: flag(false),

  // Content and releases (docs/decisions/019-content-releases.md).
  /**
   * The content the site is made from, kept in git. In a checkout, the project's content/; on a
   * server with a volume, a folder there (seeded from the shipped content/ on first start).
   */
  CONTENT_DIR: z.string().min(1).default("./content"),
  /**
   * Where releases are kept; by default DATA_DIR/releases. Servers that share it (a shared
   * volume) serve the same release.
   */
  RELEASES_DIR: optional(z.string().min(1)),
  /** Releases kept for rollback (besides the live one). */
  RELEASES_KEEP: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Megabytes of the live release's most requested files a server keeps in memory; the rest is
   * read from disk per request (server/file-cache.ts). The server's memory budget counts on it.
   */
  FILE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(16),

  // Forms: storage, delivery, abuse limits (see docs/decisions/010-leads-storage-and-delivery.md).
  /** Directory of the embedded store (SQLite) and of releases (releases/) when DATABASE_URL is not set. Git-ignored. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** PostgreSQL connection string; when set it replaces the embedded store. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** CRM endpoint that receives every accepted submission as signed JSON; none, no webhook. */
  LEADS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
  /** HMAC-SHA256 key for the webhook signature header. Required with LEADS_WEBHOOK_URL. */
  LEADS_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  /** Outgoing mail server, e.g. smtp://user:password@mail.example:587; none, no e-mail. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  /** Sender of every e-mail the site sends. */
  SMTP_FROM: z.string().min(3).default("Ориентир <no-reply@localhost>"),
  /** Mailbox of project requests; defaults to salesEmail of content/contacts.yaml. */
  LEADS_EMAIL_TO: optional(z.email()),
  /** Mailbox of job applications; defaults to hrEmail of content/contacts.yaml. */
  JOBS_EMAIL_TO: optional(z.email()),
  /**
   * Delays between delivery attempts, after each failure (`ms`, `s`, `m`, `h`).
   * After the last one fails the item is dead-lettered. Default: about a day.
   */
  OUTBOX_RETRY_SCHEDULE: z
    .string()
    .default("5s,5m,30m,2h,5h,10h,10h")
    .transform((value, ctx) => {
      const delays = value.split(",").map((part) => parseDuration(part.trim()));
      if (delays.some((d) => d === null)) ctx.addIssue({ code: "custom", message: "durations like 5s,5m,2h" });
      return delays.filter((d): d is number => d !== null);
    }),
  /** Form posts accepted per client IP within FORMS_RATE_WINDOW_SECONDS; more get 429. */
  FORMS_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORMS_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** A form sent sooner than this after it appeared is treated as a bot (quiet success, nothing kept). */
  FORMS_MIN_FILL_MS: z.coerce.number().int().min(0).default(3_000),
  /** Requests and applications older than this are deleted (the daily run, `npm run retention`); set here, «Настройки» shows it read-only. */
  LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
  /**
   * When the studio's process deletes what is older than the retention days, each day, Moscow
   * time («03:30»); `off`: it never does, and a scheduler of the host runs `npm run retention`.
   */
  RETENTION_DAILY_AT: z
    .string()
    .regex(/^(?:off|(?:[01]\d|2[0-3]):[0-5]\d)$/, "a Moscow time like 03:30, or off")
    .default("03:30"),

  // «Настройки» (server/settings/): values people change in the studio; a variable set here wins.
  /**
   * The key secrets kept in the store are encrypted with (AES-256-GCM): the CRM webhook's secret set
   * in «Настройки» and each account's two-factor secret (each with a key of its own derived from
   * this one). Any text of 32 characters or more. None: a random key file made in DATA_DIR
   * (settings.key), which the site's and the studio's processes share and servers on other machines do not.
   */
  SECRETS_KEY: optional(z.string().min(32, "must be at least 32 characters")),
  /**
   * A webhook address set in the studio may be plain http and reach this machine or a private
   * network. Off in production (an admin's address must not make the server call its neighbours);
   * tests and development turn it on for a local receiver.
   */
  LEADS_WEBHOOK_ALLOW_LOCAL: flag(false),

  // The studio (server/studio, studio/): sign-in, sessions, accounts. See docs/security.md.
  /** `off` turns the studio off entirely: /studio/ answers 404 like any unknown address. */
  STUDIO: z
    .enum(["on", "off", "true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === undefined || value === "" || value === "on" || value === "true" || value === "1"),
  /** A studio session ends after this long without a request (`ms`, `s`, `m`, `h`). */
  STUDIO_SESSION_IDLE: duration("30m"),
  /** A studio session ends this long after sign-in, however active. */
  STUDIO_SESSION_LIFETIME: duration("12h"),
  /** Failed sign-ins per login within STUDIO_SIGNIN_WINDOW before further tries get 429. */
  STUDIO_SIGNIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins per client address within STUDIO_SIGNIN_WINDOW before further tries get 429. */
  STUDIO_SIGNIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(20),
  /** The window failed sign-ins are counted in. */
  STUDIO_SIGNIN_WINDOW: duration("15m"),

  /** Uploads decoded and encoded at once by the studio's image pool, each in a child process (decision 035). */
  IMAGE_JOBS: z.coerce.number().int().min(1).max(2).default(1),
  /**
   * An image job still running after this is stopped and the upload refused in Russian. This, the
   * wait below and a child's start are shortened to fit under REQUEST_TIMEOUT_MS (server/studio/config.ts).
   */
  IMAGE_JOB_TIMEOUT: duration("15s"),
  /** An upload still waiting for the image pool after this is refused (503, «try in a minute»). */
  IMAGE_QUEUE_WAIT: duration("8s"),

  // Server hardening (server/): headers, limits, logs. See docs/security.md.
  /** Strict-Transport-Security max-age in seconds (default 2 years); 0 sends none, e.g. when the TLS proxy sets it. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(63_072_000),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For.
   * 0: the TCP peer is the visitor. Decides the address rate limits are keyed by.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Sustained requests per minute per visitor address for everything that is not a static file; 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  /** Requests a visitor may make at once before the sustained rate applies. */
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(100),
  /** Largest request body accepted anywhere, in bytes; endpoints may set lower limits of their own. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(0).default(1_048_576),
  /** A client must send all its request headers within this time (slow clients do not hold the server). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  /** A client must send its whole request, body included, within this time. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** info: one JSON line per request; warn: problems only; error: failures only. */
  LOG_LEVEL: z.enum(["info", "warn", "error"]).default("info"),
  /**
   * The test suite's clock (server/clock.ts): with `on`, the file named by
   * SITE_TEST_CLOCK_FILE holds milliseconds added to real time. Both are
   * needed, so one stray variable cannot move a real server's time.
   */
  SITE_TEST_CLOCK: z.enum(["on", "off"]).default("off"),
  SITE_TEST_CLOCK_FILE: optional(z.string().min(1)),
}).superRefine((value, ctx) => {
  if (value.HEADERS_TIMEOUT_MS > value.REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: "custom", path: ["HEADERS_TIMEOUT_MS"], message: "must not exceed REQUEST_TIMEOUT_MS" });
  }
  if (value.STUDIO_SESSION_IDLE > value.STUDIO_SESSION_LIFETIME) {
    ctx.addIssue({ code: "custom", path: ["STUDIO_SESSION_IDLE"], message: "must not exceed STUDIO_SESSION_LIFETIME" });
  }
  if (value.LEADS_WEBHOOK_URL && !value.LEADS_WEBHOOK_SECRET) {
    ctx.addIssue({ code: "custom", path: ["LEADS_WEBHOOK_SECRET"], message: "is required with LEADS_WEBHOOK_URL" });
  }
});

/** "true"/"1" or "false"/"0"/empty. */
function flag(fallback: boolean) {
  return z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value === "true" || value === "1"));
}

/** A duration like "30m" or "12h", in milliseconds. */
function duration(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = parseDuration(value.trim());
      if (ms === null || ms <= 0) ctx.addIssue({ code: "custom", message: "a duration like 30m or 12h" });
      return ms ?? 0;
    });
}

/** An optional setting; an empty string counts as unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.union([z.literal("").transform(() => undefined), schema]).optional();
}

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** "250ms", "5s", "30m", "2h" → milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text);
  return match ? Math.round(Number(match[1]) * (UNITS[match[2] as string] as number)) : null;
}

export type Env = z.infer<typeof EnvSchema>;

/** Parses an environment; throws one readable message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

/**
 * Whether a variable is set, not defaulted (an empty value counts as unset): what «Настройки»
 * shows read-only, «задано в окружении сервера», because the environment wins over the store.
 */
export function isSetInEnvironment(name: keyof Env, source: Record<string, string | undefined> = process.env): boolean {
  const value = source[name];
  return value !== undefined && value !== "";
}

/**
 * The subset that may reach the browser through the root loader, chosen
 * explicitly. Releases render it into pages with the running configuration,
 * so a server started with another value renders them again.
 */
export type PublicConfig = {
  origin: string;
  brand: string;
  tagline: string;
};

export function publicConfig(): PublicConfig {
  return {
    origin: env.SITE_ORIGIN,
    brand: env.SITE_BRAND,
    tagline: env.SITE_TAGLINE,
  };
}

/**
 * Public runtime configuration: read at server start and injected into every
 * HTML response by the server (server/runtime-config.ts), never built into
 * pages or bundles, so changing it needs a restart, not a rebuild.
 */
export type RuntimeConfig = {
  metrikaId: string | null;
  /** Present (true) only with ANALYTICS_REQUIRE_CONSENT: the counter waits for the visitor's consent. */
  analyticsRequireConsent?: true;
};

export function runtimeConfig(source: Env = env): RuntimeConfig {
  return { metrikaId: source.PUBLIC_METRIKA_ID ?? null, ...(source.ANALYTICS_REQUIRE_CONSENT ? { analyticsRequireConsent: true } : {}) };
}
