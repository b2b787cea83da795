/**
 * Where a visit began: the other site a visitor followed a link from (its host only, never
 * the address with its query) and the first page of the visit. Kept for the browser tab's
 * session like the UTM tags (utm.ts), sent with a form, and used by the inbox's overview to
 * tell sources apart when a link carried no utm_source.
 */
export const VISIT_FIELDS = { referrer: "visit_referrer", landing: "visit_landing" } as const;

export type Visit = { referrer: string | null; landing: string | null };

const KEY = "visit-start";
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
// A path of this site: one leading slash, printable, short.
const PATH = /^\/(?!\/)[^\s\u0000-\u001f\u007f\\]{0,299}$/;

/** A host as a site's name («ya.ru»), or null for anything else. */
export function cleanReferrer(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const host = value.trim().toLowerCase().replace(/^www\./, "");
  return HOST.test(host) ? host : null;
}

/** A path of this site («/services/seo/»), or null for anything else. */
export function cleanLanding(value: unknown): string | null {
  return typeof value === "string" && PATH.test(value) ? value : null;
}

/** The start of this tab's visit, recorded by its first page (call on every page: only the first one writes). */
export function captureVisit(location: Location, referrer: string): Visit {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return JSON.parse(stored) as Visit;
    let host: string | null = null;
    try {
      const from = new URL(referrer);
      if (from.origin !== location.origin && /^https?:$/.test(from.protocol)) host = cleanReferrer(from.hostname);
    } catch {
      // No referrer, or one the browser trimmed to nothing.
    }
    const visit: Visit = { referrer: host, landing: cleanLanding(location.pathname) };
    sessionStorage.setItem(KEY, JSON.stringify(visit));
    return visit;
  } catch {
    // Storage disabled: this page is the only one known.
    return { referrer: null, landing: cleanLanding(location.pathname) };
  }
}
