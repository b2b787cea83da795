import { describe, expect, it } from "vitest";
import { parseCspReports, reportUrl } from "./csp-report.ts";

describe("parseCspReports", () => {
  it("reads a report-uri report", () => {
    const body = JSON.stringify({
      "csp-report": {
        "document-uri": "https://orientir.agency/search/?q=my+phone+number",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        "source-file": "https://orientir.agency/assets/root.js",
        "line-number": 3,
        "script-sample": "alert(document.cookie)",
      },
    });
    expect(parseCspReports(body)).toEqual([
      {
        directive: "script-src-elem",
        blocked: "inline",
        page: "https://orientir.agency/search/",
        source: "https://orientir.agency/assets/root.js",
        line: 3,
        column: undefined,
        disposition: undefined,
      },
    ]);
  });

  it("reads Reporting API batches and ignores other report types", () => {
    const body = JSON.stringify([
      { type: "csp-violation", body: { documentURL: "https://x.ru/a/?t=1", blockedURL: "https://evil.example/x.js?k=v", effectiveDirective: "script-src-elem", disposition: "enforce" } },
      { type: "deprecation", body: { id: "x" } },
    ]);
    const [violation, ...rest] = parseCspReports(body);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ directive: "script-src-elem", blocked: "https://evil.example/x.js", page: "https://x.ru/a/", disposition: "enforce" });
  });

  it("gives nothing for junk", () => {
    expect(parseCspReports("not json")).toEqual([]);
    expect(parseCspReports("42")).toEqual([]);
    expect(parseCspReports('{"csp-report": 1}')).toEqual([]);
  });
});

describe("reportUrl", () => {
  it.each([
    ["eval", "eval"],
    ["data:image/png;base64,AAA", "data:"],
    ["https://a.ru/p?q=secret#x", "https://a.ru/p"],
    ["not a url", "unparsable"],
    [42, ""],
  ])("%s → %s", (input, output) => expect(reportUrl(input)).toBe(output));
});
