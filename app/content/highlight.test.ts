import { describe, expect, it } from "vitest";
import { highlightCode, highlightedBlocks } from "./highlight.server.ts";
import { renderMarkdown } from "./markdown.server.ts";

describe("code highlighting at build", () => {
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
  it("remembers every block for the build's cache file", () => {
    const html = highlightCode("print('кэш')", "python");
    expect(Object.values(highlightedBlocks())).toContain(html);
  });
  it("refuses a block without a known language", () => {
    expect(() => highlightCode("x", undefined)).toThrow(/without a language/);
    expect(() => highlightCode("x", "cobol")).toThrow(/"cobol"/);
  });
  it("keeps typography out of code blocks in Markdown", () => {
    const html = renderMarkdown("Текст и код:\n\n```python\nif a and b: return\n```\n");
    expect(html).toContain("Текст и\u00a0код");
    expect(html).toContain("> a </span>");
    expect(html).not.toMatch(/<pre[\s\S]*\u00a0[\s\S]*<\/pre>/);
  });
});
