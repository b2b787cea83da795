import { describe, expect, it } from "vitest";
import { type Content, content, scanCollection } from "./index.server.ts";
import { Reads, toPageDeps, trackReads } from "./reads.server.ts";
import { withContentSource } from "./source.server.ts";

const sample = () =>
  ({
    articles: [
      { slug: "a", title: "Первая", category: "seo", tags: ["x"], body: "<p>1</p>" },
      { slug: "b", title: "Вторая", category: "aso", tags: ["y"], body: "<p>2</p>" },
    ],
    company: { title: "Компания", team: [{ id: "anna" }] },
  }) as unknown as Content;

describe("reads recorded while a page renders", () => {
  it("records the fields of the entries a page looks at, and that it looked through the collection", () => {
    const reads = new Reads();
    const c = trackReads(sample(), reads);
    const found = c.articles.find((a) => a.slug === "b");
    expect(found?.title).toBe("Вторая");
    expect(toPageDeps(reads, { articles: 2 })).toEqual({ members: ["articles"], fields: { articles: { slug: "*", title: ["b"] } } });
  });

  it("records a scan as those fields of every entry, and what is then read of the entry picked", () => {
    const reads = new Reads();
    withContentSource({ content: sample(), images: {}, modified: {} }, () => {
      const index = scanCollection("articles", ["slug", "category"]).findIndex((a) => a.category === "aso");
      expect(content().articles[index]?.title).toBe("Вторая");
    }, { reads });
    expect(toPageDeps(reads, { articles: 2 })).toEqual({ members: ["articles"], fields: { articles: { slug: "*", category: "*", title: ["b"] } } });
  });

  it("records every field of an entry handed on as a whole (loader data is serialised)", () => {
    const reads = new Reads();
    const c = trackReads(sample(), reads);
    JSON.stringify(c.articles[0]);
    expect(toPageDeps(reads, { articles: 2 }).fields?.articles).toEqual({ slug: ["a"], title: ["a"], category: ["a"], tags: ["a"], body: ["a"], "*": ["a"] });
  });

  it("records an optional field the entry lacks, so adding it renders the page again; never what JavaScript asks of any object", () => {
    const reads = new Reads();
    const c = trackReads(sample(), reads);
    const article = c.articles[1] as unknown as Record<string, unknown>;
    expect(article.cover).toBeUndefined();
    expect(String(article.toString)).toContain("native code");
    void article.then;
    void article.constructor;
    expect((c.company as unknown as Record<string, unknown>).address).toBeUndefined();
    expect(toPageDeps(reads, { articles: 2 })).toEqual({ members: ["articles"], fields: { articles: { cover: ["b"] } }, documents: { company: ["address"] } });
  });

  it("records a document's fields, not the documents a page never opens", () => {
    const reads = new Reads();
    const c = trackReads(sample(), reads);
    expect(c.company.team).toHaveLength(1);
    expect(toPageDeps(reads, {})).toEqual({ documents: { company: ["team"] } });
  });

  it("keeps entries identical between reads and refuses to change content", () => {
    const c = trackReads(sample(), new Reads());
    expect(c.articles[0]).toBe(c.articles.find((a) => a.slug === "a"));
    expect(() => {
      (c.articles[0] as { title: string }).title = "Другая";
    }).toThrow(TypeError);
    expect(() => (c.articles as unknown as unknown[]).push({})).toThrow(TypeError);
  });
});
