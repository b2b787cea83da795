import { z } from "zod";

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
    .regex(/^\d{1,12}$/, "must be the numeric counter id")
    .optional()
    .or(z.literal("").transform(() => undefined)),

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
}).refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
  message: "must not exceed REQUEST_TIMEOUT_MS",
  path: ["HEADERS_TIMEOUT_MS"],
});

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
 * The subset that may reach the browser through the root loader, chosen
 * explicitly. It is baked into prerendered pages, so it must be the same at
 * build and at run time.
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
};

export function runtimeConfig(source: Env = env): RuntimeConfig {
  return { metrikaId: source.PUBLIC_METRIKA_ID ?? null };
}
