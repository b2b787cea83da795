import type { ReactNode } from "react";

/**
 * A message about what just happened. Success and information are polite
 * (role="status": read when the reader is idle); errors interrupt
 * (role="alert"). Rendered only when there is something to say, inside a
 * region that is always present (NoticeArea), so screen readers announce it.
 */
export function Notice({ tone = "info", children }: { tone?: "info" | "success" | "error"; children: ReactNode }) {
  return (
    <div className={`s-notice s-notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** A live region that stays in the page; put the current Notice (or nothing) inside. */
export function NoticeArea({ children }: { children?: ReactNode }) {
  return (
    <div className="s-notice-area" aria-live="polite">
      {children}
    </div>
  );
}
