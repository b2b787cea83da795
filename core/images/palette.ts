/**
 * Artwork colours are the design tokens themselves, read from
 * core/styles/tokens.css, so covers and logos follow a change of brand colour.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const TOKENS = resolve("core/styles/tokens.css");

function readColours(): Record<string, string> {
  const colours: Record<string, string> = {};
  for (const match of readFileSync(TOKENS, "utf8").matchAll(/--color-([a-z-]+):\s*(#[\da-f]{6});/gi)) {
    colours[match[1] ?? ""] = (match[2] ?? "").toLowerCase();
  }
  return colours;
}

const colours = readColours();

function colour(name: string): string {
  const value = colours[name];
  if (!value) throw new Error(`${TOKENS}: no --color-${name} as a #rrggbb value`);
  return value;
}

export const palette = {
  ink: colour("ink"),
  inkSoft: colour("ink-soft"),
  paper: colour("bg"),
  surface: colour("surface"),
  surfaceStrong: colour("surface-strong"),
  accent: colour("accent"),
  accentStrong: colour("accent-strong"),
  accentSoft: colour("accent-soft"),
  onInverseMuted: colour("on-inverse-muted"),
} as const;

/**
 * Four backgrounds with the colours drawn on them: every scheme is the one
 * accent with ink and paper, so a page of covers reads as one brand.
 */
export type Scheme = {
  name: string;
  background: string;
  /** Large shapes. */
  primary: string;
  /** Small shapes and lines. */
  secondary: string;
  /** Pattern dots and hairlines. */
  faint: string;
  /** Text and logo on this background. */
  text: string;
};

export const SCHEMES: readonly Scheme[] = [
  { name: "ink", background: palette.ink, primary: palette.accent, secondary: palette.paper, faint: palette.inkSoft, text: palette.paper },
  { name: "accent", background: palette.accent, primary: palette.ink, secondary: palette.paper, faint: palette.accentStrong, text: palette.paper },
  { name: "soft", background: palette.accentSoft, primary: palette.accent, secondary: palette.ink, faint: "#d7d8fb", text: palette.ink },
  { name: "paper", background: palette.surface, primary: palette.ink, secondary: palette.accent, faint: palette.surfaceStrong, text: palette.ink },
];
