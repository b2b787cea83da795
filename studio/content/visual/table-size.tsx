import { type KeyboardEvent, useEffect, useRef, useState } from "react";

const MOST = 6;

const plural = (n: number, one: string, few: string, many: string) => (n % 10 === 1 && n % 100 !== 11 ? one : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? few : many);
/** «3 столбца, строка заголовков и 2 строки»: what a size means, the header row always included. */
export const sizeName = (columns: number, rows: number) =>
  `${columns}\u00a0${plural(columns, "столбец", "столбца", "столбцов")}, строка заголовков и ${rows}\u00a0${plural(rows, "строка", "строки", "строк")}`;

type Props = {
  id: string;
  /** The button that opened it (a click on it is not a click elsewhere). */
  openerId: string;
  onPick: (columns: number, rows: number) => void;
  /** Escape, or a click elsewhere: closed without a table. */
  onClose: () => void;
};

/**
 * «Таблица»'s size: a grid of up to 6 columns by 6 rows under a header row, chosen with the
 * pointer or the arrows (one button of the grid in the tab order at a time), Enter inserts it.
 */
export function TableSize({ id, openerId, onPick, onClose }: Props) {
  const [at, setAt] = useState({ columns: 2, rows: 1 });
  const grid = useRef<HTMLDivElement>(null);
  const button = (columns: number, rows: number) => grid.current?.querySelector<HTMLButtonElement>(`[data-size="${columns}x${rows}"]`);

  useEffect(() => {
    button(2, 1)?.focus();
    const outside = (event: PointerEvent) => {
      const opener = document.getElementById(openerId);
      if (!grid.current?.parentElement?.contains(event.target as Node) && !opener?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
    // Focus goes in once, when the picker opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKey(event: KeyboardEvent) {
    const steps: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const next = { columns: Math.min(MOST, Math.max(1, at.columns + step[0])), rows: Math.min(MOST, Math.max(1, at.rows + step[1])) };
    setAt(next);
    button(next.columns, next.rows)?.focus();
  }

  const cells = [];
  for (let columns = 1; columns <= MOST; columns++) {
    const header = columns <= at.columns;
    cells.push(<span key={`h${columns}`} className="s-visual__size-head" data-on={header ? "" : undefined} aria-hidden="true" />);
  }
  for (let rows = 1; rows <= MOST; rows++) {
    for (let columns = 1; columns <= MOST; columns++) {
      const current = columns === at.columns && rows === at.rows;
      cells.push(
        <button
          key={`${columns}x${rows}`}
          type="button"
          className="s-visual__size"
          data-size={`${columns}x${rows}`}
          data-on={columns <= at.columns && rows <= at.rows ? "" : undefined}
          tabIndex={current ? 0 : -1}
          aria-label={sizeName(columns, rows)}
          onMouseEnter={() => setAt({ columns, rows })}
          onFocus={() => setAt({ columns, rows })}
          onClick={() => onPick(columns, rows)}
        />,
      );
    }
  }

  return (
    <div className="s-visual__popup s-visual__sizes" role="group" aria-labelledby={`${id}-size`}>
      <p id={`${id}-size`} className="s-visual__size-name">
        Таблица: {sizeName(at.columns, at.rows)}
      </p>
      <div ref={grid} className="s-visual__size-grid" onKeyDown={onKey}>
        {cells}
      </div>
    </div>
  );
}
