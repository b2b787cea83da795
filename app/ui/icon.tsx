import type { CSSProperties } from "react";

type IconProps = {
  /** File name under /assets/icons/ without ".svg". */
  icon: string;
  /** Fill colour; `currentColor` follows the text. */
  color?: string;
  /** Stroke colour. */
  stroke?: string;
  /** Rendered square size in px (reserved before the file loads: no layout shift). */
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
  className?: string;
};

/**
 * An SVG icon from /assets/icons/, drawn as a CSS mask so it takes the given
 * colour. Defaults follow the spec: colour and stroke transparent unless set;
 * with neither set the icon takes the text colour.
 */
export function Icon({ icon, color = "transparent", stroke = "transparent", size = 24, label, className }: IconProps) {
  const fill = color === "transparent" && stroke === "transparent" ? "currentColor" : color;
  const style = {
    "--icon-url": `url("/assets/icons/${icon}.svg")`,
    "--icon-color": fill,
    "--icon-stroke": stroke,
    inlineSize: size,
    blockSize: size,
  } as CSSProperties;
  return (
    <span
      className={className ? `icon ${className}` : "icon"}
      style={style}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    />
  );
}
