/**
 * Open Graph images, one per prerendered page, 1200×630: the page's title and
 * its section set in the site's font (Onest, from the npm package: no network).
 * Runs after prerendering and reads each page's own og:title and breadcrumbs,
 * so the picture always matches what the page says. Results are cached by
 * their inputs, so a rebuild only draws pages whose title changed.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import satori from "satori";
import sharp from "sharp";
import { env } from "../app/config/env.server.ts";
import { CLIENT_DIR } from "../app/config/paths.server.ts";
import { ogImagePath } from "../app/lib/og-image.ts";

const WIDTH = 1200;
const HEIGHT = 630;
const CACHE_DIR = join("node_modules", ".cache", "og-images");
const DRAWING_VERSION = "5";

/** Colours come from the design tokens, so the pictures follow the site's palette. */
function token(name: string, fallback: string): string {
  const css = ["app/styles/tokens.css", "app/styles/global.css"].filter(existsSync).map((f) => readFileSync(f, "utf8")).join("\n");
  return new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css)?.[1] ?? fallback;
}
const COLORS = {
  accent: token("color-accent", "#3a3df0"),
  ink: token("color-ink", "#14161a"),
  paper: token("color-bg", "#ffffff"),
};

function fontFile(subset: string, weight: number): Buffer {
  return readFileSync(join("node_modules", "@fontsource", "onest", "files", `onest-${subset}-${weight}-normal.woff`));
}
// One family per subset: satori falls back between families, not between faces of one family.
const SUBSETS = ["latin", "cyrillic"] as const;
const FONTS = [400, 700].flatMap((weight) =>
  SUBSETS.map((subset) => ({ name: `Onest ${subset}`, data: fontFile(subset, weight), weight: weight as 400 | 700, style: "normal" as const })),
);
const FONT_FAMILY = SUBSETS.map((subset) => `Onest ${subset}`).join(", ");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: "\u00a0" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? _);

/** Title without the " — Brand" suffix, and the section from the page's BreadcrumbList. */
function describePage(html: string): { title: string; section: string } {
  const ogTitle = decode(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? env.SITE_BRAND);
  const title = ogTitle.endsWith(` — ${env.SITE_BRAND}`) ? ogTitle.slice(0, -(env.SITE_BRAND.length + 3)) : ogTitle;
  const crumbs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? "{}") as { "@type"?: string; itemListElement?: { name: string }[] })
    .find((d) => d["@type"] === "BreadcrumbList")?.itemListElement;
  const section = crumbs?.[1]?.name ?? env.SITE_TAGLINE;
  return { title, section };
}

type Element = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Element => ({ type, props: { style, children } });

function drawing(title: string, section: string): Element {
  const size = title.length > 90 ? 52 : title.length > 55 ? 62 : 74;
  // Satori sizes boxes as content-box: the padding comes off the width and height.
  const padding = 72;
  return el("div", { width: WIDTH - 2 * padding, height: HEIGHT - 2 * padding, display: "flex", flexDirection: "column", justifyContent: "space-between", padding, background: COLORS.ink, color: COLORS.paper, fontFamily: FONT_FAMILY }, [
    el("div", { display: "flex", alignItems: "center", gap: 20 }, [
      el("div", { width: 56, height: 56, borderRadius: 16, background: COLORS.accent, display: "flex", alignItems: "center", justifyContent: "center" }, [
        el("div", { width: 24, height: 24, borderRadius: 12, border: `5px solid ${COLORS.paper}` }),
      ]),
      el("div", { fontSize: 34, fontWeight: 700 }, env.SITE_BRAND),
      el("div", { fontSize: 28, marginLeft: 12, padding: "6px 18px", borderRadius: 999, border: `2px solid ${COLORS.accent}`, color: COLORS.paper }, section),
    ]),
    el("div", { fontSize: size, fontWeight: 700, lineHeight: 1.12, letterSpacing: -1, maxWidth: 1040 }, title),
    el("div", { display: "flex", alignItems: "center", gap: 24, fontSize: 26, opacity: 0.75 }, [
      el("div", { width: 64, height: 6, borderRadius: 3, background: COLORS.accent }),
      el("div", {}, new URL(env.SITE_ORIGIN).host),
    ]),
  ]);
}

async function render(title: string, section: string): Promise<Buffer> {
  const key = createHash("sha256").update(JSON.stringify([DRAWING_VERSION, COLORS, env.SITE_BRAND, env.SITE_TAGLINE, env.SITE_ORIGIN, title, section])).digest("hex");
  const cached = join(CACHE_DIR, `${key}.png`);
  if (existsSync(cached)) return readFileSync(cached);
  const svg = await satori(drawing(title, section) as Parameters<typeof satori>[0], { width: WIDTH, height: HEIGHT, fonts: FONTS });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, png);
  return png;
}

function write(urlPath: string, png: Buffer) {
  const file = join(CLIENT_DIR, ...urlPath.split("/"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
}

const started = Date.now();
const pages = readdirSync(CLIENT_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name === "index.html");
for (const entry of pages) {
  const pathname = `/${relative(CLIENT_DIR, entry.parentPath).split(sep).filter(Boolean).join("/")}/`.replace("//", "/");
  const { title, section } = describePage(readFileSync(join(entry.parentPath, entry.name), "utf8"));
  write(ogImagePath(pathname), await render(title, section));
}
write(ogImagePath(null), await render(env.SITE_BRAND, env.SITE_TAGLINE));
console.log(`og images: ${pages.length + 1} in ${Date.now() - started} ms`);
