import type { ServerResponse } from "node:http";
import type { Env } from "#core/config/env.server.ts";
import { createCsp, type CspBuilder, METRIKA, type ThirdParty } from "./csp.ts";

/**
 * Security headers every response carries, whatever produced it (page,
 * redirect, static file, data request, health check, error). Only the CSP of
 * an HTML page differs: it lists the hashes of that page's inline scripts.
 */
export type SecurityOptions = {
  /** Strict-Transport-Security max-age in seconds; 0 sends none (a TLS proxy in front sets it). */
  hstsMaxAge: number;
  /** Public origin: an https site also upgrades stray http subresources. */
  origin: string;
  /** Third parties allowed by the CSP; each only when configured. */
  thirdParties: readonly ThirdParty[];
  /** The dev server: the `<style>` elements Vite inserts are allowed (csp.ts). */
  viteStyles?: boolean;
};

export type SecurityHeaders = {
  apply(res: ServerResponse): void;
  /** Replaces the CSP for an HTML page whose inline scripts have these hashes. */
  allowInlineScripts(res: ServerResponse, hashes: readonly string[]): void;
  /** All baseline headers as `Name: value` lines, for responses Node's parser answers itself. */
  rawLines(): string;
  /** All baseline headers as a flat `[name, value, …]` list (`writeHead`'s fastest form), with this CSP if given. */
  list(csp?: string): string[];
  csp: CspBuilder;
};

// Features a marketing site never uses; denied so injected or third-party code cannot ask for them.
const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export function securityOptionsFromEnv(env: Env): SecurityOptions {
  return {
    hstsMaxAge: env.HSTS_MAX_AGE,
    origin: env.SITE_ORIGIN,
    thirdParties: env.PUBLIC_METRIKA_ID ? [METRIKA] : [],
  };
}

/**
 * The site's headers, following the live release: Metrica's sources are in the CSP exactly while
 * the release's pages carry a counter (set on «Настройки» or fixed by PUBLIC_METRIKA_ID: the
 * release records it). Both policies are made once; each call takes the one of the release live
 * at that moment, the one a request's view and pages come from.
 */
export function createReleaseSecurity(options: Omit<SecurityOptions, "thirdParties">, counterLive: () => boolean): SecurityHeaders {
  const without = createSecurityHeaders({ ...options, thirdParties: [] });
  const counted = createSecurityHeaders({ ...options, thirdParties: [METRIKA] });
  const pick = () => (counterLive() ? counted : without);
  return {
    apply: (res) => pick().apply(res),
    allowInlineScripts: (res, hashes) => pick().allowInlineScripts(res, hashes),
    rawLines: () => pick().rawLines(),
    list: (csp) => pick().list(csp),
    csp: (hashes) => pick().csp(hashes),
  };
}

export function createSecurityHeaders(options: SecurityOptions): SecurityHeaders {
  const csp = createCsp({
    thirdParties: options.thirdParties,
    upgradeInsecureRequests: options.origin.startsWith("https:"),
    ...(options.viteStyles ? { viteStyles: true } : {}),
  });
  const baseline: [string, string][] = [
    ["Content-Security-Policy", csp()],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
  if (options.hstsMaxAge > 0) baseline.push(["Strict-Transport-Security", `max-age=${options.hstsMaxAge}`]);
  const raw = baseline.map(([name, value]) => `${name}: ${value}\r\n`).join("");

  return {
    apply(res) {
      for (const [name, value] of baseline) res.setHeader(name, value);
    },
    allowInlineScripts(res, hashes) {
      res.setHeader("Content-Security-Policy", csp(hashes));
    },
    rawLines: () => raw,
    list: (pageCsp) => baseline.flatMap(([name, value]) => [name, name === "Content-Security-Policy" && pageCsp ? pageCsp : value]),
    csp,
  };
}
