import { describe, expect, it } from "vitest";
import { prefetchHref } from "./prefetch.tsx";

describe("prefetchHref", () => {
  it("prefetches internal links at their canonical address", () => {
    expect(prefetchHref("/services")).toBe("/services/");
    expect(prefetchHref("/search/?q=seo#top")).toBe("/search/?q=seo#top");
  });
  it("never prefetches external, new-tab or full-reload links", () => {
    expect(prefetchHref("https://t.me/x")).toBeNull();
    expect(prefetchHref("//evil.example/")).toBeNull();
    expect(prefetchHref("mailto:a@b.ru")).toBeNull();
    expect(prefetchHref("/services/", { target: "_blank" })).toBeNull();
    expect(prefetchHref("/services/", { reloadDocument: true })).toBeNull();
  });
});
