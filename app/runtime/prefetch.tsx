import { type ComponentProps, type RefObject, startTransition, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { isExternalHref, linkHref, splitHref } from "../lib/url.ts";
import { prefetchPaused, prefetchSettled, prefetchStarted } from "./chunk-recovery.ts";
import { allowsPrefetch, currentConnection } from "./connection.ts";
import { admitOne, PREFETCH_SLOTS, PrefetchQueue } from "./prefetch-queue.ts";
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

/** A slot is freed even if a preload never reports back. */
const SLOT_TIMEOUT_MS = 15_000;

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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly string[] = [];

/**
 * Renders React Router's preload links for the targets holding a slot. The
 * queue's changes render as transitions, and slots mount one per task
 * (`admitOne`): a store read with useSyncExternalStore re-renders synchronously,
 * and four slots' links inserted in one commit were the longest task after
 * hydration (decision 022).
 */
export function PrefetchHost() {
  const [active, setActive] = useState<readonly string[]>(NONE);
  const [shown, setShown] = useState<readonly string[]>(NONE);
  useEffect(() => {
    const update = () => startTransition(() => setActive(queue.active()));
    update();
    return subscribe(update);
  }, []);
  useEffect(() => {
    const next = admitOne(shown, active);
    if (next === shown) return;
    const timer = window.setTimeout(() => startTransition(() => setShown(next)), 0);
    return () => window.clearTimeout(timer);
  }, [active, shown]);
  return shown.map((target) => <PrefetchSlot key={target} target={target} />);
}

/** One target's preloads; the slot is released when every link it rendered has loaded or failed. */
function PrefetchSlot({ target }: { target: string }) {
  const id = useId();
  const settled = useRef(0);
  const expected = useRef<number | null>(null);
  const finished = useRef(false);

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    prefetchSettled();
    // Leave the commit before the host re-renders without this slot.
    queueMicrotask(() => queue.done(target));
  };
  const onSettle = () => {
    settled.current += 1;
    if (expected.current !== null && settled.current >= expected.current) finish();
  };

  useLayoutEffect(() => {
    prefetchStarted();
    // React hoists the links into <head>; they exist once the commit is done.
    expected.current = document.querySelectorAll(`link[data-prefetch-slot="${CSS.escape(id)}"]`).length;
    if (settled.current >= expected.current) finish();
    const timer = window.setTimeout(finish, SLOT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
    // Runs once per slot: the target never changes for a mounted slot (it is the key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // React Router spreads extra props onto every data and module <link> it renders; its type lists fewer.
  const linkProps = { page: target, "data-prefetch-slot": id, onLoad: onSettle, onError: onSettle };
  return <PrefetchPageLinks {...(linkProps as ComponentProps<typeof PrefetchPageLinks>)} />;
}
