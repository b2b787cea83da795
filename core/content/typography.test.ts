import { describe, expect, it } from "vitest";
import { typographText } from "./typography.server.ts";

describe("typographText", () => {
  it("keeps entities and tags typed into a text field as the text typed", () => {
    for (const typed of ["Знак &copy; и &#60;", "Пишите &lt;b&gt; и &amp;", "</title><img src=x onerror=alert(2)>", "Тег <b>жирный</b>"]) {
      expect(typographText(typed).replace(/\u00a0/g, " ")).toBe(typed);
    }
  });

  it("still typographs the text around them", () => {
    const out = typographText('SEO & контекст -- это "просто" в &copy;');
    expect(out.replace(/\u00a0/g, " ")).toBe("SEO & контекст — это «просто» в &copy;");
    expect(out).toContain("\u00a0");
  });
});
