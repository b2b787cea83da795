import type { ReactNode } from "react";
import { formatNumber } from "../lib/format.ts";
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

/** Metrics side by side: a description list, so each number is read with its label. */
export function StatList({ children, className, tone = "default" }: { children: ReactNode; className?: string; tone?: "default" | "inverse" }) {
  return <dl className={cx("stats", tone === "inverse" && "stats--inverse", className)}>{children}</dl>;
}
