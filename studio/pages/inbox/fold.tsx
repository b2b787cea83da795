import { type ReactNode, useState } from "react";
import "./fold.css";

/**
 * A panel of the inbox folded on a phone, so the list is on the first screen, and open on a
 * wider one: a <details> (its summary is a button to the keyboard and to screen readers).
 * `open`: how it starts whatever the width (the funnel opens when a period is asked for).
 */
const WIDE = "(min-width: 60rem)";

export function Fold({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  const [isOpen, setOpen] = useState(() => open ?? (typeof window !== "undefined" && window.matchMedia(WIDE).matches));
  return (
    <details className="s-fold" open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="s-fold__title">{title}</summary>
      <div className="s-fold__body">{children}</div>
    </details>
  );
}
