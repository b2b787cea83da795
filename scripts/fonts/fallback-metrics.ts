/**
 * Computes the size-adjusted fallback faces of core/styles/fonts.css: how much a
 * local font must be scaled so that Russian text set in it takes the same width
 * as in Onest, and Onest's vertical metrics expressed for the scaled face. With
 * these, swapping the web font in reflows nothing (no layout shift).
 *
 * The sample is the site's own copy (services and cases), so letters weigh as
 * often as they occur in our Russian text, spaces and digits included.
 *
 *   npm run fonts:fallback -- [Arial regular] [Arial bold] [Roboto regular] [Roboto bold]
 *
 * Each argument is a font file or a comma-separated list of subset files.
 *
 * Defaults are Liberation Sans (metric-compatible with Arial) from Debian's
 * fonts-liberation; Roboto files must be given (e.g. from @fontsource/roboto).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Font } from "opentype.js/dist/opentype.mjs";
import { CONTENT_DIR } from "#core/config/folders.server.ts";
import { advanceEm, loadFont, onest, type Weight } from "#core/images/outlines.ts";

const LIBERATION = "/usr/share/fonts/truetype/liberation";
const [arialRegular = `${LIBERATION}/LiberationSans-Regular.ttf`, arialBold = `${LIBERATION}/LiberationSans-Bold.ttf`, robotoRegular, robotoBold] =
  process.argv.slice(2);

function sampleText(): string {
  const parts: string[] = [];
  for (const folder of ["services", "projects/cases"]) {
    for (const file of readdirSync(join(CONTENT_DIR, folder))) {
      parts.push(readFileSync(join(CONTENT_DIR, folder, file), "utf8").replace(/^---[\s\S]*?---/, ""));
    }
  }
  // Markdown punctuation is not text a visitor reads.
  return parts.join(" ").replace(/[#*_`>|[\]()-]+/g, " ").replace(/\s+/g, " ");
}

const fontList = (files: string) => files.split(",").map(loadFont);

/**
 * Each weight the site uses gets its own scaled face (a local font has only
 * regular and bold, but Onest widens with every step of weight).
 */
const WEIGHT_RANGES: Record<Weight, string> = { 400: "100 449", 500: "450 549", 600: "550 649", 700: "650 749", 800: "750 900" };
const REGULAR: Weight[] = [400, 500];
const BOLD: Weight[] = [600, 700, 800];
const pct = (value: number) => `${(value * 100).toFixed(2)}%`;

function face(family: string, locals: string[], weight: Weight, fallback: Font[], sample: string): string {
  const main = onest(weight);
  const sizeAdjust = advanceEm(main, sample) / advanceEm(fallback, sample);
  const [reference] = main;
  if (!reference) throw new Error("Onest files missing");
  const upm = reference.unitsPerEm;
  const os2 = reference.tables.os2 as unknown as { sTypoAscender: number; sTypoDescender: number; sTypoLineGap: number };
  // Onest sets USE_TYPO_METRICS, so browsers lay it out with the OS/2 typo values.
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    `  src: ${locals.map((name) => `local("${name}")`).join(", ")};`,
    `  font-weight: ${WEIGHT_RANGES[weight]};`,
    `  size-adjust: ${pct(sizeAdjust)};`,
    `  ascent-override: ${pct(os2.sTypoAscender / upm / sizeAdjust)};`,
    `  descent-override: ${pct(-os2.sTypoDescender / upm / sizeAdjust)};`,
    `  line-gap-override: ${pct(os2.sTypoLineGap / upm / sizeAdjust)};`,
    "}",
  ].join("\n");
}

const sample = sampleText();
console.log(`/* sample: ${sample.length} characters of the site's copy */`);
const arialNames = (bold: boolean) =>
  bold ? ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "Arimo Bold"] : ["Arial", "ArialMT", "Liberation Sans", "Arimo"];
for (const weight of REGULAR) console.log(face("Onest Fallback", arialNames(false), weight, fontList(arialRegular), sample));
for (const weight of BOLD) console.log(face("Onest Fallback", arialNames(true), weight, fontList(arialBold), sample));
if (robotoRegular && robotoBold) {
  for (const weight of REGULAR) console.log(face("Onest Fallback Roboto", ["Roboto", "Roboto-Regular"], weight, fontList(robotoRegular), sample));
  for (const weight of BOLD) console.log(face("Onest Fallback Roboto", ["Roboto Bold", "Roboto-Bold"], weight, fontList(robotoBold), sample));
}
