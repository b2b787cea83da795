import { describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { get, getDocument } from "../support/http.ts";

const pages = [...livePagePaths(), "/error/"];
/** Every image and icon URL the pages reference, checked once at the end. */
const referenced = new Set<string>();

const srcsetUrls = (srcset: string) => srcset.split(",").map((part) => part.trim().split(/\s+/)[0] ?? "");

describe("images on every page", () => {
  it.each(pages)("%s: every image has its size, alt text and modern formats", async (path) => {
    const { doc } = await getDocument(path);
    for (const img of doc.querySelectorAll("img")) {
      const where = `${path} ${img.getAttribute("src")}`;
      expect(Number(img.getAttribute("width")), where).toBeGreaterThan(0);
      expect(Number(img.getAttribute("height")), where).toBeGreaterThan(0);
      expect(img.hasAttribute("alt"), where).toBe(true);
      const priority = img.getAttribute("fetchpriority") === "high";
      expect(img.getAttribute("loading"), where).toBe(priority ? "eager" : "lazy");
      referenced.add(img.getAttribute("src") ?? "");
      const picture = img.parentNode;
      if (picture?.tagName === "PICTURE") {
        const types = picture.querySelectorAll("source").map((s) => s.getAttribute("type"));
        expect(types, where).toEqual(["image/avif", "image/webp"]);
        for (const source of picture.querySelectorAll("source")) {
          expect(source.getAttribute("sizes"), where).toBeTruthy();
          const urls = srcsetUrls(source.getAttribute("srcset") ?? "");
          expect(urls.length, where).toBeGreaterThanOrEqual(2);
          urls.forEach((url) => referenced.add(url));
        }
      } else {
        // A lone <img> is a vector drawing; raster images always come as <picture>.
        expect(img.getAttribute("src"), where).toMatch(/\.svg$/);
      }
    }
    expect(doc.querySelectorAll('img[fetchpriority="high"]').length, path).toBeLessThanOrEqual(1);
    for (const match of doc.toString().matchAll(/\/assets\/icons\/[a-z\d-]+\.svg/g)) referenced.add(match[0]);
  });

  it("serves every referenced image and icon with its type", async () => {
    expect(referenced.size).toBeGreaterThan(50);
    const types: Record<string, string> = { avif: "image/avif", webp: "image/webp", svg: "image/svg+xml" };
    const failures: string[] = [];
    for (const url of referenced) {
      const res = await get(url);
      const type = types[url.split(".").pop() ?? ""];
      if (res.status !== 200 || res.headers.get("content-type") !== type) failures.push(`${url}: ${res.status} ${res.headers.get("content-type")}`);
      await res.arrayBuffer();
    }
    expect(failures).toEqual([]);
  });

  it("serves generated images as immutable files (their names change with their content)", async () => {
    const image = [...referenced].find((url) => url.startsWith("/assets/images/"));
    const res = await get(image ?? "/assets/images/missing");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });
});
