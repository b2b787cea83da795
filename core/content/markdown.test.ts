import { describe, expect, it } from "vitest";
import { OFF_SITE_IMAGES } from "../../tests/support/hostile.ts";
import { MARKDOWN_MESSAGES, renderMarkdown, tableOfContents } from "./markdown.server.ts";

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

describe("markdown links", () => {
  const offSite = ["/\\evil.example", "//evil.example", "</\t/evil.example>", "/\\/evil.example", "javascript:alert(1)", "</a\u0000b/>"];

  it("keeps site paths, anchors, http(s), mail and phone", () => {
    const html = renderMarkdown("[а](/services/) [б](#итоги) [в](https://example.com/a?b=1) [г](mailto:info@example.com) [д](tel:+74950000000)");
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "/services/",
      "#итоги",
      "https://example.com/a?b=1",
      "mailto:info@example.com",
      "tel:+74950000000",
    ]);
  });

  it.each(offSite)("drops a link to %j from content already saved, keeping its text", (href) => {
    const html = renderMarkdown(`Смотрите [здесь](${href}) и ![схема](${href})`);
    expect(html).not.toContain("href=");
    expect(html).not.toContain("src=");
    expect(html).toContain("здесь");
  });

  it.each(offSite)("refuses a link to %j in Russian when asked to be strict (the studio)", (href) => {
    expect(() => renderMarkdown(`[здесь](${href})`, { strictLinks: true })).toThrow(/^Ссылка «.*» не\u00a0годится/);
  });

  it("refuses an image from another site in Russian at its field, naming it; links to other sites stay", () => {
    for (const src of OFF_SITE_IMAGES) {
      expect(() => renderMarkdown(`Текст и ![Схема воронки](${src})`, { strictLinks: true }), src).toThrow(
        `Изображение «Схема воронки» по\u00a0адресу «${src}» на\u00a0сайте не\u00a0покажется: страницы показывают только свои изображения. Загрузите его в\u00a0«Медиа» и\u00a0вставьте оттуда`,
      );
      // Content already saved past the studio: its alt text instead of a picture the page's CSP would block.
      const html = renderMarkdown(`![Схема](${src})`);
      expect(html).not.toContain("<img");
      expect(html).toContain("Схема");
    }
    expect(() => renderMarkdown("![](https://example.com/x.png)", { strictLinks: true })).toThrow(/^Изображение по\u00a0адресу «https:\/\/example\.com\/x\.png»/);
    expect(() => renderMarkdown("![Нет такого](/uploads/nothing.png)", { strictLinks: true })).toThrow(/не\u00a0найдено/);
    const html = renderMarkdown("[Сайт партнёра](https://partner.example/) и ![логотип](/assets/images/logo.png)", { strictLinks: true });
    expect(html).toContain('href="https://partner.example/"');
    expect(html).toContain('src="/assets/images/logo.png"');
  });

  it("gives an image its description as plain text: escapes undone, marks dropped, nothing of it markup", () => {
    const html = renderMarkdown("![Схема \\*воронки\\* и *курсив*, &#91;1&#93; \\<b\\>](/assets/x.png)");
    expect(/alt="([^"]*)"/.exec(html)?.[1]).toBe("Схема *воронки* и курсив, [1] &lt;b&gt;");
  });

  it("refuses nesting too deep to parse in Russian, not with the engine's stack overflow", () => {
    expect(() => renderMarkdown("> ".repeat(20_000))).toThrow(MARKDOWN_MESSAGES.nesting);
  });
});

describe("markdown that takes too long", () => {
  it("stops a text whose emphasis would take half a minute at the time limit, with a Russian message", () => {
    // The limit counts this thread's CPU time, as the check does: on a busy machine the wall clock runs ahead of it.
    const started = process.threadCpuUsage();
    expect(() => renderMarkdown("_*a".repeat(16_667), { timeLimitMs: 300 })).toThrow(MARKDOWN_MESSAGES.tooComplex);
    const spent = process.threadCpuUsage(started);
    expect((spent.user + spent.system) / 1_000).toBeLessThan(1_500);
  });
});
