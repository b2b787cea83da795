/**
 * Team avatars: the person's initials in Onest over a geometric composition on
 * a brand scheme. No faces are invented: a portrait we do not have stays an
 * honest monogram. 640×640.
 */
import { outline } from "./outlines.ts";
import { SCHEMES } from "./palette.ts";
import { r, seeded } from "./random.ts";

export const AVATAR = { width: 640, height: 640 } as const;
const S = AVATAR.width;

export function avatarSvg(id: string, name: string): { svg: string; color: string } {
  const random = seeded(`avatar:${id}`);
  const scheme = random.pick(SCHEMES);
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? "")
    .join("")
    .toUpperCase();
  const glyphs = outline(initials, { weight: 700, size: 230, tracking: -0.04 });
  const corner = random.pick([
    [0, 0],
    [S, 0],
    [0, S],
    [S, S],
  ] as const);
  const arc = random.range(330, 420);
  const dx = random.pick([-1, 1]) * random.range(120, 170);
  const dy = random.pick([-1, 1]) * random.range(120, 170);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">`,
    `<rect width="${S}" height="${S}" fill="${scheme.background}"/>`,
    `<circle cx="${corner[0]}" cy="${corner[1]}" r="${r(arc)}" fill="${scheme.primary}" fill-opacity=".9"/>`,
    `<circle cx="${r(S / 2 + dx)}" cy="${r(S / 2 + dy)}" r="54" fill="none" stroke="${scheme.secondary}" stroke-width="16" stroke-opacity=".7"/>`,
    `<path transform="translate(${r((S - glyphs.width) / 2)} ${r(S / 2 + glyphs.capHeight / 2)})" fill="${scheme.text}" d="${glyphs.d}"/>`,
    "</svg>",
  ].join("");
  return { svg, color: scheme.background };
}
