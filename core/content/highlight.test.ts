import { describe, expect, it } from "vitest";
import { highlightCode } from "./highlight.server.ts";
import { renderMarkdown } from "./markdown.server.ts";

describe("code highlighting when content is loaded", () => {
  it("classes every token by type, with no inline styles", () => {
    const html = highlightCode("SELECT a FROM t WHERE b = 'x'; -- note", "sql");
    expect(html).toMatch(/^<pre class="code-block no-typografy" data-lang="sql" tabindex="0"><code>/);
    expect(html).toContain('<span class="code-keyword">SELECT</span>');
    expect(html).toMatch(/class="code-string[^"]*">[^<]*'x'/);
    expect(html).toContain('class="code-comment"');
    expect(html).not.toContain("style=");
  });
  it("escapes the code", () => {
    expect(highlightCode('const a = "<b>";', "javascript")).toContain("&#x3C;b>");
  });
  it("gives the same block the same HTML", () => {
    expect(highlightCode("print('кэш')", "python")).toBe(highlightCode("print('кэш')", "python"));
  });
  it("refuses a block without a known language", () => {
    expect(() => highlightCode("x", undefined)).toThrow(/без языка/);
    expect(() => highlightCode("x", "cobol")).toThrow(/«cobol»/);
  });
  it("keeps typography out of code blocks in Markdown", () => {
    const html = renderMarkdown("Текст и код:\n\n```python\nif a and b: return\n```\n");
    expect(html).toContain("Текст и\u00a0код");
    expect(html).toContain("> a </span>");
    expect(html).not.toMatch(/<pre[\s\S]*\u00a0[\s\S]*<\/pre>/);
  });
});
