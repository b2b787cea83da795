import fc from "fast-check";
import { Fragment, type Node as ProseNode } from "prosemirror-model";
import { describe, expect, it } from "vitest";
import { HOSTILE_MARKDOWN } from "../../../tests/support/hostile.ts";
import { parseMarkdown, schema, serializeMarkdown, writeMarkdown } from "./markdown.ts";

/**
 * Hostile but valid Markdown in the visual editor (issue 53): whatever blocks a text nests, the
 * editor opens it (what it has no node for is kept as its source), an unedited text comes back
 * byte for byte, and an edit elsewhere keeps the kept source.
 */

/** The document with a paragraph typed at its end: every block before it the same object. */
const withParagraphAtEnd = (doc: ProseNode) => doc.copy(doc.content.append(Fragment.from(schema.node("paragraph", null, schema.text("Дописано")))));

const blocksOf = (doc: ProseNode) => {
  const blocks: ProseNode[] = [];
  doc.forEach((block) => blocks.push(block));
  return blocks;
};

describe("hostile Markdown in the visual editor", () => {
  it.each(Object.entries(HOSTILE_MARKDOWN))("%s: opens, comes back unedited byte for byte, survives an edit", (_name, source) => {
    const doc = parseMarkdown(source);
    expect(serializeMarkdown(doc)).toBe(source);
    expect(() => parseMarkdown(writeMarkdown(doc))).not.toThrow();
    const edited = serializeMarkdown(withParagraphAtEnd(doc));
    expect(edited).toMatch(/Дописано\n*$/);
    // Source kept as a block of its own is written back, every line of it, after an edit elsewhere.
    for (const raw of blocksOf(doc).filter((block) => block.type.name === "raw_block")) expect(edited).toContain(raw.textContent);
  });

  it.each([
    ["a quote", "> <div>\n> Текст\n> </div>\n"],
    ["a list", "- <div>x</div>\n"],
    ["a list in a quote in a list", "- > - <div>глубоко</div>\n"],
    ["a numbered list, past a blank line", "1. пункт\n\n   <!-- заметка -->\n"],
  ])("keeps a block with an HTML block in %s as its source", (_where, source) => {
    const [block, ...rest] = blocksOf(parseMarkdown(`Текст\n\n${source}\nДальше\n`)).slice(1);
    expect(block?.type.name).toBe("raw_block");
    expect(block?.textContent).toBe(source.replace(/\n$/, ""));
    expect(rest.map((b) => b.type.name)).toEqual(["paragraph"]);
  });
});

/** One line of Markdown, or a few, that can stand as a block (or fail to, which is the point). */
const leaf = fc.constantFrom(
  "Текст",
  "Текст <b>жирный</b>",
  "<div>x</div>",
  "<div>\nраз\n</div>",
  "<!-- заметка -->",
  "<pre>\nкод",
  "<details>\n\nтекст\n</details>",
  "```js\nx\n```",
  "```",
  "    отступ",
  "## Заголовок",
  "Заголовок\n---",
  "---",
  "| a | b |\n| --- | :-: |\n| 1 | 2 |",
  "[a]: /b",
  "![x](/a.png)",
  "",
  "-",
  "1.",
  ">",
  "\t<div>x</div>",
);

/** Blocks nested in quotes and lists, one after another, to random depths. */
const { block } = fc.letrec<{ block: string; quote: string; item: string; ordered: string; sequence: string }>((tie) => ({
  block: fc.oneof({ depthSize: "small" }, leaf, tie("quote"), tie("item"), tie("ordered"), tie("sequence")),
  quote: tie("block").map((text) => text.split("\n").map((line) => (line ? `> ${line}` : ">")).join("\n")),
  item: tie("block").map((text) => text.split("\n").map((line, i) => (i === 0 ? `- ${line}` : line && `  ${line}`)).join("\n")),
  ordered: tie("block").map((text) => text.split("\n").map((line, i) => (i === 0 ? `1. ${line}` : line && `   ${line}`)).join("\n")),
  sequence: fc.tuple(tie("block"), fc.constantFrom("\n", "\n\n"), tie("block")).map(([a, between, b]) => a + between + b),
}));

describe("random nestings of blocks in quotes and lists", () => {
  it("never keep the editor from opening a text, and come back unedited byte for byte", () => {
    fc.assert(
      fc.property(block, fc.constantFrom("", "\n"), (text, end) => {
        const source = text + end;
        const doc = parseMarkdown(source);
        expect(serializeMarkdown(doc)).toBe(source);
        expect(() => parseMarkdown(writeMarkdown(doc))).not.toThrow();
        const edited = serializeMarkdown(withParagraphAtEnd(doc));
        for (const raw of blocksOf(doc).filter((b) => b.type.name === "raw_block")) expect(edited).toContain(raw.textContent);
      }),
      { numRuns: 500 },
    );
  });
});
