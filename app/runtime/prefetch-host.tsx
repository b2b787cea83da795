import { type ComponentProps, startTransition, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { prefetchSettled, prefetchStarted } from "./chunk-recovery.ts";
import { activeTargets, releaseTarget, subscribe } from "./prefetch.tsx";
import { admitOne } from "./prefetch-queue.ts";

/*
 * What renders the prefetches the queue (prefetch.tsx) admits: a chunk of its
 * own, loaded by the runtime when the first target is queued, so never where
 * prefetching is off (no page needs it to be shown or hydrated).
 */

/** A slot is freed even if a preload never reports back. */
const SLOT_TIMEOUT_MS = 15_000;

const NONE: readonly string[] = [];

/**
 * Renders React Router's preload links for the targets holding a slot. The
 * queue's changes render as transitions, and slots mount one per task
 * (`admitOne`): a store read with useSyncExternalStore re-renders synchronously,
 * and four slots' links inserted in one commit were the longest task after
 * hydration (decision 022).
 */
export function PrefetchHost() {
  const [shown, setShown] = useState(NONE);
  // After each commit and each change of the queue: one step towards the queue's slots, in a task of its own.
  useEffect(() => {
    const step = () => window.setTimeout(() => startTransition(() => setShown((current) => admitOne(current, activeTargets()))));
    step();
    return subscribe(step);
  }, [shown]);
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
    queueMicrotask(() => releaseTarget(target));
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
