import type { IncomingMessage } from "node:http";
import { VARIANT_KEYS, type VariantKey, variantKey } from "#core/landings/variants.ts";
import { paths } from "#core/lib/paths.ts";
import type { LandingViewsStore } from "./leads/landing-views-store.ts";
import type { Logger } from "./log.ts";
import { analyticsCookieAllowed } from "./consent.ts";
import { redactedMessage } from "./redact.ts";
import type { StaticFile } from "./static-files.ts";

/**
 * A landing's headline test as visitors meet it (issue 59). Each variant is a page of the release
 * (А at /lp/<slug>/, Б at /lp/<slug>/b/…); at the landing's own address the server serves the
 * variant the visitor drew:
 * - a visitor who agreed to analytics cookies (where consent is not required: who has been shown
 *   the notice and did not refuse, server/consent.ts) draws one at random, kept for 30 days in a
 *   cookie of the landing's own (`lp_<slug>`, on its path only), and each view is counted;
 * - anyone else gets А, no cookie and no count (a cookie kept from before is removed).
 * The page's data file (`_.data`, what a client-side navigation to the landing reads) is picked
 * the same way, so a visitor who came from another page of the site sees the variant drawn; a
 * prefetch of it (`Sec-Purpose: prefetch`) draws nothing and counts nothing.
 * Caching: a landing's page answers `Cache-Control: no-cache` and, while a test runs,
 * `Vary: Cookie` — a CDN in front must key its pages on the `cookie_consent` and `lp_<slug>`
 * cookies, or pass them through (docs/landings.md).
 */

/** How long a visitor keeps the variant drawn. */
export const VARIANT_DAYS = 30;
/** A landing's page in the release, or its data file: its А. */
const LANDING_PAGE = /^\/lp\/([a-z\d]+(?:-[a-z\d]+)*)\/(index\.html|_\.data)$/;
/** Moscow has kept UTC+3 since 2014: its days start at 21:00 UTC. */
const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;
/** Counts wait in memory this long before they are written together: a visitor never waits for the store. */
const FLUSH_MS = 2_000;
/** Different landings, variants and days held before an early write: memory stays bounded under any traffic. */
const HELD_MAX = 1_000;

export const variantCookie = (slug: string) => `lp_${slug}`;
const pageFile = (slug: string, variant: VariantKey, name: string) => `${variant === "a" ? paths.landing(slug) : paths.landingVariant(slug, variant)}${name}`;
/** A browser fetching ahead of a click (a link scrolled into view): not a view, and no variant is drawn for it. */
const isPrefetch = (req: IncomingMessage) => /prefetch/i.test(String(req.headers["sec-purpose"] ?? req.headers.purpose ?? ""));

/** The Moscow calendar day of a moment, «2026-12-01». */
export const moscowDate = (at: number) => new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);

export type LandingPick = { path: string; file: StaticFile; headers: string[] };

export type LandingVariantsOptions = {
  /** Where views are counted; none (a server without the store): nothing is. */
  views?: LandingViewsStore | undefined;
  now: () => number;
  /** A number in [0, 1): which variant a new visitor draws (tests pass their own). */
  random?: () => number;
  /** Cookies only over HTTPS when the site is served over it. */
  secure: boolean;
  /** ANALYTICS_REQUIRE_CONSENT (server/consent.ts). */
  requireConsent: boolean;
  log: Logger;
};

export function createLandingVariants(options: LandingVariantsOptions) {
  const random = options.random ?? Math.random;
  const held = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    timer = null;
    if (held.size === 0 || !options.views) return;
    const counts = [...held].map(([key, views]) => {
      const [day, landing, variant] = key.split("\n") as [string, string, VariantKey];
      return { day, landing, variant, views };
    });
    held.clear();
    try {
      await options.views.add(counts);
    } catch (error) {
      // A count lost is not worth a visitor's error.
      options.log.warn("landing views not stored", { error: redactedMessage(error) });
    }
  }

  function count(landing: string, variant: VariantKey): void {
    if (!options.views) return;
    const key = `${moscowDate(options.now())}\n${landing}\n${variant}`;
    held.set(key, (held.get(key) ?? 0) + 1);
    if (held.size >= HELD_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
  }

  return {
    /**
     * For a landing's page about to be served (`path`: its А in the release): the variant's file
     * and the headers it goes with, counting the view; null for any other file.
     */
    pick(req: IncomingMessage, files: ReadonlyMap<string, StaticFile>, path: string): LandingPick | null {
      const [, slug, fileName] = LANDING_PAGE.exec(path) ?? [];
      const own = slug ? files.get(path) : undefined;
      if (!slug || !fileName || !own) return null;
      const offered = VARIANT_KEYS.filter((key) => key === "a" || files.has(pageFile(slug, key, fileName)));
      const testing = offered.length > 1;
      const vary = testing ? ["Vary", "Cookie"] : [];
      const cookies = req.headers.cookie ?? "";
      const name = variantCookie(slug);
      const kept = variantKey(new RegExp(`(?:^|;\\s*)${name}=([a-z])(?:;|$)`).exec(cookies)?.[1]);
      const secure = options.secure ? "; Secure" : "";
      if (!analyticsCookieAllowed(cookies, options.requireConsent)) {
        // Consent taken back: the variant drawn before is forgotten (the browser cannot remove an HttpOnly cookie itself).
        const forget = kept === null ? [] : ["Set-Cookie", `${name}=; Max-Age=0; Path=${paths.landing(slug)}; HttpOnly; SameSite=Lax${secure}`];
        return { path, file: own, headers: [...vary, ...forget] };
      }
      const held = kept !== null && offered.includes(kept) ? kept : null;
      const ahead = isPrefetch(req);
      if (ahead && held === null) return { path, file: own, headers: vary };
      const variant = held ?? offered[Math.floor(random() * offered.length)] ?? "a";
      if (req.method === "GET" && !ahead) count(slug, variant);
      const file = files.get(pageFile(slug, variant, fileName)) ?? own;
      const headers = [...vary];
      if (testing && variant !== kept) {
        headers.push("Set-Cookie", `${name}=${variant}; Max-Age=${VARIANT_DAYS * 86_400}; Path=${paths.landing(slug)}; HttpOnly; SameSite=Lax${secure}`);
      }
      return { path: pageFile(slug, variant, fileName), file, headers };
    },

    /** Writes what is counted and not yet written (shutdown, tests). */
    flush,
  };
}

export type LandingVariants = ReturnType<typeof createLandingVariants>;
