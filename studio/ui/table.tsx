import type { ReactNode } from "react";

/**
 * A data table with a caption (its name for screen readers; visually hidden
 * if `hideCaption`) and column headers; it scrolls sideways inside its own
 * box on narrow screens instead of widening the page.
 */
export function Table({ caption, hideCaption = false, head, children }: { caption: string; hideCaption?: boolean; head: readonly string[]; children: ReactNode }) {
  return (
    // The scroll box is focusable so keyboard users can scroll a wide table too.
    <div className="s-table-box" tabIndex={0} role="region" aria-label={caption}>
      <table className="s-table">
        <caption className={hideCaption ? "s-visually-hidden" : "s-table__caption"}>{caption}</caption>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
