import { describe, expect, it } from "vitest";
import { httpsUrl, markdown, MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG, sitePath, slug, SLUG_MAX } from "./fields.ts";
import { CaseSchema } from "./schemas/projects.ts";
import "./present.server.ts";

describe("link fields", () => {
  it.each(["https://example.com/a?b=1#c", "https://пример.рф/"])("takes the https address %j as written", (url) => {
    expect(httpsUrl().parse(url)).toBe(url);
  });

  it.each(["https:\\\\evil.example", "https:/\\evil.example", "https://ev\til.example", "https://evil.example/\n", "http://example.com/", "//evil.example"])(
    "refuses %j with a Russian message",
    (url) => {
      const result = httpsUrl().safeParse(url);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Ссылка, начинающаяся с\u00a0https:\/\//);
    },
  );

  it.each(["/\\evil.example/", "//evil.example/", "/a\t/", "/services"])("refuses %j as a site path", (path) => {
    expect(sitePath().safeParse(path).success).toBe(false);
  });
});

describe("Markdown fields", () => {
  it("renders a text up to the size limit", () => {
    expect(markdown().parse(`${"а".repeat(MARKDOWN_MAX_CHARS - 2)}\n\n`)).toMatch(/^<p>а+<\/p>$/);
  });

  it("refuses a longer text at the field in Russian, without spending time rendering it", () => {
    const started = performance.now();
    const result = markdown().safeParse("_*a".repeat(MARKDOWN_MAX_CHARS / 3 + 1));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MARKDOWN_TOO_LONG]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("what the form says, the schema keeps", () => {
  it("takes a slug of the longest length and refuses a longer one at its field, saying how long it may be", () => {
    expect(slug().parse("a".repeat(SLUG_MAX))).toBe("a".repeat(SLUG_MAX));
    const result = slug().safeParse("a".repeat(SLUG_MAX + 1));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([`Не\u00a0длиннее ${SLUG_MAX} знаков`]);
  });

  it("saves a case's optional details left empty or not sent at all", () => {
    expect(CaseSchema.shape.body.parse(undefined)).toBe("");
    expect(CaseSchema.shape.body.parse("   ")).toBe("");
  });
});
