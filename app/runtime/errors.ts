import type { ClientOnErrorFunction } from "react-router";
import { updateAppState } from "./app-state.ts";

/**
 * The app's error state: set by HydratedRouter's onError (middleware, loader,
 * action and render errors, an error while the app mounts included) and by
 * every error boundary that shows the error page (also for an error the
 * server rendered, which onError never sees). The next good navigation
 * clears it (see NavigationEvents).
 */
export const reportRouterError: ClientOnErrorFunction = (error, { location }) => {
  updateAppState({ routeError: { error, at: location.pathname + location.search } });
};

/** Called when an error boundary shows the error page for the current address. */
export function noteErrorShown(error: unknown): void {
  updateAppState({ routeError: { error, at: window.location.pathname + window.location.search } });
}
