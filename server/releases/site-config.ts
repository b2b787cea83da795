import type { Env } from "#core/config/env.server.ts";
import type { OgSite } from "./og.ts";

/** The configuration pages are rendered with: a change of any of it renders every page again. */
export function siteOf(env: Pick<Env, "SITE_ORIGIN" | "SITE_BRAND" | "SITE_TAGLINE">): OgSite {
  return { origin: env.SITE_ORIGIN, brand: env.SITE_BRAND, tagline: env.SITE_TAGLINE };
}
