import { type RefObject, useEffect } from "react";
import { isExternalHref, linkHref, splitHref } from "#core/lib/url.ts";
import { prefetchPaused } from "./chunk-recovery.ts";
import { allowsPrefetch, currentConnection } from "./connection.ts";
import { PREFETCH_SLOTS, PrefetchQueue } from "./prefetch-queue.ts";
import { whenAppReady } from "./ready.ts";

/**
 * Links prefetch their target's code and data when they scroll into view:
 * once per target, after the app is ready, at most 4 at a time, never on
 * data saver or 2g. React Router's own `<Link prefetch>` has no cap and no
 * network check, so links render with `prefetch="none"` and come here.
 */
const listeners = new Set<() => void>();
const queue = new PrefetchQueue(PREFETCH_SLOTS, () => {
  for (const listener of listeners) listener();
});

let observer: IntersectionObserver | null = null;
const targets = new WeakMap<Element, string>();

function prefetchAllowed(): boolean {
  return typeof IntersectionObserver === "function" && allowsPrefetch(currentConnection()) && !prefetchPaused();
}

function onIntersect(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const target = targets.get(entry.target);
    observer?.unobserve(entry.target);
    if (target && target !== window.location.pathname + window.location.search) queue.request(target);
  }
}

/** What a link prefetches: its internal target, never an external, new-tab or full-reload link. */
export function prefetchHref(to: string, options: { target?: string; reloadDocument?: boolean } = {}): string | null {
  if (isExternalHref(to) || options.target === "_blank" || options.reloadDocument) return null;
  return linkHref(to);
}

/** Prefetches `href` (an internal address, or null for none) once the element is in view. */
export function usePrefetchOnView(ref: RefObject<Element | null>, href: string | null): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !href) return;
    const { pathname, search } = splitHref(href);
    let active = true;
    whenAppReady(() => {
      if (!active || !prefetchAllowed()) return;
      observer ??= new IntersectionObserver(onIntersect);
      targets.set(element, pathname + search);
      observer.observe(element);
    });
    return () => {
      active = false;
      observer?.unobserve(element);
    };
  }, [ref, href]);
}

/** The queue as the host (prefetch-host.tsx) sees it: a change listener, the targets holding a slot, a slot's end. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const activeTargets = (): readonly string[] => queue.active();
export const releaseTarget = (target: string): void => queue.done(target);
