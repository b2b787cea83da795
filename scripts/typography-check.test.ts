import { describe, expect, it } from "vitest";
import { typographyViolations, unboundShortWords } from "./typography-check.ts";

describe("typography check", () => {
  it("finds short words followed by an ordinary space", () => {
    expect(unboundShortWords("Услуги по отраслям").map((f) => f.word)).toEqual(["по"]);
    expect(unboundShortWords("О компании")).toHaveLength(1);
    expect(unboundShortWords("О\u00a0компании")).toEqual([]);
    expect(unboundShortWords("«в кавычках»").map((f) => f.word)).toEqual(["в"]);
  });
  it("accepts typograf's particle and unit rules", () => {
    expect(unboundShortWords("те\u00a0же данные")).toEqual([]);
    expect(unboundShortWords("12\u00a0мм цена")).toEqual([]);
    expect(unboundShortWords("же данные").map((f) => f.word)).toEqual(["же"]);
  });
  it("checks p, headings, li and span, outside .no-typografy and code", () => {
    const html = `
      <h1>Страница не найдена</h1>
      <p>Текст <code>n = 1</code> и\u00a0код</p>
      <div>в div</div>
      <div class="no-typografy"><span>и так</span></div>
      <pre class="code-block"><code><span>if x</span></code></pre>
      <li>А <a href="/">в ссылке</a></li>`;
    expect(typographyViolations(html).map((v) => `${v.tag}:${v.word}`)).toEqual(["h1:не", "li:А", "li:в"]);
  });
});
