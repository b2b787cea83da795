import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCsp, inlineScriptHashes, METRIKA } from "./csp.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("inlineScriptHashes", () => {
  it("hashes every inline script, once, and skips external scripts, data blocks and empty scripts", () => {
    const html = [
      "<script>a()</script>",
      '<script type="module" async="">import "/x.js";</script>',
      '<script src="/assets/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<SCRIPT>a()</SCRIPT >",
      '<script id="_R_">ré()</script>',
      "<script></script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js";'), sha("ré()")]);
  });

  it("hashes the exact text, whitespace included", () => {
    expect(inlineScriptHashes("<script>\n\tx\n</script>")).toEqual([sha("\n\tx\n")]);
  });
});

describe("createCsp", () => {
  it("allows scripts only from our origin and by hash", () => {
    const policy = directives(createCsp({ thirdParties: [], upgradeInsecureRequests: false })([sha("a()")]));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'", sha("a()")]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("report-uri")).toEqual(["/csp-report"]);
    expect(policy.has("frame-src")).toBe(false);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
    expect([...policy.values()].flat().filter((source) => /unsafe-(inline|eval)/.test(source))).toEqual(["'unsafe-inline'"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("adds Yandex Metrica's sources only when it is configured", () => {
    const withMetrika = directives(createCsp({ thirdParties: [METRIKA], upgradeInsecureRequests: true })([sha("a()")]));
    expect(withMetrika.get("script-src")).toEqual(["'self'", "https://mc.yandex.ru", "https://yastatic.net", sha("a()")]);
    expect(withMetrika.get("img-src")).toContain("https://mc.yandex.ru");
    expect(withMetrika.get("connect-src")).toEqual(["'self'", "https://mc.yandex.ru"]);
    expect(withMetrika.get("frame-src")).toEqual(["blob:", "https://mc.yandex.ru"]);
    expect(withMetrika.has("upgrade-insecure-requests")).toBe(true);
    const without = createCsp({ thirdParties: [], upgradeInsecureRequests: false })();
    expect(without).not.toContain("yandex");
  });
});
