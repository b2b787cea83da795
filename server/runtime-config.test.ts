import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { runtimeConfig, parseEnv } from "../app/config/env.server.ts";
import { parseRuntimeConfig } from "../app/runtime/runtime-config.ts";
import { injectIntoHead, injectIntoPages, injectIntoStream, runtimeConfigTag } from "./runtime-config.ts";
import type { StaticFile } from "./static-files.ts";

const TAG = runtimeConfigTag({ metrikaId: "123" }) ?? "";

describe("runtime configuration in HTML", () => {
  it("is a meta tag the browser parses back, and nothing without a value", () => {
    expect(TAG).toBe('<meta name="runtime-config" content="{&quot;metrikaId&quot;:&quot;123&quot;}">');
    const content = TAG.match(/content="([^"]*)"/)?.[1]?.replace(/&quot;/g, '"');
    expect(parseRuntimeConfig(content)).toEqual({ metrikaId: "123" });
    expect(runtimeConfigTag(runtimeConfig(parseEnv({})))).toBeNull();
    expect(runtimeConfig(parseEnv({ PUBLIC_METRIKA_ID: "42" }))).toEqual({ metrikaId: "42" });
  });

  it("goes right before </head>", () => {
    expect(injectIntoHead("<html><head><title>x</title></head><body></body></html>", TAG)).toBe(
      `<html><head><title>x</title>${TAG}</head><body></body></html>`,
    );
    expect(injectIntoHead("<p>no head</p>", TAG)).toBe("<p>no head</p>");
  });

  it("rewrites prerendered pages with fresh compressed variants and ETag", () => {
    const body = Buffer.from("<html><head></head><body>Привет</body></html>");
    const page: StaticFile = { body, type: "text/html", etag: '"old"', cacheControl: "no-cache" };
    const script: StaticFile = { body: Buffer.from("x"), type: "text/javascript", etag: '"js"', cacheControl: "immutable" };
    const files = new Map([
      ["/index.html", page],
      ["/assets/a.js", script],
    ]);
    injectIntoPages(files, TAG);
    const updated = files.get("/index.html");
    const expected = `<html><head>${TAG}</head><body>Привет</body></html>`;
    expect(updated?.body.toString()).toBe(expected);
    expect(brotliDecompressSync(updated?.br ?? Buffer.alloc(0)).toString()).toBe(expected);
    expect(gunzipSync(updated?.gzip ?? Buffer.alloc(0)).toString()).toBe(expected);
    expect(updated?.etag).not.toBe('"old"');
    expect(files.get("/assets/a.js")).toBe(script);
  });

  it("is added to streamed HTML even when </head> and characters are split across chunks", async () => {
    const html = Buffer.from("<html><head><title>Ёлка</title></head><body>тело</body></html>");
    const split = html.indexOf("</he") + 2;
    const cyrillic = html.indexOf("Ё") + 1;
    const chunks = [html.subarray(0, cyrillic), html.subarray(cyrillic, split), html.subarray(split)];
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(injectIntoStream(TAG))) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString()).toBe(`<html><head><title>Ёлка</title>${TAG}</head><body>тело</body></html>`);
  });
});
