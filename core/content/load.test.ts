import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { content } from "./index.server.ts";
import { ContentError, loadCollection } from "./load.server.ts";
import { ServiceSchema } from "./schemas/services.ts";
import { ArticleSchema } from "./schemas/articles.ts";

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("content files", () => {
  it("all load through their schemas with every cross-reference resolved", () => {
    const c = content();
    expect(c.services.length).toBeGreaterThanOrEqual(12);
    for (const slug of ["aso", "seo", "performance-marketing", "branding-and-design"]) {
      expect(c.services.map((s) => s.slug)).toContain(slug);
    }
    expect(c.industries.length).toBeGreaterThanOrEqual(8);
    expect(c.cases.length).toBeGreaterThanOrEqual(24);
    expect(c.reviews.length).toBeGreaterThanOrEqual(12);
    expect(c.articles.length).toBeGreaterThanOrEqual(24);
    expect(c.positions.length).toBeGreaterThanOrEqual(8);
    expect(c.events.length).toBeGreaterThanOrEqual(8);
    expect(c.legal.map((d) => d.slug).sort()).toEqual(["agreement", "cookies", "oferta", "privacy"]);
  });

  it("apply typography to text: short words are bound to the next one", () => {
    const title = content().services.find((s) => s.slug === "seo")?.summary ?? "";
    expect(title).not.toMatch(/(^|[\s(«])[а-яёa-z]{1,2} /i);
  });
});

describe("an invalid file", () => {
  it("fails with the file and the field", () => {
    const root = fixture({
      "academy/broken.md": "---\ntitle: Статья\ndescription: short\nauthor: anna-sokolova\ncategory: seo\ntags: [seo]\npublished: 2026-13-01\n---\nТекст.",
    });
    const load = () => loadCollection("academy", ArticleSchema, root);
    expect(load).toThrow(ContentError);
    expect(load).toThrow(/content-[^:]*\/academy\/broken\.md: поле "description": Не короче 50 символов/);
    expect(load).toThrow(/academy\/broken\.md: поле "published": Нужна дата: в студии 25.11.2026, в файле 2026-11-25/);
  });

  it("reports unknown fields and a missing frontmatter", () => {
    const root = fixture({
      "services/a.md": "---\nunknownField: 1\n---\nText",
      "services/b.md": "no frontmatter here",
    });
    const load = () => loadCollection("services", ServiceSchema, root);
    expect(load).toThrow(/services\/a\.md: поле "\(весь файл\)": Лишние поля: unknownField/);
    expect(load).toThrow(/services\/b\.md: нет блока полей между строками ---/);
  });
});

describe("a load with changes laid over the folder (the studio's check of a save)", () => {
  const article = (title: string, description = "Статья о том, как считать вклад каждого канала в продажи, по шагам.") =>
    `---\ntitle: ${title}\ndescription: ${description}\nauthor: anna-sokolova\ncategory: analytics\ntags: [аналитика]\npublished: 2026-11-25\n---\nТекст.\n`;

  it("reads an added, a changed and a removed file as written, and leaves the folder as it was", () => {
    const root = fixture({ "academy/kept.md": article("Прежняя"), "academy/changed.md": article("Было"), "academy/gone.md": article("Удалённая") });
    const overlay = new Map([
      ["academy/changed.md", article("Стало")],
      ["academy/added.md", article("Новая")],
      ["academy/gone.md", null],
    ]);
    const entries = loadCollection("academy", ArticleSchema, root, { overlay });
    expect(entries.map((a) => [a.slug, a.title])).toEqual([
      ["added", "Новая"],
      ["changed", "Стало"],
      ["kept", "Прежняя"],
    ]);
    expect(readdirSync(join(root, "academy")).sort()).toEqual(["changed.md", "gone.md", "kept.md"]);
    expect(loadCollection("academy", ArticleSchema, root).map((a) => a.title)).toEqual(["Было", "Удалённая", "Прежняя"]);
  });

  it("names a file of the overlay as the studio shows it, under content/", () => {
    const root = fixture({ "academy/kept.md": article("Прежняя") });
    const load = () => loadCollection("academy", ArticleSchema, root, { overlay: new Map([["academy/short.md", article("Коротко", "Мало")]]), shownAs: "content" });
    expect(load).toThrow(/^Ошибки в содержимом:\n {2}content\/academy\/short\.md: поле "description": Не короче 50 символов/);
  });

  it("takes a file whose known hash is the cache's from the cache, without reading it", () => {
    const root = fixture({ "academy/a.md": article("Исходная") });
    const files: Record<string, string> = {};
    const [first] = loadCollection("academy", ArticleSchema, root, { files });
    const hash = files["academy/a.md"] as string;
    const cache = new Map([["academy/a.md", { hash, value: { ...first, title: "Кэшированная" } }]]);
    // The bytes on disk differ now: only a file that was read would show it.
    writeFileSync(join(root, "academy/a.md"), article("Изменённая"));
    expect(loadCollection("academy", ArticleSchema, root, { cache, knownHashes: { "academy/a.md": hash } }).map((a) => a.title)).toEqual(["Кэшированная"]);
    expect(loadCollection("academy", ArticleSchema, root, { cache }).map((a) => a.title)).toEqual(["Изменённая"]);
  });
});
