/**
 * Open Graph pictures, 1200×630: the page's title and its section set in the
 * site's font (Onest, from the npm package: no network). Drawn by a release
 * from each rendered page's own og:title and breadcrumbs, so the picture
 * always matches what the page says; kept in a cache by their inputs, so a
 * release draws only pictures whose page changed what they show.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { palette } from "#core/images/palette.ts";
import type { ReleaseFiles } from "./files.ts";

export type OgSite = { brand: string; tagline: string; origin: string };
export type OgPicture = { title: string; section: string };

const WIDTH = 1200;
const HEIGHT = 630;
const DRAWING_VERSION = "6";

/** The design tokens' colours (as the artwork uses them), so the pictures follow the site's palette. */
const COLORS = { accent: palette.accent, ink: palette.ink, paper: palette.paper };

function fontFile(subset: string, weight: number): Buffer {
  return readFileSync(join("node_modules", "@fontsource", "onest", "files", `onest-${subset}-${weight}-normal.woff`));
}
// One family per subset: satori falls back between families, not between faces of one family.
const SUBSETS = ["latin", "cyrillic"] as const;
/**
 * The drawing's tools, loaded on the first picture: satori, its fonts and sharp
 * cost a process ~45 MB of memory, and the server that only serves releases
 * never draws one (decision 012).
 */
async function loadTools() {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
  const fonts = [400, 700].flatMap((weight) =>
    SUBSETS.map((subset) => ({ name: `Onest ${subset}`, data: fontFile(subset, weight), weight: weight as 400 | 700, style: "normal" as const })),
  );
  return { satori, sharp, fonts };
}
let tools: ReturnType<typeof loadTools> | undefined;
const FONT_FAMILY = SUBSETS.map((subset) => `Onest ${subset}`).join(", ");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: "\u00a0" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? _);

/** Title without the " — Brand" suffix, and the section from the page's BreadcrumbList. */
export function describePage(html: string, site: OgSite): OgPicture {
  const ogTitle = decode(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? site.brand);
  const title = ogTitle.endsWith(` — ${site.brand}`) ? ogTitle.slice(0, -(site.brand.length + 3)) : ogTitle;
  const crumbs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? "{}") as { "@type"?: string; itemListElement?: { name: string }[] })
    .find((d) => d["@type"] === "BreadcrumbList")?.itemListElement;
  const section = crumbs?.[1]?.name ?? site.tagline;
  return { title, section };
}

type Element = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Element => ({ type, props: { style, children } });

function drawing({ title, section }: OgPicture, site: OgSite): Element {
  const size = title.length > 90 ? 52 : title.length > 55 ? 62 : 74;
  // Satori sizes boxes as content-box: the padding comes off the width and height.
  const padding = 72;
  return el("div", { width: WIDTH - 2 * padding, height: HEIGHT - 2 * padding, display: "flex", flexDirection: "column", justifyContent: "space-between", padding, background: COLORS.ink, color: COLORS.paper, fontFamily: FONT_FAMILY }, [
    el("div", { display: "flex", alignItems: "center", gap: 20 }, [
      el("div", { width: 56, height: 56, borderRadius: 16, background: COLORS.accent, display: "flex", alignItems: "center", justifyContent: "center" }, [
        el("div", { width: 24, height: 24, borderRadius: 12, border: `5px solid ${COLORS.paper}` }),
      ]),
      el("div", { fontSize: 34, fontWeight: 700 }, site.brand),
      el("div", { fontSize: 28, marginLeft: 12, padding: "6px 18px", borderRadius: 999, border: `2px solid ${COLORS.accent}`, color: COLORS.paper }, section),
    ]),
    el("div", { fontSize: size, fontWeight: 700, lineHeight: 1.12, letterSpacing: -1, maxWidth: 1040 }, title),
    el("div", { display: "flex", alignItems: "center", gap: 24, fontSize: 26, opacity: 0.75 }, [
      el("div", { width: 64, height: 6, borderRadius: 3, background: COLORS.accent }),
      el("div", {}, new URL(site.origin).host),
    ]),
  ]);
}

/** The key of a picture in the cache: everything the drawing depends on. */
export function ogKey(picture: OgPicture, site: OgSite): string {
  const inputs = [DRAWING_VERSION, COLORS, site.brand, site.tagline, site.origin, picture.title, picture.section];
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url").slice(0, 32);
}

/**
 * The PNG file of a picture in `cacheDir`, drawn if the cache does not have
 * it yet. Palette PNG at effort 1: within 1 % of the size of the slowest
 * setting, four times faster (measured on this site's pictures).
 */
export async function ogImageFile(picture: OgPicture, site: OgSite, cacheDir: string): Promise<{ file: string; drawn: boolean }> {
  const file = join(cacheDir, `${ogKey(picture, site)}.png`);
  if (existsSync(file)) return { file, drawn: false };
  const { satori, sharp, fonts } = await (tools ??= loadTools());
  const svg = await satori(drawing(picture, site) as Parameters<typeof satori>[0], { width: WIDTH, height: HEIGHT, fonts });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, effort: 1 }).toBuffer();
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, png);
  renameSync(partial, file);
  return { file, drawn: true };
}

/**
 * Pictures of a release, drawn a few at a time while pages go on rendering;
 * each lands in the release's files as soon as it is ready.
 */
export class PictureQueue {
  private readonly running = new Set<Promise<void>>();
  private readonly limit = availableParallelism() * 2;
  private drawn = 0;
  private readonly cacheDir: string;
  private readonly site: OgSite;
  private readonly files: ReleaseFiles;

  constructor(cacheDir: string, site: OgSite, files: ReleaseFiles) {
    this.cacheDir = cacheDir;
    this.site = site;
    this.files = files;
  }

  /** Waits only while the queue is full. */
  async add(urlPath: string, picture: OgPicture): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const task = ogImageFile(picture, this.site, this.cacheDir).then(({ file, drawn }) => {
      this.drawn += drawn ? 1 : 0;
      this.files.place(urlPath, file);
    });
    const tracked = task.finally(() => this.running.delete(tracked));
    // A failure surfaces through add() or done(); until one of them looks, it is not "unhandled".
    tracked.catch(() => {});
    this.running.add(tracked);
  }

  /** Waits for every picture; returns how many were drawn (not found in the cache). */
  async done(): Promise<number> {
    await Promise.all(this.running);
    return this.drawn;
  }
}
