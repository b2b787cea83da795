import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_ENDPOINTS } from "../../server/endpoints.ts";
import { startInProcess } from "../support/in-process.ts";

/**
 * The site's own endpoints table (server/endpoints.ts), walked whole: each answers its methods
 * without sign-in and without a 5xx, refuses the others with 405 and the methods it takes, and a
 * body over its limit with 413. A new row is tested with nothing more to write.
 */
let app: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  app = await startInProcess({});
});
afterAll(() => app.close());

// The methods the site answers at all: any other is refused with 405 at every address (server/pipeline.ts).
const OTHER_METHODS = ["GET", "HEAD", "POST"] as const;
const CSP_TYPE = { "Content-Type": "application/csp-report" };
/** A well-formed body for an endpoint that reads one of its own shape (others get `{}` as a CSP report). */
const SAMPLES: Record<string, { headers: Record<string, string>; body: string }> = {
  "/search-log": { headers: { "Content-Type": "text/plain;charset=UTF-8" }, body: JSON.stringify({ q: "seo", found: 3 }) },
};

describe.each(SITE_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))("the site's endpoint %s", (path, endpoint) => {
  it("answers its methods to anyone, with no 5xx", async () => {
    for (const method of endpoint.methods) {
      const sample = SAMPLES[path] ?? { headers: CSP_TYPE, body: "{}" };
      const res = await fetch(app.url + path, { method, headers: sample.headers, ...(method === "POST" ? { body: sample.body } : {}) });
      await res.arrayBuffer();
      expect(res.status, `${method} ${path}`).toBeLessThan(400);
    }
  });

  it("refuses every other method with 405 and the methods it takes", async () => {
    for (const method of OTHER_METHODS.filter((m) => !endpoint.methods.includes(m as never))) {
      const res = await fetch(app.url + path, { method, ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }) });
      await res.arrayBuffer();
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(endpoint.methods.join(", "));
    }
  });

  it.runIf(endpoint.bodyLimit > 0)("refuses a body over its limit with 413", async () => {
    const res = await fetch(app.url + path, { method: "POST", headers: CSP_TYPE, body: "x".repeat(endpoint.bodyLimit + 1) });
    await res.arrayBuffer();
    expect(res.status).toBe(413);
  });
});
