import type { RuntimeConfig } from "../config/env.server.ts";

/**
 * Public runtime configuration. It is read by the server at start and put
 * into every HTML response as `<meta name="runtime-config">` (see
 * server/runtime-config.ts), so changing it needs a restart, not a rebuild:
 * prerendered pages and the JS bundle never carry it. A meta tag, not an
 * inline script, so a strict Content-Security-Policy stays strict.
 */
export const RUNTIME_CONFIG_META = "runtime-config";

const EMPTY: RuntimeConfig = { metrikaId: null };

export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  if (!content) return EMPTY;
  try {
    const value = JSON.parse(content) as Partial<RuntimeConfig>;
    const metrikaId = typeof value.metrikaId === "string" && /^\d+$/.test(value.metrikaId) ? value.metrikaId : null;
    return { metrikaId, ...(value.analyticsRequireConsent === true ? { analyticsRequireConsent: true } : {}) };
  } catch {
    return EMPTY;
  }
}

export function readRuntimeConfig(): RuntimeConfig {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_CONFIG_META}"]`);
  return parseRuntimeConfig(meta?.content);
}
