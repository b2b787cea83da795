import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, type EditableType } from "#core/content/catalog.ts";
import { renderMarkdown } from "#core/content/markdown.server.ts";
import { setUploadsRoot } from "#core/content/uploads.server.ts";
import { type FieldNode, formModel } from "../model.ts";
import { Fragment, type Node as ProseNode } from "prosemirror-model";
import { HOSTILE_ALTS } from "../../../tests/support/hostile.ts";
import { parseMarkdown, schema, serializeMarkdown, writeMarkdown } from "./markdown.ts";

type Text = { where: string; source: string; nestedUnder: number | undefined };

/** Every value of a Markdown field under `node` in `value` (lists and nested groups walked). */
function markdownValues(node: FieldNode, value: unknown, where: string, out: Text[]): void {
  if (value === undefined || value === null) return;
  if (node.kind === "markdown" && typeof value === "string") out.push({ where, source: value, nestedUnder: node.nestedUnder });
  if (node.kind === "object" && typeof value === "object") for (const [key, child] of node.fields) markdownValues(child, (value as Record<string, unknown>)[key], `${where}.${key}`, out);
  if (node.kind === "list" && Array.isArray(value)) value.forEach((item, index) => markdownValues(node.item, item, `${where}[${index}]`, out));
}

/** Every Markdown text of the demo content, found through the schemas (as the studio's forms find them). */
function contentTexts(): Text[] {
  const texts: Text[] = [];
  for (const [type, { folder }] of Object.entries(COLLECTION_CATALOG)) {
    const model = formModel(type as EditableType);
    for (const name of readdirSync(join("content", folder)).filter((n) => n.endsWith(".md"))) {
      const file = readFileSync(join("content", folder, name), "utf8");
      const [, front = "", body = ""] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(file) ?? [];
      markdownValues(model, { ...(parseYaml(front) as object), body }, `${folder}/${name}`, texts);
    }
  }
  for (const [type, { file }] of Object.entries(DOCUMENT_CATALOG)) {
    markdownValues(formModel(type as EditableType), parseYaml(readFileSync(join("content", file), "utf8")), file, texts);
  }
  return texts;
}

describe("the visual editor's Markdown round trip", () => {
  it("gives back every Markdown text of the content byte for byte when nothing was edited", () => {
    const texts = contentTexts();
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(({ source }) => serializeMarkdown(parseMarkdown(source)) !== source).map((t) => t.where)).toEqual([]);
  });

  it("writes every Markdown text of the content in its own style to the same HTML", () => {
    setUploadsRoot("content");
    const texts = contentTexts();
    const differing: string[] = [];
    let sameBytes = 0;
    for (const { where, source, nestedUnder } of texts) {
      const options = nestedUnder ? { nestedUnder } : {};
      const written = writeMarkdown(parseMarkdown(source));
      if (written.trimEnd() === source.trimEnd()) sameBytes++;
      if (renderMarkdown(written, options) !== renderMarkdown(source, options)) differing.push(where);
    }
    console.info(`Визуальный редактор: ${texts.length - differing.length} из ${texts.length} текстов без изменений в HTML, ${sameBytes} из них байт в байт`);
    expect(differing).toEqual([]);
  });

  it("rewrites only the block an edit touched: the rest of each text stays byte for byte", () => {
    setUploadsRoot("content");
    let edited = 0;
    for (const { where, source, nestedUnder } of contentTexts()) {
      const doc = parseMarkdown(source);
      const index = [...Array(doc.childCount).keys()].find((i) => doc.child(i).type.name === "paragraph");
      if (index === undefined || doc.childCount < 2) continue;
      // What typing a word at the end of that paragraph makes: a new paragraph node, every other block the same object.
      const paragraph = doc.child(index);
      const changed = doc.copy(doc.content.replaceChild(index, paragraph.copy(paragraph.content.append(Fragment.from(schema.text(" Дописано."))))));
      const written = serializeMarkdown(changed);
      const options = nestedUnder ? { nestedUnder } : {};
      expect(written, where).not.toBe(source);
      // It means what the whole text written afresh means, and only the edited paragraph's lines are not the source's own.
      expect(renderMarkdown(written, options), where).toBe(renderMarkdown(writeMarkdown(changed), options));
      const lines = new Set(written.split("\n"));
      const lost = source.split("\n").filter((line) => !lines.has(line));
      expect(lost.length, where).toBeLessThanOrEqual(paragraph.textContent.split("\n").length);
      edited++;
    }
    expect(edited).toBeGreaterThan(100);
  });
});

describe("blocks kept as read next to edited ones", () => {
  /** The text with `edit` applied to its blocks (the untouched ones stay the same objects, as in the editor). */
  const edited = (source: string, edit: (blocks: ProseNode[]) => ProseNode[]) => {
    const doc = parseMarkdown(source);
    const blocks: ProseNode[] = [];
    doc.forEach((block) => blocks.push(block));
    return doc.copy(Fragment.from(edit(blocks)));
  };
  const cases: Record<string, [string, (blocks: ProseNode[]) => ProseNode[]]> = {
    // (Indented code the site refuses: code needs its language, so only fences are in content.)
    "code brought under a list": ["- пункт\n\nабзац\n\n```sql\nselect 1;\n```\n", ([list, , code]) => [list!, code!]],
    "a text after a fence left open at the end": ["Текст\n\n```js\nconst x = 1;\n", (blocks) => [...blocks, schema.node("paragraph", null, schema.text("После"))]],
    "an indented paragraph brought under a list": ["- пункт\n\nабзац\n\n  отступ\n", ([list, , indented]) => [list!, indented!]],
    "two lists with an emptied paragraph between": ["- один\n\nабзац\n\n- два\n", ([a, , b]) => [a!, schema.node("paragraph"), b!]],
    "raw HTML left open, then a new paragraph": ["Текст\n\n<pre>\nкод\n", (blocks) => [...blocks, schema.node("paragraph", null, schema.text("После"))]],
  };
  it.each(Object.entries(cases))("%s: means what the text written whole means", (_name, [source, edit]) => {
    setUploadsRoot("content");
    const doc = edited(source, edit);
    expect(renderMarkdown(serializeMarkdown(doc))).toBe(renderMarkdown(writeMarkdown(doc)));
  });
});

describe("constructs the content does not have yet", () => {
  const samples: Record<string, string> = {
    "a table with alignment and a pipe in a cell": "| Канал | Доля |\n| :--- | ---: |\n| Директ \\| поиск | **40 %** |\n| SEO | 25 % |\n",
    "nested lists and a quote with a list": "1. Первый\n   - вложенный\n   - ещё\n2. Второй\n\n> Цитата\n>\n> - пункт\n",
    "a code block with its language": "```typescript\nconst x: number = 1;\n```\n",
    "an image with a title and a struck word": '![Схема воронки](/uploads/abc.png "Воронка") и ~~старое~~ новое\n',
    "italic inside a word and beside one": "Сверх*быстро* и _курсив_, а ещё **жирное _в нём_**\n",
    "raw HTML and a line break": "<div class=\"note\">\n  Заметка\n</div>\n\nСтрока  \nещё строка\n",
  };
  it.each(Object.entries(samples))("%s: same HTML after the editor", (_name, source) => {
    setUploadsRoot("content");
    const written = serializeMarkdown(parseMarkdown(source));
    expect(renderMarkdown(written)).toBe(renderMarkdown(source));
  });

  it("keeps a block it has no node for as its source, byte for byte", () => {
    const source = "Текст\n\n<aside>\n  <b>важно</b>\n</aside>\n\nДальше\n";
    const doc = parseMarkdown(source);
    const raw = doc.child(1);
    expect(raw.type.name).toBe("raw_block");
    expect(raw.textContent).toBe("<aside>\n  <b>важно</b>\n</aside>");
    expect(serializeMarkdown(doc)).toContain("<aside>\n  <b>важно</b>\n</aside>");
  });
});

describe("an image's description in the visual editor", () => {
  it.each(HOSTILE_ALTS)("%j goes in as the description and comes back the same, never as markup", (alt) => {
    // An image inserted with the description «Медиа» has, in a paragraph of text, then written out and read again.
    const doc = schema.node("doc", null, [schema.node("paragraph", null, [schema.text("Текст "), schema.node("image", { src: "/assets/x.png", alt })])]);
    const written = writeMarkdown(doc);
    expect(written.trimEnd().split("\n")).toHaveLength(1);
    let read: unknown = null;
    parseMarkdown(written).descendants((node) => {
      if (node.type.name === "image") read = node.attrs.alt;
    });
    expect(read).toBe(alt);
    const html = renderMarkdown(written);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).not.toMatch(/<(?!\/?p>|img )[a-z/]/);
  });
});
