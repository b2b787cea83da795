import type { ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

type TagProps = {
  children: ReactNode;
  /** Makes the tag a link (filters, related sections). */
  to?: string;
  /** The chosen filter: shown filled, and announced as the current one. */
  selected?: boolean;
  /** accent: soft accent background for the one tag that matters (a category). */
  tone?: "neutral" | "accent";
  size?: "s" | "m";
  icon?: string;
  className?: string;
};

/** A chip: a label (industry, service, tag) or, with `to`, a link to a filtered list. */
export function Tag({ children, to, selected = false, tone = "neutral", size = "m", icon, className }: TagProps) {
  const classes = cx("chip", tone === "accent" && "chip--accent", size === "s" && "chip--s", selected && "chip--selected", className);
  const content = (
    <>
      {icon ? <Icon icon={icon} size={size === "s" ? 14 : 16} /> : null}
      {children}
    </>
  );
  if (to === undefined) return <span className={cx(classes, "chip--static")}>{content}</span>;
  return (
    <AppLink className={classes} to={to} aria-current={selected ? "true" : undefined}>
      {content}
    </AppLink>
  );
}

/** A row of tags as a list (screen readers announce how many). */
export function TagList({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <ul className={cx("chips", className)} role="list" aria-label={label}>
      {children}
    </ul>
  );
}
