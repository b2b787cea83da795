import { useEffect } from "react";
import { useLocation } from "react-router";
import { analyticsAllowed, onConsentChange } from "../consent/consent.ts";
import { startAnalytics } from "./analytics.ts";
import { updateAppState } from "./app-state.ts";
import { runningBuild } from "./build-info.ts";
import { pollForNewBuild } from "./build-updates.ts";
import { NavigationEvents } from "./navigation-events.tsx";
import { PrefetchHost } from "./prefetch.tsx";
import { ProgressIndicator } from "./progress.tsx";
import { markHydrated, whenAppReady } from "./ready.ts";
import { scheduleRouteRules } from "./route-rules.ts";
import { readRuntimeConfig } from "./runtime-config.ts";
import { startViewport } from "./viewport.ts";

let started = false;

/**
 * The browser-side runtime, mounted once in the root layout. Renders nothing
 * on the server; after hydration it starts the viewport state and analytics,
 * and once the app is idle the route rules, update polling and prefetching.
 */
export function AppRuntime() {
  const location = useLocation();

  useEffect(() => {
    if (started) return;
    started = true;
    updateAppState({ hydrated: true });
    markHydrated();
    startViewport();
    // With ANALYTICS_REQUIRE_CONSENT the counter waits for the cookie notice's "accept".
    const config = readRuntimeConfig();
    if (analyticsAllowed(config.analyticsRequireConsent === true)) startAnalytics(config.metrikaId, location);
    else onConsentChange((choice) => choice.analytics && startAnalytics(config.metrikaId, window.location));
    const build = runningBuild;
    if (build) {
      whenAppReady(() => {
        scheduleRouteRules(build);
        pollForNewBuild(build);
      });
    }
    // Start-up only: later locations reach analytics through the finish hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <NavigationEvents />
      <ProgressIndicator />
      <PrefetchHost />
    </>
  );
}
