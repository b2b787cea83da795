import type { RuntimeConfig } from "../config/env.server.ts";
import { METRIKA_ID } from "./metrika-id.ts";

/**
 * Public runtime configuration. It is read by the server at start and put
 * into every HTML response as `<meta name="runtime-config">` (see
 * server/runtime-config.ts); releases carry it in the pages they render, so a
 * new value is a new release, never a rebuild: the JS bundle never carries it. A meta tag, not an
 * inline script, so a strict Content-Security-Policy stays strict.
 */
export const RUNTIME_CONFIG_META = "runtime-config";

const EMPTY: RuntimeConfig = { metrikaId: null };

export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  if (!content) return EMPTY;
  try {
    const value = JSON.parse(content) as Partial<RuntimeConfig>;
    const metrikaId = typeof value.metrikaId === "string" && METRIKA_ID.test(value.metrikaId) ? value.metrikaId : null;
    return { metrikaId, ...(value.analyticsRequireConsent === true ? { analyticsRequireConsent: true } : {}) };
  } catch {
    return EMPTY;
  }
}

export function readRuntimeConfig(): RuntimeConfig {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_CONFIG_META}"]`);
  return parseRuntimeConfig(meta?.content);
}
