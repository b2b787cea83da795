import { describe, expect, it } from "vitest";
import type { Content } from "#core/content/index.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import { compare, concerns, fingerprint } from "./changes.ts";
import { changedUrls } from "./publish.ts";

const NOW = new Date("2026-11-25T12:00:00+03:00");
const source = (titles: Record<string, string>, team = ["anna"]): ContentSource => ({
  content: {
    articles: Object.entries(titles).map(([slug, title]) => ({ slug, title, body: "<p>текст</p>" })),
    company: { team: team.map((id) => ({ id })) },
  } as unknown as Content,
  images: {},
  modified: {},
});

describe("what changed between two releases", () => {
  const before = fingerprint(source({ a: "Первая", b: "Вторая" }), NOW);

  it("names the entry and field that changed, and nothing else", () => {
    const changes = compare(before, fingerprint(source({ a: "Первая", b: "Новая" }), NOW));
    expect(changes.entries).toEqual(["articles/b"]);
    expect([...(changes.fields.get("articles")?.get("title") ?? [])]).toEqual(["b"]);
    expect(changes.members.size).toBe(0);
  });

  it("counts an entry added or removed as a change of the collection", () => {
    expect(compare(before, fingerprint(source({ a: "Первая", b: "Вторая", c: "Третья" }), NOW)).members.has("articles")).toBe(true);
    expect(compare(before, fingerprint(source({ a: "Первая" }), NOW)).members.has("articles")).toBe(true);
  });

  it("concerns a page only if it read what changed", () => {
    const changes = compare(before, fingerprint(source({ a: "Первая", b: "Новая" }), NOW));
    expect(concerns({ fields: { articles: { title: ["b"] } } }, changes)).toBe(true);
    expect(concerns({ fields: { articles: { title: "*" } } }, changes)).toBe(true);
    expect(concerns({ fields: { articles: { title: ["a"], body: ["b"] } } }, changes)).toBe(false);
    expect(concerns({ members: ["articles"], documents: { company: ["team"] } }, changes)).toBe(false);
  });

  it("concerns a page that read a field the entry lacked once it is added, and a page that took the entry whole", () => {
    const withCover = source({ a: "Первая", b: "Вторая" });
    (withCover.content.articles[1] as unknown as Record<string, unknown>).cover = "/uploads/0123456789abcdef01234567.png";
    const changes = compare(before, fingerprint(withCover, NOW));
    expect(concerns({ fields: { articles: { cover: ["b"] } } }, changes)).toBe(true);
    expect(concerns({ fields: { articles: { "*": ["b"] } } }, changes)).toBe(true);
    expect(concerns({ fields: { articles: { "*": ["a"], cover: ["a"] } } }, changes)).toBe(false);
    const company = compare(before, fingerprint(source({ a: "Первая", b: "Вторая" }, ["anna", "boris"]), NOW));
    expect(concerns({ documents: { company: ["*"] } }, company)).toBe(true);
    expect(concerns({ documents: { company: ["title"] } }, company)).toBe(false);
  });

  it("concerns pages that show the year or the day once those have changed", () => {
    const nextDay = compare(before, fingerprint(source({ a: "Первая", b: "Вторая" }), new Date("2026-11-26T12:00:00+03:00")));
    expect(concerns({ clock: ["day"] }, nextDay)).toBe(true);
    expect(concerns({ clock: ["year"] }, nextDay)).toBe(false);
  });
});

describe("addresses a CDN must purge", () => {
  it("lists pages by their address, changed and removed files, and nothing unchanged", () => {
    const file = (hash: string) => ({ hash, size: 1, compressed: false });
    const before = { "/a/index.html": file("1"), "/a/_.data": file("2"), "/b/index.html": file("3"), "/og/a.png": file("4") };
    const after = { "/a/index.html": file("9"), "/a/_.data": file("2"), "/og/a.png": file("4"), "/c/index.html": file("5") };
    expect(changedUrls(before, after)).toEqual(["/a/", "/b/", "/c/"]);
  });
});
