/**
 * The site's icons (public/assets/icons/*.svg, 24×24 strokes) drawn into
 * artwork at any size and colour.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export const ICON_DIR = resolve("public/assets/icons");

/** The icon's drawing at (x, y), `size` px square, stroked and filled with `colour`. */
export function iconGroup(name: string, x: number, y: number, size: number, colour: string, strokeWidth = 2): string {
  const source = readFileSync(resolve(ICON_DIR, `${name}.svg`), "utf8");
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(source)?.[1];
  if (inner === undefined) throw new Error(`${name}.svg is not an SVG`);
  const scale = size / 24;
  // The icons draw with currentColor; `color` sets it for the whole group.
  return `<g transform="translate(${x} ${y}) scale(${scale})" color="${colour}" fill="none" stroke="currentColor" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${inner}</g>`;
}
