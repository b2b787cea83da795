import { useSyncExternalStore } from "react";

/**
 * What the app is doing, as the spec's states: hydrating (first paint until
 * hydration completes), loading (a navigation in flight), error (a route
 * error or an unrecovered code-chunk failure), otherwise idle. Mirrored on
 * `<html data-app-state>` for styles and tests.
 */
export type AppPhase = "hydrating" | "idle" | "loading" | "error";

export type AppState = {
  hydrated: boolean;
  navigating: boolean;
  /** A router error, kept with the address it happened at. */
  routeError: { error: unknown; at: string } | null;
  /** Destination whose code could not be loaded and may not be reloaded now. */
  chunkFailure: string | null;
};

let state: AppState = { hydrated: false, navigating: false, routeError: null, chunkFailure: null };
const listeners = new Set<() => void>();
let navigated = false;

/** Whether a client-side navigation has started since the document loaded (what is on screen may not be the server's). */
export function hasNavigated(): boolean {
  return navigated;
}

/**
 * Called as the first client-side navigation starts (the runtime's middleware),
 * before React renders any of it: parts of the first page still waiting for
 * their code (app/forms/deferred.tsx) must load now, or React holds the
 * navigation until they have hydrated.
 */
export function markNavigated(): void {
  if (navigated) return;
  navigated = true;
  for (const listener of listeners) listener();
}

export function appPhase(s: AppState): AppPhase {
  if (s.routeError || s.chunkFailure) return "error";
  if (!s.hydrated) return "hydrating";
  return s.navigating ? "loading" : "idle";
}

export function getAppState(): AppState {
  return state;
}

export function updateAppState(patch: Partial<AppState>): void {
  const next = { ...state, ...patch };
  if (Object.keys(patch).every((key) => next[key as keyof AppState] === state[key as keyof AppState])) return;
  state = next;
  if (typeof document !== "undefined") document.documentElement.dataset.appState = appPhase(state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE = state;

/**
 * What a component needs of the state; the server (and hydration) always sees "hydrating".
 * The component renders again only when what it selected changes (`select` returns a
 * primitive): the end of hydration itself re-renders nothing, so the first commit stays short.
 */
export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(SERVER_STATE),
  );
}

export { subscribe as onAppStateChange };
