/**
 * Wordmarks of the (fictional) clients: a geometric sign and the name set in
 * Onest, both as paths. Sign, weight, case and tracking are picked from the
 * name, so each client keeps its own look from build to build.
 */
import { outline, type Weight } from "./outlines.ts";
import { seeded, r } from "./random.ts";

const SIGNS = ["ring", "split", "diamond", "bars", "arcs", "hexagon", "triangle", "stack", "cross", "quarter"] as const;
type Sign = (typeof SIGNS)[number];

/** A sign drawn in a 44×44 box at (x, y). */
function sign(kind: Sign, x: number, y: number, colour: string): string {
  const t = (body: string) => `<g transform="translate(${x} ${y})" fill="${colour}">${body}</g>`;
  switch (kind) {
    case "ring":
      return t(`<path fill-rule="evenodd" d="M22 0a22 22 0 1 1 0 44a22 22 0 1 1 0-44zm0 9a13 13 0 1 0 0 26a13 13 0 1 0 0-26z"/><circle cx="22" cy="22" r="5"/>`);
    case "split":
      return t(`<path d="M22 0a22 22 0 0 1 0 44z"/><path d="M19 2.2a20 20 0 0 0 0 39.6" fill="none" stroke="${colour}" stroke-width="5"/>`);
    case "diamond":
      return t(`<path fill-rule="evenodd" d="M22 0 44 22 22 44 0 22zM22 13 13 22 22 31 31 22z"/>`);
    case "bars":
      return t(`<rect x="0" y="24" width="11" height="20" rx="3"/><rect x="16.5" y="12" width="11" height="32" rx="3"/><rect x="33" y="0" width="11" height="44" rx="3"/>`);
    case "arcs":
      return t(`<path d="M0 44A44 44 0 0 1 44 0v12A32 32 0 0 0 12 44z"/><path d="M20 44a24 24 0 0 1 24-24v12a12 12 0 0 0-12 12z"/>`);
    case "hexagon":
      return t(`<path fill-rule="evenodd" d="M22 0 41 11v22L22 44 3 33V11zM22 12l-9.5 5.5v9L22 32l9.5-5.5v-9z"/>`);
    case "triangle":
      return t(`<path fill-rule="evenodd" d="M22 2 44 42H0zM16 30a6 6 0 1 0 12 0a6 6 0 1 0-12 0z"/>`);
    case "stack":
      return t(`<rect x="0" y="0" width="44" height="11" rx="5.5"/><rect x="8" y="16.5" width="36" height="11" rx="5.5"/><rect x="16" y="33" width="28" height="11" rx="5.5"/>`);
    case "cross":
      return t(`<rect x="15" y="0" width="14" height="44" rx="4"/><rect x="0" y="15" width="44" height="14" rx="4"/>`);
    case "quarter":
      return t(`<path d="M0 0h22v22H0z"/><path d="M22 22h22v22H22z"/><path d="M22 0a22 22 0 0 1 22 22H22z"/><path d="M0 22h22v22A22 22 0 0 1 0 22z"/>`);
  }
}

type Style = { weight: Weight; upper: boolean; tracking: number };
const STYLES: readonly Style[] = [
  { weight: 700, upper: false, tracking: -0.02 },
  { weight: 800, upper: true, tracking: 0.04 },
  { weight: 600, upper: false, tracking: 0 },
  { weight: 500, upper: true, tracking: 0.08 },
  { weight: 800, upper: false, tracking: -0.03 },
];

export type Wordmark = { body: string; width: number; height: number };

/** The wordmark drawn in one colour, 64 px tall, at the origin. */
export function wordmark(name: string, colour: string): Wordmark {
  const random = seeded(`wordmark:${name}`);
  const kind = random.pick(SIGNS);
  const style = random.pick(STYLES);
  const text = style.upper ? name.toUpperCase() : name;
  const size = style.upper ? 28 : 34;
  const glyphs = outline(text, { weight: style.weight, size, tracking: style.tracking });
  const baseline = r(32 + glyphs.capHeight / 2);
  const textX = 58;
  const body = `${sign(kind, 0, 10, colour)}<path transform="translate(${textX} ${baseline})" fill="${colour}" d="${glyphs.d}"/>`;
  return { body, width: Math.ceil(textX + glyphs.width + 2), height: 64 };
}

/** A standalone SVG file of the wordmark. */
export function wordmarkSvg(name: string, colour: string): { svg: string; width: number; height: number } {
  const mark = wordmark(name, colour);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${mark.width} ${mark.height}" width="${mark.width}" height="${mark.height}">${mark.body}</svg>`;
  return { svg, width: mark.width, height: mark.height };
}
