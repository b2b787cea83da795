import { type ReactNode, Suspense } from "react";
import { cx } from "./class-names.ts";
import { Heading, type HeadingSize } from "./heading.tsx";

type SectionProps = {
  /** Used for the heading id and aria-labelledby; also the #anchor of the section. */
  id: string;
  title: ReactNode;
  eyebrow?: ReactNode;
  /** A sentence under the heading. */
  lead?: ReactNode;
  /** Beside the heading on wide screens, under it on phones: "Все кейсы →". */
  action?: ReactNode;
  /** default: page background; surface: grey band; inverse: dark band. */
  tone?: "default" | "surface" | "inverse";
  titleSize?: HeadingSize;
  className?: string;
  children: ReactNode;
};

/**
 * A titled band of a page: heading row, then content, in the page container.
 * A Suspense boundary of the server's HTML, so it hydrates in a render and
 * commit of its own: React leaves it as it is while it hydrates the rest, then
 * hydrates it at low priority, or at once when the visitor clicks or types
 * inside it. A long page is then no longer hydrated in one long task (decision
 * 022). Nothing inside suspends: the HTML is the same (comment markers aside),
 * and no fallback is ever shown (hence none is given).
 */
export function Section({ id, title, eyebrow, lead, action, tone = "default", titleSize = "l", className, children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <Suspense>
      <section id={id} className={cx("section", `section--${tone}`, className)} aria-labelledby={headingId}>
        <div className="container section__inner">
          <header className={cx("section__header", action ? "section__header--action" : undefined)}>
            <div className="section__titles">
              <Heading level={2} size={titleSize} id={headingId} eyebrow={eyebrow}>
                {title}
              </Heading>
              {lead ? <p className="section__lead">{lead}</p> : null}
            </div>
            {action ? <div className="section__action">{action}</div> : null}
          </header>
          {children}
        </div>
      </section>
    </Suspense>
  );
}
