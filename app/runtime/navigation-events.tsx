import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { getAppState, updateAppState } from "./app-state.ts";
import { emitPageFinish } from "./transitions.ts";

/**
 * Turns the router's state into the finish hook and the app state. (The start
 * hook fires from the runtime's middleware: React may never render the
 * "loading" state of a quick navigation.)
 */
export function NavigationEvents() {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";

  useEffect(() => {
    updateAppState({ navigating: busy });
  }, [busy]);

  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    const first = lastKey.current === null;
    lastKey.current = location.key;
    // A new page rendered: an error of another address is over. (The first page keeps a
    // failure found at start-up, when React Router's reload brought the tab back here.)
    const { routeError } = getAppState();
    const address = location.pathname + location.search;
    updateAppState({
      ...(first ? {} : { chunkFailure: null }),
      ...(routeError && routeError.at !== address ? { routeError: null } : {}),
    });
    emitPageFinish(location);
  }, [location]);

  return null;
}
