import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, type EditableType, TABLE_CATALOG } from "#core/content/catalog.ts";
import { renderMarkdown } from "#core/content/markdown.server.ts";
import { setUploadsRoot } from "#core/content/uploads.server.ts";
import { type BlocksNode, type FieldNode, formModel, pruned, shownFields, validate } from "./model.ts";
import { dateFromRussian, dateToRussian, momentFromRussian, momentToRussian } from "./time.ts";

const TYPES = [...Object.keys(COLLECTION_CATALOG), ...Object.keys(DOCUMENT_CATALOG), ...Object.keys(TABLE_CATALOG)] as EditableType[];

function walk(node: FieldNode, path: string, visit: (node: FieldNode, path: string) => void): void {
  visit(node, path);
  if (node.kind === "object") for (const [key, child] of node.fields) walk(child, `${path}.${key}`, visit);
  if (node.kind === "list") walk(node.item, `${path}[]`, visit);
}

describe("forms made from the content schemas", () => {
  it.each(TYPES)("%s: every field has a Russian label (the schema's .meta title)", (type) => {
    const unlabelled: string[] = [];
    walk(formModel(type), type, (node, path) => {
      if (!/[а-яё]/i.test(node.title)) unlabelled.push(`${path}: «${node.title}»`);
    });
    expect(unlabelled).toEqual([]);
  });

  it("says beside each field the site's search finds pages by that it is searched, and with what weight", () => {
    const hints = new Map<string, string | undefined>();
    for (const type of TYPES) walk(formModel(type), type, (node, path) => hints.set(path, node.description));
    expect(hints.get("positions.city")).toBe("Ищется на\u00a0сайте: вес высокий");
    expect(hints.get("positions.department")).toBe("По нему группируются вакансии на странице «Карьера». Ищется на\u00a0сайте: вес средний");
    expect(hints.get("cases.client")).toBe("Как его можно называть публично. Ищется на\u00a0сайте: вес как у\u00a0названия страницы");
    expect(hints.get("contacts.offices[].directions")).toMatch(/Ищется на\u00a0сайте: вес высокий$/);
    // Only the fields the schemas mark: an address or a salary is not searched.
    expect(hints.get("positions.slug")).not.toMatch(/Ищется/);
    expect(hints.get("positions.salary")).not.toMatch(/Ищется/);
    expect([...hints.values()].filter((h) => h?.includes("Ищется")).length).toBe(20);
  });

  it("knows long texts, references, dates, enums with Russian names, and lists", () => {
    const article = formModel("articles");
    const kinds = Object.fromEntries(article.fields.map(([key, node]) => [key, node.kind]));
    expect(kinds).toMatchObject({ slug: "text", author: "reference", category: "enum", tags: "tags", published: "date", body: "markdown" });
    const category = article.fields.find(([key]) => key === "category")?.[1];
    expect(category?.kind === "enum" && category.options.map((o) => o.label)).toContain("Аналитика");
    const cases = Object.fromEntries(formModel("cases").fields);
    expect(cases.services?.kind).toBe("references");
    expect(cases.results?.kind).toBe("list");
    expect(cases.period?.kind).toBe("object");
    const events = Object.fromEntries(formModel("events").fields);
    expect(events.startsAt?.kind).toBe("datetime");
    // An event's text is shown under its <h3>: the preview renders its ## as <h4>, as the page does.
    expect(events.body?.kind === "markdown" && events.body.nestedUnder).toBe(3);
  });

  it("every entry on disk reads back as valid through its form", () => {
    const root = "content";
    for (const [type, { folder }] of Object.entries(COLLECTION_CATALOG)) {
      for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith(".md"))) {
        const source = readFileSync(join(root, folder, name), "utf8");
        const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
        expect(match, name).not.toBeNull();
      }
      expect(formModel(type as EditableType).fields.length).toBeGreaterThan(3);
    }
  });

  it("checks values in Russian, leaving out what was left empty", () => {
    const model = formModel("reviews");
    const values = pruned(model, { slug: "x", title: "", rating: undefined, source: { name: "", url: "" }, services: [] }) as Record<string, unknown>;
    expect(values).not.toHaveProperty("source");
    expect(values).not.toHaveProperty("rating");
    const errors = validate("reviews", values);
    expect(errors.title).toBe("Обязательное поле");
    expect(errors.services).toBe("Нужно не меньше 1 пункта");
  });

  it("shows a landing form's event only for a registration, and keeps it only then", () => {
    const blocks = formModel("landings").fields.find(([key]) => key === "blocks")?.[1] as BlocksNode;
    const form = blocks.kinds.find((kind) => kind.kind === "form")?.item;
    if (!form) throw new Error("no form block");
    const keys = (value: Record<string, unknown>) => shownFields(form, value).map(([key]) => key);
    expect(keys({ form: "event" })).toContain("event");
    expect(keys({ form: "project" })).not.toContain("event");
    expect(keys({ form: "project" })).toEqual(expect.arrayContaining(["form", "title", "campaign"]));
    const switched = pruned(blocks, [{ kind: "form", form: "project", event: "webinar-media-plan-2027", campaign: "spring" }]);
    expect(switched).toEqual([{ kind: "form", form: "project", campaign: "spring" }]);
    const kept = pruned(blocks, [{ kind: "form", form: "event", event: "webinar-media-plan-2027" }]);
    expect(kept).toEqual([{ kind: "form", form: "event", event: "webinar-media-plan-2027" }]);
  });

  it("takes dates the Russian way and keeps a moment's offset, Moscow's for a new one", () => {
    expect(dateToRussian("2026-11-25")).toBe("25.11.2026");
    expect(dateFromRussian("5.1.2027")).toBe("2027-01-05");
    expect(dateFromRussian("31.02")).toBe("31.02");
    expect(momentToRussian("2026-12-03T19:00:00+03:00")).toBe("03.12.2026 19:00");
    expect(momentFromRussian("03.12.2026 20:30", "2026-12-03T19:00:00+05:00")).toBe("2026-12-03T20:30:00+05:00");
    expect(momentFromRussian("3.12.2026 9:05", "")).toBe("2026-12-03T09:05:00+03:00");
  });
});

describe("the Markdown editor's round trip", () => {
  it("gives back every Markdown text of the content exactly, so it renders the same", () => {
    setUploadsRoot("content");
    let texts = 0;
    for (const { folder } of Object.values(COLLECTION_CATALOG)) {
      for (const name of readdirSync(join("content", folder)).filter((n) => n.endsWith(".md"))) {
        const body = readFileSync(join("content", folder, name), "utf8").replace(/^---\n[\s\S]*?\n---\n?/, "");
        const edited = EditorState.create({ doc: body }).doc.toString();
        expect(edited, name).toBe(body);
        if (body.trim()) expect(renderMarkdown(edited), name).toBe(renderMarkdown(body));
        texts++;
      }
    }
    expect(texts).toBeGreaterThan(100);
  });
});
