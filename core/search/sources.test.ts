import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "../content/index.server.ts";
import { livePagePaths } from "../content/sitemap.server.ts";
import { paths } from "../lib/paths.ts";
import { customRecords, indexedPages, leftOutOfSearch, sectionRecords } from "./sources.ts";

let c: Content;
// Loading and typographing all content takes seconds on a busy machine: once, outside the tests' own time.
beforeAll(() => {
  c = content();
}, 120_000);

describe("what the search index holds", () => {
  it("decides for every live page: indexed with a kind, or left out on purpose", () => {
    const indexed = [...indexedPages(c).map((p) => p.path), ...sectionRecords(c).map((r) => r.url)];
    expect(new Set(indexed).size).toBe(indexed.length);
    expect(indexed.filter(leftOutOfSearch)).toEqual([]);
    const undecided = livePagePaths().filter((p) => !indexed.includes(p) && !leftOutOfSearch(p));
    expect(undecided).toEqual([]);
    // Nothing outside the live pages (the error page, old addresses) is indexed.
    expect(indexed.filter((p) => !livePagePaths().includes(p))).toEqual([]);
  });

  it("labels pages by their collection", () => {
    const kinds = new Map(indexedPages(c).map((p) => [p.path, p.kind]));
    expect(kinds.get(paths.service("seo"))).toBe("service");
    expect(kinds.get(paths.project("cases", c.cases[0]?.slug ?? ""))).toBe("case");
    expect(kinds.get(paths.project("reviews", c.reviews[0]?.slug ?? ""))).toBe("review");
    expect(kinds.get(paths.article(c.articles[0]?.slug ?? ""))).toBe("article");
    expect(kinds.get(paths.position(c.positions[0]?.slug ?? ""))).toBe("position");
    expect(kinds.get(paths.company())).toBe("page");
  });

  it("gives each page the fields its schema searches, with their weight: a case's client as its name, a vacancy's city and format", () => {
    const pages = new Map(indexedPages(c).map((p) => [p.path, p.facts ?? []]));
    const [first] = c.cases;
    const industry = c.industries.find((i) => i.slug === first?.industry)?.name;
    const caseFacts = pages.get(paths.project("cases", first?.slug ?? "")) ?? [];
    expect(caseFacts).toContainEqual({ part: "name", text: first?.client });
    expect(caseFacts).toContainEqual({ part: "lead", text: industry });
    // A reference reads as the name of what it points to, each service a block of its own.
    for (const slug of first?.services ?? []) expect(caseFacts).toContainEqual({ part: "heading", text: c.services.find((s) => s.slug === slug)?.name });

    const kazan = c.positions.find((p) => p.city === "Казань");
    expect(kazan, "a vacancy in Kazan").toBeDefined();
    const positionFacts = pages.get(paths.position(kazan?.slug ?? "")) ?? [];
    expect(positionFacts).toContainEqual({ part: "lead", text: "Казань" });
    // An option reads as its label, not its code.
    expect(positionFacts).toContainEqual({ part: "lead", text: { office: "Офис", remote: "Удалённо", hybrid: "Гибрид" }[kazan?.format ?? "office"] });

    // The company's founding year with its field's name, each award a block; the offices' addresses and ways in.
    const company = pages.get(paths.company()) ?? [];
    expect(company).toContainEqual({ part: "lead", text: `Год основания ${c.company.founded}` });
    expect(company.filter((f) => f.part === "heading").length).toBeGreaterThanOrEqual(c.company.awards.length);
    const contacts = pages.get(paths.contacts()) ?? [];
    for (const office of c.contacts.offices) expect(contacts).toContainEqual({ part: "lead", text: office.address });
    // Hours say nothing alone: they come with their field's name, so «часы работы» finds them.
    for (const office of c.contacts.offices) expect(contacts).toContainEqual({ part: "heading", text: `Часы работы ${office.hours}` });
    // A text of words stays as it is.
    expect(contacts).toContainEqual({ part: "lead", text: c.contacts.offices[0]?.city });
    expect(contacts.some((f) => f.part === "heading" && f.text.includes(c.contacts.requisites.inn))).toBe(true);
    // Nothing of a searched field's text reaches the index as markup.
    for (const facts of pages.values()) for (const fact of facts) expect(fact.text).not.toMatch(/<\/?[a-z][^>]*>/);
  });

  it("finds a section by its head and the names of what it lists, not by its list", () => {
    const sections = new Map(sectionRecords(c).map((r) => [r.url, r]));
    expect([...sections.keys()].sort()).toEqual(["/academy/", "/career/", "/events/", "/projects/", "/questions/", "/services/"]);
    const career = sections.get(paths.career());
    expect(career?.title).toBe(c.pages.career.heading);
    expect(career?.names).toEqual(expect.arrayContaining(["Карьера", "Вакансии"]));
    expect(sections.get(paths.academy())?.names).toContain("Статьи");
    expect(sections.get(paths.projects())?.names?.map((n) => n.replace(/\s/g, " "))).toEqual(expect.arrayContaining(["Кейсы", "Отзывы", "Кейсы и отзывы"]));
    // Nothing of the list: no vacancy's title is in the career section's record.
    const position = c.positions[0]?.title ?? "";
    expect(JSON.stringify(career)).not.toContain(position);
    for (const r of sections.values()) expect(r.body).toEqual([]);
  });

  it("holds one record per event and per question, linked to its anchor", () => {
    const records = customRecords(c).filter((r) => r.kind !== "page");
    const questions = c.questions.topics.reduce((n, t) => n + t.items.length, 0);
    expect(records.filter((r) => r.kind === "event")).toHaveLength(c.events.length);
    // An event's kind as its label, searched with the weight of a lead.
    for (const event of records.filter((r) => r.kind === "event")) expect(event.facts?.some((f) => f.part === "lead" && /^(Конференция|Вебинар|Митап)$/.test(f.text))).toBe(true);
    expect(records.filter((r) => r.kind === "question")).toHaveLength(questions);
    for (const r of records) {
      expect(r.url).toMatch(/^\/(events|questions)\/#[a-z0-9-]+$/);
      expect(r.title).toBeTruthy();
      // Plain text: the answer's Markdown HTML must not reach the index as tags.
      for (const text of r.body) expect(text ?? "").not.toMatch(/<\/?[a-z][^>]*>/);
    }
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
  });
});
