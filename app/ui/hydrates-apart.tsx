import { type ReactNode, Suspense } from "react";

/**
 * A part of the page that hydrates in a render and commit of its own. React
 * leaves a Suspense boundary that came with the server's HTML as it is while
 * it hydrates the rest, then hydrates it separately at low priority (or at
 * once, when the visitor clicks or types inside it), so a long page is no
 * longer hydrated and committed in one long task: each section is a short
 * one (docs/performance.md, decision 021). Nothing inside suspends, so the
 * HTML is the same as without it (comment markers aside) and no fallback is
 * ever shown.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
