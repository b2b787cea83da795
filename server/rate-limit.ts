import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";

/**
 * Per-visitor token buckets, in this process's memory: each replica limits on
 * its own (docs/deploy.md). A bucket holds `burst` tokens and refills at
 * `perMinute`; a request takes one.
 */
export type RateLimitOptions = { perMinute: number; burst: number; maxKeys?: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };
export type RateLimiter = { take(key: string, now?: number): RateDecision; readonly size: number };

type Bucket = { tokens: number; updated: number };

const ALLOWED: RateDecision = { allowed: true };

export function createRateLimiter({ perMinute, burst, maxKeys = 100_000 }: RateLimitOptions): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;

  /** Keeps memory bounded under a flood of addresses: full buckets carry no information. */
  function prune(now: number) {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (now - bucket.updated) * perMs >= burst) buckets.delete(key);
    }
    // Still full of active visitors: forget the oldest half (Map keeps insertion order).
    let excess = buckets.size - maxKeys / 2;
    for (const key of buckets.keys()) {
      if (excess-- <= 0) break;
      buckets.delete(key);
    }
  }

  return {
    take(key, now = Date.now()) {
      if (perMinute <= 0) return ALLOWED;
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) prune(now);
        bucket = { tokens: burst, updated: now };
        buckets.set(key, bucket);
      } else {
        bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.updated) * perMs);
        bucket.updated = now;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return ALLOWED;
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * The visitor's address. Behind `trustedHops` proxies that each append to
 * X-Forwarded-For, the visitor is the entry the outermost trusted proxy
 * added; anything left of it was written by the client and proves nothing.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = req.socket.remoteAddress ?? "";
  if (trustedHops === 0) return peer;
  const header = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? peer;
}

/** The header React Router's code reads the visitor's address from; render.ts sets it on every request. */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * The visitor's address as it is stored (a submission, its consent record):
 * IPv4 without its IPv6 mapping. Only the socket and trusted proxies decide it;
 * no header a client sends can set it otherwise.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  return clientAddress(req, trustedHops).replace(/^::ffff:/, "") || "unknown";
}

/** One bucket per IPv4 address, and per /64 for IPv6 (one subscriber's usual allocation). */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
