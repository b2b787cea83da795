import { describe, expect, it } from "vitest";
import { doneLine } from "./report.ts";

describe("what a publication says it did", () => {
  it("agrees its words with the counts («33 страницы», not «33 страниц»)", () => {
    expect(doneLine(33, 5).replace(/\u00a0/g, " ")).toBe("33 страницы отрисованы, 5 взято из прошлой публикации");
    expect(doneLine(1, 21).replace(/\u00a0/g, " ")).toBe("1 страница отрисована, 21 взята из прошлой публикации");
    expect(doneLine(250, 3).replace(/\u00a0/g, " ")).toBe("250 страниц отрисовано, 3 взяты из прошлой публикации");
  });
});
