import type { ReactNode } from "react";

/** What a list shows when it has nothing: what is missing, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="s-empty">
      <p className="s-empty__title">{title}</p>
      {children ? <div className="s-empty__text">{children}</div> : null}
    </div>
  );
}
