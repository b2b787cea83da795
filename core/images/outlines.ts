/**
 * Text as SVG path data in the site's typeface, for build-time artwork
 * (wordmarks, avatars, covers). Paths render the same in every browser and
 * image encoder; SVG <text> would depend on the fonts of the machine.
 *
 * Outlines come from the static Onest files of @fontsource/onest (WOFF, which
 * opentype.js reads); the site itself serves the variable face, same design.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Font, parse } from "opentype.js/dist/opentype.mjs";

export type Weight = 400 | 500 | 600 | 700 | 800;
/** Unicode subsets as fontsource splits them: Cyrillic letters, Latin letters with digits and punctuation. */
const SUBSETS = ["cyrillic", "latin"] as const;

const require = createRequire(import.meta.url);
const cache = new Map<string, Font>();

export function loadFont(file: string): Font {
  let font = cache.get(file);
  if (!font) {
    const bytes = readFileSync(file);
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    cache.set(file, font);
  }
  return font;
}

/** The Onest files of one weight, Cyrillic first. */
export function onest(weight: Weight): Font[] {
  return SUBSETS.map((subset) => loadFont(require.resolve(`@fontsource/onest/files/onest-${subset}-${weight}-normal.woff`)));
}

/** The first font of the list that has the character (fontsource splits one typeface into subsets). */
export function fontFor(fonts: readonly Font[], char: string): Font {
  const font = fonts.find((f) => f.hasChar(char)) ?? fonts[0];
  if (!font) throw new Error("no fonts given");
  return font;
}

/** Advance width of text in em (kerning inside a subset included), for metric comparisons. */
export function advanceEm(fonts: readonly Font[], text: string): number {
  let width = 0;
  let previous: { font: Font; glyph: ReturnType<Font["charToGlyph"]> } | null = null;
  for (const char of text) {
    const font = fontFor(fonts, char);
    const glyph = font.charToGlyph(char);
    if (previous && previous.font === font) width += font.getKerningValue(previous.glyph, glyph) / font.unitsPerEm;
    width += (glyph.advanceWidth ?? 0) / font.unitsPerEm;
    previous = { font, glyph };
  }
  return width;
}

type PathCommand = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number };

const n = (value: number | undefined) => String(Math.round((value ?? 0) * 10) / 10);

/**
 * SVG path data from outline commands. opentype.js's own toPathData() packs
 * numbers without separators in some cases ("9.6" then "0" as "9.60"), which
 * renderers read as one number: written out here with explicit spaces.
 */
function pathData(commands: readonly PathCommand[]): string {
  return commands
    .map((c) => {
      switch (c.type) {
        case "M":
        case "L":
          return `${c.type}${n(c.x)} ${n(c.y)}`;
        case "Q":
          return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
        case "C":
          return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
        case "Z":
          return "Z";
        default:
          throw new Error(`unknown path command ${c.type}`);
      }
    })
    .join("");
}

export type Outline = {
  /** SVG path data, origin at the left end of the baseline. */
  d: string;
  /** Advance width in px at the given size. */
  width: number;
  /** Cap height in px (for optical vertical centring). */
  capHeight: number;
};

/**
 * Lays out one line: glyph outlines at `size` px with kerning and optional
 * tracking (in em), baseline at y = 0, numbers rounded to 0.1 px.
 */
export function outline(text: string, options: { weight: Weight; size: number; tracking?: number }): Outline {
  const fonts = onest(options.weight);
  const tracking = (options.tracking ?? 0) * options.size;
  let x = 0;
  let d = "";
  let previous: { font: Font; glyph: ReturnType<Font["charToGlyph"]> } | null = null;
  const chars = [...text];
  chars.forEach((char, i) => {
    const font = fontFor(fonts, char);
    const scale = options.size / font.unitsPerEm;
    const glyph = font.charToGlyph(char);
    if (previous && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) * scale;
    d += pathData(glyph.getPath(x, 0, options.size).commands);
    x += (glyph.advanceWidth ?? 0) * scale + (i < chars.length - 1 ? tracking : 0);
    previous = { font, glyph };
  });
  const reference = fontFor(fonts, "H");
  const os2 = reference.tables.os2 as { sCapHeight?: number } | undefined;
  const capHeight = ((os2?.sCapHeight ?? reference.ascender * 0.7) * options.size) / reference.unitsPerEm;
  return { d, width: Math.round(x * 10) / 10, capHeight };
}
