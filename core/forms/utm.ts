/** The tags a form sends along (and the server accepts). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;

/**
 * UTM parameters of the visit: taken from the address the visitor landed on
 * and kept for the browser tab's session, so a form sent three pages later
 * still says where the visit came from. The first tagged landing wins.
 */
const KEY = "visit-utm";

export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

export function captureUtm(search: string): Utm {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return JSON.parse(stored) as Utm;
    const params = new URLSearchParams(search);
    const utm: Utm = {};
    for (const key of UTM_KEYS) {
      const value = params.get(key);
      if (value) utm[key] = value.slice(0, 200);
    }
    if (Object.keys(utm).length > 0) sessionStorage.setItem(KEY, JSON.stringify(utm));
    return utm;
  } catch {
    // Storage disabled: this page's own parameters are still worth sending.
    return {};
  }
}
