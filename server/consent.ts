/**
 * The visitor's cookie choice as the server reads it (app/consent/consent.ts writes the cookie):
 * one rule for everything the server counts or remembers about visits.
 */
const ANALYTICS = /(?:^|;\s*)cookie_consent=analytics(?:;|$)/;
const NECESSARY_ONLY = /(?:^|;\s*)cookie_consent=necessary(?:;|$)/;
const SEEN = /(?:^|;\s*)cookie_consent=seen(?:;|$)/;

/**
 * Whether a visit may be counted (what visitors search): with ANALYTICS_REQUIRE_CONSENT only a
 * visitor who agreed to analytics; otherwise anyone who did not refuse it.
 */
export function analyticsCounted(cookie: string, requireConsent: boolean): boolean {
  return requireConsent ? ANALYTICS.test(cookie) : !NECESSARY_ONLY.test(cookie);
}

/**
 * Whether a cookie of our analytics may be set (a landing's variant): a visitor who agreed; or,
 * where consent is not required, one who has been shown the notice (it says analytics runs)
 * and did not refuse. A visitor who has not answered the notice yet gets none.
 */
export function analyticsCookieAllowed(cookie: string, requireConsent: boolean): boolean {
  return ANALYTICS.test(cookie) || (!requireConsent && SEEN.test(cookie));
}
