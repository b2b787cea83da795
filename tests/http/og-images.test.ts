import { describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { get, getDocument } from "../support/http.ts";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function ogImageOf(path: string): Promise<string> {
  const { doc } = await getDocument(path);
  return doc.querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "";
}

describe("Open Graph images", () => {
  it.each([...livePagePaths(), "/no-such-page/"])("%s points at a 1200×630 PNG that exists", async (path) => {
    const image = new URL(await ogImageOf(path));
    const res = await get(image.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("draws a picture of its own for each page", async () => {
    const images = await Promise.all(["/services/seo/", "/services/aso/", "/academy/"].map(ogImageOf));
    expect(new Set(images).size).toBe(3);
  });
});
