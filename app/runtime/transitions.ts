/**
 * Hooks around every page transition: "start" when a navigation leaves idle,
 * "finish" when a new location has rendered (the first page included, and
 * same-page hash changes). Finish listeners run after React has committed the
 * new page, so `document.title` is already the new page's title. Code outside
 * React can listen too: the same moments are `app:page-start` and
 * `app:page-finish` events on window, with the full path as `detail`.
 */
export type PageLocation = { pathname: string; search: string; hash: string };

type Listener = (location: PageLocation) => void;

const startListeners = new Set<Listener>();
const finishListeners = new Set<Listener>();

export function onPageStart(listener: Listener): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}

export function onPageFinish(listener: Listener): () => void {
  finishListeners.add(listener);
  return () => finishListeners.delete(listener);
}

export function emitPageStart(location: PageLocation): void {
  for (const listener of startListeners) listener(location);
  window.dispatchEvent(new CustomEvent("app:page-start", { detail: fullPath(location) }));
}

export function emitPageFinish(location: PageLocation): void {
  for (const listener of finishListeners) listener(location);
  window.dispatchEvent(new CustomEvent("app:page-finish", { detail: fullPath(location) }));
}

export function fullPath(location: PageLocation): string {
  return location.pathname + location.search + location.hash;
}
