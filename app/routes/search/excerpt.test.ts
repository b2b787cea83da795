import { describe, expect, it } from "vitest";
import { excerptParts } from "./excerpt.ts";

describe("excerptParts", () => {
  it("splits matched words from the text around them", () => {
    expect(excerptParts("Помогаем директорам по <mark>маркетингу</mark> и <mark>продажам.</mark> Дальше")).toEqual([
      { text: "Помогаем директорам по ", mark: false },
      { text: "маркетингу", mark: true },
      { text: " и ", mark: false },
      { text: "продажам.", mark: true },
      { text: " Дальше", mark: false },
    ]);
  });

  it("decodes escaped characters and keeps markup from the index as text", () => {
    expect(excerptParts("a &lt;link <mark>rel=&quot;x&quot;</mark>&gt; &amp; b")).toEqual([
      { text: "a <link ", mark: false },
      { text: 'rel="x"', mark: true },
      { text: "> & b", mark: false },
    ]);
  });

  it("drops tags other than mark instead of rendering them", () => {
    expect(excerptParts("<b>x</b><img src=x onerror=alert(1)>y")).toEqual([{ text: "xy", mark: false }]);
  });
});
