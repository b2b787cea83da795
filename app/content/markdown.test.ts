import { describe, expect, it } from "vitest";
import { renderMarkdown, tableOfContents } from "./markdown.server.ts";

describe("markdown headings", () => {
  it("gives ## and ### headings unique ids that the table of contents links to", () => {
    const html = renderMarkdown("## Что такое `UTM`\n\nТекст.\n\n### Итоги\n\n## Итоги\n\n#### Мелко\n");
    expect(html).toContain('<h2 id="что-такое-utm">');
    expect(html).toContain('<h3 id="итоги">');
    expect(html).toContain('<h2 id="итоги-2">');
    expect(html).not.toMatch(/<h4 id=/);
    expect(tableOfContents(html)).toEqual([
      { id: "что-такое-utm", title: "Что такое UTM", level: 2 },
      { id: "итоги-2", title: "Итоги", level: 2 },
    ]);
    expect(tableOfContents(html, 3).map((e) => e.id)).toEqual(["что-такое-utm", "итоги", "итоги-2"]);
  });

  it("starts numbering afresh for every document", () => {
    renderMarkdown("## Итоги\n");
    expect(renderMarkdown("## Итоги\n")).toContain('<h2 id="итоги">');
  });
});

describe("markdown shown inside an item", () => {
  it("puts ## one level under the item's heading, without ids", () => {
    const html = renderMarkdown("## Программа\n\nТекст.\n\n### Доклад\n", { nestedUnder: 3 });
    expect(html).toContain("<h4>Программа</h4>");
    expect(html).toContain("<h5>Доклад</h5>");
    expect(html).not.toContain(" id=");
  });
});
