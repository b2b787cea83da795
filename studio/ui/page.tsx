import { type ReactNode, useEffect } from "react";

/**
 * A studio page: its title (also the tab's), an optional lead, and its
 * content. The heading takes focus after each navigation (shell/layout.tsx),
 * so a screen reader announces the new page and Tab starts from it.
 */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Студия`;
  }, [title]);
  return (
    <>
      <header className="s-page__header">
        <h1 className="s-page__title" tabIndex={-1} data-page-heading="">
          {title}
        </h1>
        {lead ? <div className="s-page__lead">{lead}</div> : null}
      </header>
      {children}
    </>
  );
}
