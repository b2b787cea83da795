import { Children, type CSSProperties, type ReactNode } from "react";
import { formatNumber } from "#core/lib/format.ts";
import { cx } from "./class-names.ts";

type StatProps = {
  /** The number; formatted the Russian way. A string is shown as given ("4,2 млрд"). */
  value: number | string;
  unit?: string;
  /** "+" or "−" for growth or reduction. */
  sign?: "+" | "−" | "";
  label: ReactNode;
};

/** One metric: a large number with its unit, and what it measures. */
export function Stat({ value, unit = "", sign = "", label }: StatProps) {
  const number = typeof value === "number" ? formatNumber(value) : value;
  // A unit that is a symbol sticks to the number; a word gets a no-break space.
  const joiner = unit === "" || /^[%×]/.test(unit) ? "" : "\u00a0";
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">
        {sign}
        {number}
        {unit ? <span className="stat__unit">{joiner + unit}</span> : null}
      </dd>
    </div>
  );
}

/**
 * Metrics side by side: a description list, so each number is read with its label. The list
 * carries its count so that wide screens lay out its columns from the first frame: a frame
 * painted while the list is half parsed would otherwise stretch the metrics that have arrived
 * across the row, then shrink them (a layout shift). One metric needs no count (the default).
 */
export function StatList({ children, className, tone = "default" }: { children: ReactNode; className?: string; tone?: "default" | "inverse" }) {
  const count = Children.count(children);
  const style = count > 1 ? ({ "--stats-count": count } as CSSProperties) : undefined;
  return (
    <dl className={cx("stats", tone === "inverse" && "stats--inverse", className)} style={style}>
      {children}
    </dl>
  );
}
