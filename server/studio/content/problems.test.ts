import { describe, expect, it } from "vitest";
import { EntryInvalid } from "./check.ts";
import { atAddress, describeProblem } from "./problems.ts";

describe("a site check's problems in people's words", () => {
  it("names entries by title and kind, fields by label, tables by name and row, never a path", () => {
    expect(describeProblem("content", 'content/services/seo.md: поле "cases.1": нет кейса "x"')).toBe("«SEO» (услуга), поле «Кейсы», №\u00a02: нет кейса \"x\"");
    expect(describeProblem("content", "content/redirects.csv:12: адрес ведёт на страницу, которой нет")).toBe("«Перенаправления», строка 12: адрес ведёт на страницу, которой нет");
    expect(describeProblem("content", "content/navigation.yaml: ссылка ведёт в никуда")).toBe("«Навигация»: ссылка ведёт в никуда");
  });

  it("puts a rename's refusal at the address field", () => {
    const said = atAddress("content", new EntryInvalid("С этим изменением сайт не опубликовать", {}, ['content/services/seo.md: поле "cases.0": нет кейса "x"']));
    expect(said).toBeInstanceOf(EntryInvalid);
    expect((said as EntryInvalid).errors.slug).toBe("С\u00a0новым адресом сайт не\u00a0опубликовать: «SEO» (услуга), поле «Кейсы», №\u00a01: нет кейса \"x\"");
    expect((said as EntryInvalid).problems.join("")).not.toContain("content/");
  });
});
