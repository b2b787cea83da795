import { type Env, runtimeConfig } from "#core/config/env.server.ts";
import { BUILD_DIR, CLIENT_DIR, RUNTIME_DIR } from "#core/config/folders.server.ts";
import { type PipelineOptions, createPipeline } from "./pipeline.ts";
import { createReleaseSecurity, securityOptionsFromEnv } from "./headers.ts";
import { createReadiness } from "./health.ts";
import { createLogger } from "./log.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { startReleases } from "./releases/serving.ts";
import { runtimeConfigTag } from "./runtime-config.ts";
import { loadServerBuild } from "./page-renderer.ts";
import { loadStaticFiles } from "./static-files.ts";
import { clock } from "./clock.ts";
import type { SearchLog } from "./search-log.ts";
import { createLandingVariants } from "./landing-variants.ts";
import type { LandingViewsStore } from "./leads/landing-views-store.ts";

/** CSP reports per visitor: enough for a page with a few violations, not a flood. */
const REPORTS_PER_MINUTE = 30;
const REPORT_BURST = 20;
/** Search reports per visitor: a query every couple of seconds and the result followed, not a flood of counts. */
const SEARCH_REPORTS_PER_MINUTE = 40;
const SEARCH_REPORT_BURST = 20;

/**
 * `searchLogStore`: where what visitors search is counted (server/leads' store); without it nothing is.
 * `landingViews`: the same for the landings' views.
 */
export type WiringOverrides = Partial<PipelineOptions> & { now?: () => number; searchLogStore?: SearchLog; landingViews?: LandingViewsStore };

/**
 * Everything the request handler needs: the code build, the live content
 * release (made first if there is none for this code and configuration),
 * configured from the environment. `overrides` let tests swap a part (a
 * logger that records, a tighter limiter, `now`: the time readiness results
 * are cached by; the dev server: the build, the content and the CSP). `variables`: what `env` was parsed from, the environment of
 * the process that makes a release at start.
 */
export async function wireServer(env: Env, overrides: WiringOverrides = {}, variables: NodeJS.ProcessEnv = process.env) {
  const { now, searchLogStore, landingViews, ...parts } = overrides;
  // The dev server brings its own build (Vite's) and content (content/ on disk): scripts/dev/.
  const build = parts.build ?? (await loadServerBuild());
  const log = parts.log ?? createLogger({ level: env.LOG_LEVEL });
  const readiness =
    parts.readiness ?? createReadiness({ ...(now ? { now } : {}), onFailure: (name, error) => log.error("readiness check failed", { check: name, error }) });
  // A meta tag, not a script: the pages' CSP hashes stay valid. A release carries its own (its
  // counter); this one is for content that carries none (the dev server's content on disk).
  const headTag = runtimeConfigTag(runtimeConfig(env));
  const releases =
    parts.releases ?? (await startReleases({ env, buildDir: BUILD_DIR, runtimeDir: RUNTIME_DIR, variables, codeFiles: loadStaticFiles(CLIENT_DIR), log, compactAfterSwitch: true }));
  const options: PipelineOptions = {
    build,
    origin: env.SITE_ORIGIN,
    releases,
    headTag,
    security: createReleaseSecurity(securityOptionsFromEnv(env), () => Boolean(releases.current().record.metrikaId ?? env.PUBLIC_METRIKA_ID)),
    rateLimiter: createRateLimiter({ perMinute: env.RATE_LIMIT_PER_MINUTE, burst: env.RATE_LIMIT_BURST }),
    reportLimiter: createRateLimiter({ perMinute: REPORTS_PER_MINUTE, burst: REPORT_BURST }),
    searchLog: {
      store: searchLogStore,
      requireConsent: env.ANALYTICS_REQUIRE_CONSENT,
      limiter: createRateLimiter({ perMinute: SEARCH_REPORTS_PER_MINUTE, burst: SEARCH_REPORT_BURST }),
      now: clock.now,
    },
    landings: createLandingVariants({ views: landingViews, now: clock.now, secure: env.SITE_ORIGIN.startsWith("https:"), requireConsent: env.ANALYTICS_REQUIRE_CONSENT, log }),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    fileCacheBytes: env.FILE_CACHE_MB * 1024 * 1024,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    readiness,
    log,
    ...parts,
  };
  return { handle: createPipeline(options), ...options };
}
