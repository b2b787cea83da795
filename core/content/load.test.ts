import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
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
