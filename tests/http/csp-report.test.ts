import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/in-process.ts";

let app: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  app = await startInProcess({ TRUSTED_PROXY_HOPS: "1" });
});
afterAll(() => app.close());

const report = (body: unknown, type = "application/csp-report", address = "198.51.100.50") =>
  fetch(`${app.url}/csp-report`, {
    method: "POST",
    headers: { "Content-Type": type, "X-Forwarded-For": address },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("CSP report endpoint", () => {
  it("logs a report-uri violation without the page's query", async () => {
    const res = await report({
      "csp-report": {
        "document-uri": "http://localhost:3000/search/?q=private",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        "line-number": 12,
      },
    });
    expect(res.status).toBe(204);
    const line = (await app.logs()).find((l) => l.msg === "csp violation" && l.directive === "script-src-elem");
    expect(line).toMatchObject({ level: "warn", blocked: "inline", page: "http://localhost:3000/search/", line: 12 });
    expect(JSON.stringify(line)).not.toContain("private");
  });

  it("logs Reporting API batches", async () => {
    const res = await report(
      [{ type: "csp-violation", body: { documentURL: "http://localhost:3000/", blockedURL: "https://evil.example/x.js", effectiveDirective: "script-src-elem" } }],
      "application/reports+json",
    );
    expect(res.status).toBe(204);
    expect((await app.logs()).some((l) => l.msg === "csp violation" && l.blocked === "https://evil.example/x.js")).toBe(true);
  });

  it("refuses other methods, other types and large bodies", async () => {
    expect((await fetch(`${app.url}/csp-report`)).status).toBe(405);
    expect((await report("{}", "text/plain")).status).toBe(415);
    expect((await report(JSON.stringify({ "csp-report": { pad: "x".repeat(20_000) } }))).status).toBe(413);
  });

  it("is rate limited per visitor", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await report({ "csp-report": {} }, undefined, "198.51.100.60")).status);
    expect(statuses.filter((s) => s === 204).length).toBe(20);
    expect(statuses.at(-1)).toBe(429);
    expect((await report({ "csp-report": {} }, undefined, "198.51.100.61")).status).toBe(204);
  });
});
