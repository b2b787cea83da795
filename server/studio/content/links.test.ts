import { describe, expect, it } from "vitest";
import { leadsTo, rewriteLinks } from "./links.ts";

const move = { from: "/projects/cases/old-case/", to: "/projects/cases/new-case/", origins: ["https://orientir.example"] };
const rewrite = (text: string) => rewriteLinks(text, move);

describe("links to a moved page", () => {
  it("changes only the target, keeping text, anchor, query and title", () => {
    expect(rewrite("См. [кейс](/projects/cases/old-case/#итоги \"Кейс\") и [ещё](/projects/cases/old-case/?from=a#b).")).toEqual({
      text: "См. [кейс](/projects/cases/new-case/#итоги \"Кейс\") и [ещё](/projects/cases/new-case/?from=a#b).",
      count: 2,
    });
  });

  it("keeps a link without its trailing slash without one", () => {
    expect(rewrite("[кейс](/projects/cases/old-case)").text).toBe("[кейс](/projects/cases/new-case)");
    expect(rewrite("[кейс](/projects/cases/old-case#a)").text).toBe("[кейс](/projects/cases/new-case#a)");
  });

  it("rewrites links written with the site's origin, autolinks and reference definitions", () => {
    expect(rewrite("[кейс](https://orientir.example/projects/cases/old-case/)").text).toBe("[кейс](https://orientir.example/projects/cases/new-case/)");
    expect(rewrite("Адрес: <https://orientir.example/projects/cases/old-case/>").text).toBe("Адрес: <https://orientir.example/projects/cases/new-case/>");
    expect(rewrite("[кейс][k]\n\n[k]: /projects/cases/old-case/\n").text).toBe("[кейс][k]\n\n[k]: /projects/cases/new-case/\n");
  });

  it("leaves links to other pages and other sites alone", () => {
    const text = [
      "[другой](/projects/cases/old-case-two/)",
      "[вложенный](/projects/cases/old-case/extra/)",
      "[чужой сайт](https://example.com/projects/cases/old-case/)",
      "[раздел](/projects/cases/)",
      "[протокольный](//orientir.example/projects/cases/old-case/)",
    ].join("\n\n");
    expect(rewrite(text)).toEqual({ text, count: 0 });
  });

  it("leaves code blocks and inline code alone", () => {
    const text = "Пример: `[a](/projects/cases/old-case/)`\n\n```md\n[b](/projects/cases/old-case/)\n```\n\n[c](/projects/cases/old-case/)\n";
    expect(rewrite(text)).toEqual({ text: text.replace("[c](/projects/cases/old-case/)", "[c](/projects/cases/new-case/)"), count: 1 });
  });

  it("finds links in lists, quotes and tables, and keeps the rest of the text byte for byte", () => {
    const text = "# Заголовок\r\n\r\n- пункт [a](/projects/cases/old-case/)\n\n> цитата [b](/projects/cases/old-case/)\n\n| a | b |\n|---|---|\n| [c](/projects/cases/old-case/) | x |\n\nконец  \n";
    const result = rewrite(text);
    expect(result.count).toBe(3);
    expect(result.text).toBe(text.replaceAll("/projects/cases/old-case/", "/projects/cases/new-case/"));
  });

  it("does not change a link's text that shows the old address", () => {
    expect(rewrite("[/projects/cases/old-case/](/projects/cases/old-case/)").text).toBe("[/projects/cases/old-case/](/projects/cases/new-case/)");
  });

  it("tells whether an address leads to the page", () => {
    expect(leadsTo("/projects/cases/old-case", move)).toBe(true);
    expect(leadsTo("https://orientir.example/projects/cases/old-case/?a=1", move)).toBe(true);
    expect(leadsTo("/projects/cases/new-case/", move)).toBe(false);
    expect(leadsTo("mailto:a@b.c", move)).toBe(false);
  });
});
