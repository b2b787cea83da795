import { type ComponentType, startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { analyticsAllowed, onConsentChange } from "../consent/consent.ts";
import { captureUtm } from "#core/forms/utm.ts";
import { captureVisit } from "#core/forms/visit.ts";
import { updateAppState } from "./app-state.ts";
import { runningBuild, UPDATE_POLL_MS } from "./build-info.ts";
import { NavigationEvents } from "./navigation-events.tsx";
import { subscribe as onPrefetchQueued } from "./prefetch.tsx";
import { ProgressIndicator } from "./progress.tsx";
import { markHydrated, whenAppReady } from "./ready.ts";
import { scheduleRouteRules } from "./route-rules.ts";
import { readRuntimeConfig } from "#core/lib/runtime-config.ts";
import type { PageLocation } from "./transitions.ts";
import { startViewport } from "./viewport.ts";
import { startWebFonts } from "./web-fonts.ts";

let started = false;

/**
 * The browser-side runtime, mounted once in the root layout. Renders nothing
 * on the server. Its first effect runs in the task that commits hydration,
 * the longest of the page's life: there it only marks the app hydrated. The
 * rest (viewport state, web fonts, UTM tags, analytics) starts in a task of
 * its own right after, and once the app is idle the route rules, update
 * polling and prefetching.
 */
export function AppRuntime() {
  const location = useLocation();
  // The prefetches' renderer (prefetch-host.tsx), loaded when the first link in view is queued:
  // never on data saver or 2g, where nothing is.
  const [PrefetchHost, setPrefetchHost] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (started) return;
    started = true;
    updateAppState({ hydrated: true });
    markHydrated();
    window.setTimeout(() => {
      startViewport();
      startWebFonts();
      // The visit's UTM tags, from the address it landed on (no navigation completes before this task), for a form sent pages later.
      captureUtm(window.location.search);
      // And where the visit began: the site it came from and its first page.
      captureVisit(window.location, document.referrer);
      // With ANALYTICS_REQUIRE_CONSENT the counter waits for the cookie notice's "accept".
      // The counter's code loads only where one is configured.
      const config = readRuntimeConfig();
      const { metrikaId } = config;
      const start = (first: PageLocation) => {
        if (metrikaId) void import("./analytics.ts").then(({ startAnalytics }) => startAnalytics(metrikaId, first));
      };
      if (analyticsAllowed(config.analyticsRequireConsent === true)) start(location);
      else onConsentChange((choice) => choice.analytics && start({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }));
    }, 0);
    const stopWaiting = onPrefetchQueued(() => {
      stopWaiting();
      void import("./prefetch-host.tsx").then(({ PrefetchHost }) => startTransition(() => setPrefetchHost(() => PrefetchHost)), () => {});
    });
    whenAppReady(() => {
      void runningBuild().then((build) => {
        if (!build) return;
        scheduleRouteRules(build);
        window.setTimeout(() => void import("./build-updates.ts").then(({ pollForNewBuild }) => pollForNewBuild(build)), UPDATE_POLL_MS);
      });
    });
    // Start-up only: later locations reach analytics through the finish hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <NavigationEvents />
      <ProgressIndicator />
      {PrefetchHost ? <PrefetchHost /> : null}
    </>
  );
}
