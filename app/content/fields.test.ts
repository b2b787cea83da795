import { describe, expect, it } from "vitest";
import { httpsUrl, sitePath } from "./fields.ts";

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
