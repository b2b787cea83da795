import type { ReactNode } from "react";

/** A column header; one with `sort` is a button that orders the rows by it (and tells screen readers how they are ordered). */
export type HeadCell = { label: string; hidden?: boolean; sort?: { direction: "ascending" | "descending" | null; onSort(): void } };

/**
 * A data table with a caption (its name for screen readers; visually hidden
 * if `hideCaption`) and column headers; it scrolls sideways inside its own
 * box on narrow screens instead of widening the page. With `cards`, each row
 * becomes a card on a phone instead, each cell under its column's name (the
 * cells carry it as `data-label`: `<Cell label>`).
 */
export function Table({
  caption,
  hideCaption = false,
  head,
  cards = false,
  children,
}: {
  caption: string;
  hideCaption?: boolean;
  head: ReadonlyArray<string | HeadCell>;
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    // The scroll box is focusable so keyboard users can scroll a wide table too.
    <div className={cards ? "s-table-box s-table-box--cards" : "s-table-box"} tabIndex={0} role="region" aria-label={caption}>
      <table className="s-table">
        <caption className={hideCaption ? "s-visually-hidden" : "s-table__caption"}>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => {
              const { label, hidden, sort } = typeof cell === "string" ? { label: cell, hidden: false, sort: undefined } : cell;
              return (
                <th key={`${index}-${label}`} scope="col" aria-sort={sort ? (sort.direction ?? "none") : undefined}>
                  {sort ? (
                    <button type="button" className="s-table__sort" onClick={sort.onSort}>
                      {label}
                      <span aria-hidden="true">{sort.direction === "ascending" ? " ↑" : sort.direction === "descending" ? " ↓" : ""}</span>
                    </button>
                  ) : hidden ? (
                    <span className="s-visually-hidden">{label}</span>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A cell of a table with `cards`: on a phone its column's name stands before
 * it, unless it is `plain` (a row's title or checkbox speaks for itself).
 */
export function Cell({ label, plain = false, children, className }: { label: string; plain?: boolean; children: ReactNode; className?: string }) {
  return (
    <td data-label={plain ? undefined : label} className={className}>
      {children}
    </td>
  );
}
