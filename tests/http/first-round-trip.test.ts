import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/http.ts";
import { pageTemplates } from "../support/templates.ts";

/**
 * A connection's first round trip carries ten segments (~14.6 KB). A page whose
 * compressed HTML and headers fit in it paints a round trip sooner on a slow
 * network, and Lighthouse's simulation counts the same: the templates that
 * crossed it had an LCP 1.13–1.15 × their zero-JS copy's (decision 022).
 */
const FIRST_ROUND_TRIP = 14_600;

/** The bytes of a brotli response as sent: status line, headers and body. */
function responseBytes(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(baseUrl + path, { headers: { "accept-encoding": "br" } }, (res) => {
      let body = 0;
      res.on("data", (chunk: Buffer) => (body += chunk.length));
      res.on("end", () => {
        const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve(Buffer.byteLength(`${lines.join("\r\n")}\r\n\r\n`) + body);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("first round trip", () => {
  for (const { name, path } of pageTemplates()) {
    it(`${name} (${path}): the compressed page and its headers fit in ${FIRST_ROUND_TRIP} bytes`, async () => {
      expect(await responseBytes(path)).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
    });
  }
});
