import { hkdfSync } from "node:crypto";
import { resolve } from "node:path";
import { env, type Env } from "#core/config/env.server.ts";
import { settingsKey } from "../settings/secret-box.ts";
import { type PoolOptions, START_LIMIT_MS } from "./images/pool.ts";
import { releasesRoot } from "../releases/store.ts";

/** The studio's settings, taken from the one validated environment (README, configuration). */
export type StudioConfig = {
  /** The public origin: the only origin studio writes may come from. */
  origin: string;
  /** SITE_BRAND, which the site appends to every page's title (the search snippet preview shows it). */
  brand: string;
  /** The session cookie is `Secure` except on a plain-http local origin (localhost, 127.0.0.1, [::1]). */
  secureCookie: boolean;
  session: { idleMs: number; lifetimeMs: number };
  signIn: { accountLimit: number; addressLimit: number; windowMs: number };
  trustedProxyHops: number;
  bodyLimitBytes: number;
  /** The content the editor reads and writes (CONTENT_DIR), and the releases it compares with. */
  contentDir: string;
  releasesDir: string;
  /** RETENTION_DAILY_AT: the Moscow time of the daily retention run («03:30»); null: off. */
  retentionDailyAt: string | null;
  /** The Metrica counter the server fixes (PUBLIC_METRIKA_ID: read-only on «Настройки»), and whether mail goes out (SMTP_URL). */
  metrikaId: string | null;
  mail: boolean;
  /** The image pool uploads are decoded and encoded in (decision 035). */
  images: PoolOptions;
  /** The key two-factor secrets are encrypted with (twoFactorKey), worked out on first use: building the configuration makes no file. */
  twoFactorKey: () => Buffer;
};

/**
 * The most an upload may cost, in estimated CPU milliseconds (images/clean.ts):
 * a third of the time limit, so a slower or busier machine still finishes in
 * time; the largest JPEG, PNG and WebP fit at their cheaper settings.
 */
const IMAGE_MAX_COST = 5_000;
/** Resident memory the pool's children may hold together, in MB: ten uploads at once stay under 1 GB with the server. */
const IMAGE_MEMORY_MB = 600;

/**
 * The image pool's limits. An upload is answered before its socket is cut for silence
 * (REQUEST_TIMEOUT_MS): its wait for a turn, its child's start and its work fit within it, a
 * second to spare; a shorter request timeout shortens the work first, then the wait.
 */
function imagePool(source: Env): PoolOptions {
  const room = Math.max(1_000, source.REQUEST_TIMEOUT_MS - START_LIMIT_MS - 1_000);
  const timeoutMs = Math.min(source.IMAGE_JOB_TIMEOUT, room);
  const waitMs = Math.min(source.IMAGE_QUEUE_WAIT, room - timeoutMs);
  return { jobs: source.IMAGE_JOBS, timeoutMs, waitMs, maxCost: IMAGE_MAX_COST, memoryMb: IMAGE_MEMORY_MB / source.IMAGE_JOBS };
}

/**
 * The key two-factor secrets are encrypted with: derived (HKDF-SHA256) from the store's secrets key
 * (SECRETS_KEY, or the data folder's key file: server/settings/secret-box.ts), a key of its own so
 * that a sealed webhook secret and a sealed two-factor secret never share one. Changing the key
 * makes the stored secrets unreadable: their owners then sign in with a recovery code, or an admin
 * turns their second factor off.
 */
export function twoFactorKey(source: Pick<Env, "SECRETS_KEY" | "DATA_DIR">): Buffer {
  return Buffer.from(hkdfSync("sha256", settingsKey(source.SECRETS_KEY, source.DATA_DIR), "orientir-studio", "two-factor secrets", 32));
}

/** A value worked out on its first use and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function studioConfig(source: Env = env): StudioConfig {
  const origin = new URL(source.SITE_ORIGIN);
  return {
    origin: origin.origin,
    brand: source.SITE_BRAND,
    secureCookie: !(origin.protocol === "http:" && LOCAL_HOSTS.has(origin.hostname)),
    session: { idleMs: source.STUDIO_SESSION_IDLE, lifetimeMs: source.STUDIO_SESSION_LIFETIME },
    signIn: {
      accountLimit: source.STUDIO_SIGNIN_ACCOUNT_LIMIT,
      addressLimit: source.STUDIO_SIGNIN_ADDRESS_LIMIT,
      windowMs: source.STUDIO_SIGNIN_WINDOW,
    },
    trustedProxyHops: source.TRUSTED_PROXY_HOPS,
    bodyLimitBytes: source.BODY_LIMIT_BYTES,
    contentDir: resolve(source.CONTENT_DIR),
    releasesDir: resolve(releasesRoot(source)),
    retentionDailyAt: source.RETENTION_DAILY_AT === "off" ? null : source.RETENTION_DAILY_AT,
    metrikaId: source.PUBLIC_METRIKA_ID ?? null,
    mail: source.SMTP_URL !== undefined,
    images: imagePool(source),
    twoFactorKey: once(() => twoFactorKey(source)),
  };
}
