import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";

const ICON_DIR = "public/assets/icons";
const available = new Set(readdirSync(ICON_DIR).filter((f) => f.endsWith(".svg")).map((f) => f.slice(0, -4)));

/** Every `icon` value anywhere in the content, with where it was found. */
function contentIcons(value: unknown, path: string, found: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => contentIcons(item, `${path}.${i}`, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "icon" && typeof inner === "string") found.set(inner, `${path}.${key}`);
      else contentIcons(inner, `${path}.${key}`, found);
    }
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) yield path;
  }
}

/** Icon names written in code: `icon="x"`, `iconEnd: "x"`, `iconGroup("x"`, `/assets/icons/x.svg`. */
function codeIcons(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bicon(?:End)?\s*[=:]\s*["']([a-z\d-]+)["']/g, /iconGroup\(\s*["']([a-z\d-]+)["']/g, /\/assets\/icons\/([a-z\d-]+)\.svg/g];
  for (const file of [...sourceFiles("app"), ...sourceFiles("scripts")]) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.set(match[1] ?? "", relative(".", file));
  }
  found.delete("");
  return found;
}

/** The set the spec (section 3) and the content brief name. */
const REQUIRED = [
  ...["arrow-left", "arrow-right", "arrow-up", "arrow-down", "chevron-left", "chevron-right", "chevron-up", "chevron-down"],
  ...["telegram", "vk", "youtube", "dzen", "whatsapp"],
  ...["yandex-music", "apple-podcasts", "castbox", "zvuk", "podcast"],
  ...["partner-certified", "partner-ads", "partner-analytics", "partner-mobile", "bank-mark", "bank-card", "bank-transfer"],
  ...["award", "trophy", "medal", "laurel", "star"],
  ...["calendar", "search", "filter", "share", "map", "map-pin", "update", "close", "menu"],
  ...["chart", "target", "smartphone", "globe", "megaphone", "palette", "layers", "database", "code", "compass", "rocket"],
  ...["shield", "lightbulb", "handshake", "users", "heart", "cart", "bank", "building", "car", "plane", "pill"],
  ...["graduation", "home", "mail", "phone", "clock"],
];

describe("icons", () => {
  it("has a file for every icon the content names", () => {
    const missing = [...contentIcons(content(), "content", new Map())].filter(([name]) => !available.has(name));
    expect(missing).toEqual([]);
  });

  it("has a file for every icon the code names", () => {
    const names = codeIcons();
    expect(names.size).toBeGreaterThan(5);
    const missing = [...names].filter(([name]) => !available.has(name));
    expect(missing).toEqual([]);
  });

  it("covers the spec's icon set", () => {
    expect(REQUIRED.filter((name) => !available.has(name))).toEqual([]);
  });

  it.each([...available])("%s.svg is a 24×24 stroke icon in currentColor, with nothing executable", (name) => {
    const svg = readFileSync(join(ICON_DIR, `${name}.svg`), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"/);
    // Colour comes from the page (mask or currentColor), never from the file.
    expect(svg).not.toMatch(/#[\da-f]{3,6}\b|rgb\(|<script|\son[a-z]+=|href=|<image|<text/i);
  });
});
