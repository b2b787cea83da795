import { type CSSProperties, useEffect } from "react";

type IconProps = {
  /** File name under /assets/icons/ without ".svg". */
  icon: string;
  /** Fill colour; `currentColor` follows the text. */
  color?: string;
  /** Stroke colour: paints line icons when no fill colour is given. */
  stroke?: string;
  /** Rendered square size in px (reserved before the file loads: no layout shift). */
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
  className?: string;
};

export const ICONS_PATH = "/assets/icons/";

export function iconUrl(icon: string): string {
  return `${ICONS_PATH}${encodeURIComponent(icon)}.svg`;
}

/**
 * The colour the icon is painted in. The file is used as a mask (its shape,
 * not its colours), so one colour paints it: the fill colour if set, else the
 * stroke colour, else the text colour (both default to transparent).
 */
export function iconPaint(color: string, stroke: string): string {
  if (color !== "transparent") return color;
  if (stroke !== "transparent") return stroke;
  return "currentColor";
}

/** Icon files already checked in this tab (one probe per file, shared by every icon using it). */
const checked = new Set<string>();

/**
 * A CSS mask reports no load errors, so each file is probed once with an
 * image request (served from the cache the mask just filled): a missing or
 * broken icon is logged, and the page keeps its reserved empty square.
 */
function checkIcon(icon: string): void {
  const url = iconUrl(icon);
  if (checked.has(url)) return;
  checked.add(url);
  const probe = new Image();
  probe.onerror = () => console.error(`Icon "${icon}" failed to load: ${url}`);
  probe.src = url;
}

/**
 * An SVG icon from /assets/icons/, drawn as a CSS mask so it takes the given
 * colour. The box has its size before the file arrives (no layout shift).
 */
export function Icon({ icon, color = "transparent", stroke = "transparent", size = 24, label, className }: IconProps) {
  useEffect(() => checkIcon(icon), [icon]);
  const style = {
    "--icon-url": `url("${iconUrl(icon)}")`,
    "--icon-color": iconPaint(color, stroke),
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
