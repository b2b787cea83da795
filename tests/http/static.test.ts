import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { get, getHtml, plain, rawRequest } from "../support/http.ts";

/** Status, headers and body length of a request sent without Accept-Encoding unless given. */
async function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await rawRequest(method, path, headers);
  return { ...res, bytes: Buffer.byteLength(res.body) };
}

async function firstAsset(): Promise<string> {
  const { html } = await getHtml("/");
  // The app's modules are named in its (deferred) hydration script.
  const src = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error("no script asset on the home page");
  return src;
}

describe("caching and compression", () => {
  it("caches hashed assets for a year as immutable", async () => {
    const res = await get(await firstAsset());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends the framework's chunk with V8's compile hint as its first line, compressed as well", async () => {
    const { html } = await getHtml("/");
    const vendor = /"(\/assets\/vendor-[\w-]+\.js)"/.exec(html)?.[1];
    expect(vendor, "the framework's chunk among the home page's modules").toBeTruthy();
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get(vendor ?? "", { headers: { "Accept-Encoding": encoding } });
      expect(res.status, encoding).toBe(200);
      expect((await res.text()).startsWith(`//# allFunctionsCalledOnLoad\n`), encoding).toBe(true);
    }
  });

  it("answers a missing asset with a fast plain 404, not a page", async () => {
    const res = await get("/assets/entry.client-MISSING.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("revalidates HTML and page data every time, with ETags", async () => {
    for (const path of ["/services/", "/services/_.data"]) {
      const res = await get(path);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      const etag = res.headers.get("etag");
      expect(etag, path).toBeTruthy();
      const again = await get(path, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status, path).toBe(304);
    }
  });

  it("compresses with brotli or gzip as the client accepts", async () => {
    const br = await get("/services/", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await get("/services/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const rendered = await get("/no-such-page/", { headers: { "Accept-Encoding": "gzip" } });
    expect(rendered.status).toBe(404);
    expect(rendered.headers.get("content-encoding")).toBe("gzip");
    expect(plain(await rendered.text())).toContain("Страница не найдена");
  });

  it("sends a page uncompressed to a client that asks for no encoding, and HEAD with the same length and no body", async () => {
    const plainGet = await raw("GET", "/services/");
    expect(plainGet.status).toBe(200);
    expect(plainGet.headers["content-encoding"]).toBeUndefined();
    expect(Number(plainGet.headers["content-length"])).toBe(plainGet.bytes);
    const head = await raw("HEAD", "/services/");
    expect(head.status).toBe(200);
    expect(head.bytes).toBe(0);
    expect(head.headers["content-length"]).toBe(plainGet.headers["content-length"]);
    expect(head.headers["etag"]).toBe(plainGet.headers["etag"]);
    const gz = await raw("HEAD", "/services/", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBeLessThan(plainGet.bytes);
  });

  it("gives every file response its own request id", async () => {
    const [a, b] = await Promise.all([raw("GET", "/services/"), raw("GET", "/services/")]);
    expect(a.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    expect(b.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("renders a filtered view on request instead of the prerendered page", async () => {
    const res = await get("/search/?q=seo");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('value="seo"');
  });

  it("renders an article asked with a query on request, its body read from the release as the prerendered page has it", async () => {
    const article = content().articles[0];
    if (!article) throw new Error("no article");
    const path = `/academy/${article.slug}/`;
    const [prerendered, rendered, data] = await Promise.all([get(path), get(`${path}?ref=newsletter`), get(`/academy/${article.slug}.data?ref=newsletter`)]);
    // The prerendered file has an ETag; a page rendered on request has none.
    expect(prerendered.headers.get("etag")).toBeTruthy();
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("etag")).toBeNull();
    expect(article.body.length).toBeGreaterThan(2_048);
    expect(await prerendered.text()).toContain(article.body);
    expect(await rendered.text()).toContain(article.body);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(article.title);
  });
});
