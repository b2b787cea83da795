import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../content/markdown.server.ts";
import { HOSTILE_ALTS } from "../../tests/support/hostile.ts";
import { hasHiddenControls, markdownImage, oneLine } from "./media-api.ts";

/** Alt text in an attribute, its character references read as a browser reads them. */
const altOf = (html: string) =>
  (/alt="([^"]*)"/.exec(html)?.[1] ?? "")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("a description of an image («Медиа»)", () => {
  it("is one line: line breaks and tabs become a space, the ends trimmed", () => {
    expect(oneLine("  Команда\r\nна\n\n\tпланёрке \u2028 в офисе  ")).toBe("Команда на планёрке в офисе");
    expect(oneLine("Без\u00a0переносов")).toBe("Без\u00a0переносов");
  });

  it("finds the control and bidi-reordering characters the field refuses", () => {
    for (const text of ["a\u0000b", "a\u001bb", "a\u007fb", "\u202eevil", "a\u202ab", "a\u2066b\u2069", "a\u0085b"]) expect(hasHiddenControls(text), JSON.stringify(text)).toBe(true);
    for (const text of ["Обычный текст, «кавычки» — тире", "𝕳𝖊𝖑𝖑𝖔 🙂", "שלום", "a\u00a0b"]) expect(hasHiddenControls(text), text).toBe(false);
  });
});

describe("the Markdown of an image for another editor's text", () => {
  it.each(HOSTILE_ALTS)("keeps %j its description, never markup", (alt) => {
    const snippet = markdownImage(alt, "/uploads/0123456789abcdef01234567.png");
    expect(snippet.startsWith("![")).toBe(true);
    expect(snippet).not.toMatch(/\n/);
    // Rendered in the middle of someone's text (the site's own renderer): one image, its alt the description itself.
    const html = renderMarkdown(`До.\n\n${snippet.replace("/uploads/0123456789abcdef01234567.png", "/assets/x.png")}\n\nПосле.`);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).not.toMatch(/<(?!\/?p>|img )[a-z/]/);
    expect(altOf(html)).toBe(alt);
  });

  it("makes one line of a description with breaks, and drops hidden controls", () => {
    const snippet = markdownImage("Первая строка\n\n# Заголовок\n\n\u202eперевёрнуто\u2066", "/uploads/x.png");
    expect(snippet).toBe("![Первая строка # Заголовок перевёрнуто](/uploads/x.png)");
    expect(renderMarkdown(snippet)).not.toContain("<h1");
  });
});
