/**
 * The visitor's cookie choice, for the cookie notice and the analytics
 * counter. With ANALYTICS_REQUIRE_CONSENT the counter starts only after
 * `analyticsAllowed()` is true, or when `onConsentChange` reports it:
 *
 *   if (analyticsAllowed(site.analyticsRequireConsent)) start();
 *   else onConsentChange((c) => c.analytics && start());
 *
 * Code outside React can listen to the `site:consent` window event (detail: {analytics}).
 * Browser-only: call from effects and event handlers.
 */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_EVENT = "site:consent";
const YEAR_SECONDS = 365 * 24 * 3600;

/** "seen": the notice was dismissed (no choice asked); "analytics" / "necessary": the visitor's choice. */
export type ConsentChoice = "seen" | "analytics" | "necessary";
export type ConsentDetail = { analytics: boolean };

export function readChoice(): ConsentChoice | null {
  const match = /(?:^|;\s*)cookie_consent=(seen|analytics|necessary)(?:;|$)/.exec(document.cookie);
  return (match?.[1] as ConsentChoice | undefined) ?? null;
}

/** Whether the counter may run now. */
export function analyticsAllowed(requireConsent: boolean): boolean {
  const choice = readChoice();
  return requireConsent ? choice === "analytics" : choice !== "necessary";
}

/** Whether the notice still has something to say. */
export function noticeNeeded(requireConsent: boolean): boolean {
  const choice = readChoice();
  return choice === null || (requireConsent && choice === "seen");
}

export function saveChoice(choice: ConsentChoice): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
  const detail: ConsentDetail = { analytics: choice !== "necessary" };
  window.dispatchEvent(new CustomEvent<ConsentDetail>(CONSENT_EVENT, { detail }));
}

export function onConsentChange(listener: (detail: ConsentDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ConsentDetail>).detail);
  window.addEventListener(CONSENT_EVENT, handler);
  return () => window.removeEventListener(CONSENT_EVENT, handler);
}
