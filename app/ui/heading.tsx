import type { ReactNode } from "react";
import { cx } from "./class-names.ts";

type Level = 1 | 2 | 3 | 4 | 5 | 6;
/** Visual sizes, largest first; independent of the level so the outline stays right. */
export type HeadingSize = "display" | "xl" | "l" | "m" | "s" | "xs";

const DEFAULT_SIZE: Record<Level, HeadingSize> = { 1: "xl", 2: "l", 3: "m", 4: "s", 5: "xs", 6: "xs" };

/**
 * A heading whose level follows the document outline and whose size follows
 * the design. `eyebrow` is a short label set above it (section or category).
 */
export function Heading({
  level,
  size,
  id,
  eyebrow,
  className,
  children,
}: {
  level: Level;
  size?: HeadingSize;
  id?: string;
  eyebrow?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  const heading = (
    <Tag id={id} className={cx("heading", `heading--${size ?? DEFAULT_SIZE[level]}`, !eyebrow && className)}>
      {children}
    </Tag>
  );
  if (!eyebrow) return heading;
  return (
    <hgroup className={cx("heading-group", className)}>
      <p className="eyebrow">{eyebrow}</p>
      {heading}
    </hgroup>
  );
}
