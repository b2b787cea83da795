import { createHash } from "node:crypto";
import { parse } from "node-html-parser";
import { expect } from "vitest";

export type HeaderSource = { get(name: string): string | null | undefined };

/** A CSP header as directive → sources. */
export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...sources] = part.split(/\s+/);
        return [name.toLowerCase(), sources] as const;
      }),
  );
}

/** The security headers of the issue, checked on one response. */
export function expectSecurityHeaders(headers: HeaderSource, what: string) {
  const policy = headers.get("content-security-policy");
  expect(policy, `${what}: Content-Security-Policy`).toBeTruthy();
  const csp = cspDirectives(policy ?? "");
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc.filter((s) => /^(\*|https?:|data:)$/.test(s)), `${what}: broad script sources`).toEqual([]);
  expect(csp.get("default-src"), `${what}: default-src`).toEqual(["'none'"]);
  expect(csp.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get("base-uri"), `${what}: base-uri`).toEqual(["'none'"]);
  expect(csp.get("form-action"), `${what}: form-action`).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("report-uri"), `${what}: report-uri`).toEqual(["/csp-report"]);
  const hsts = /max-age=(\d+)/.exec(headers.get("strict-transport-security") ?? "");
  expect(Number(hsts?.[1] ?? 0), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(headers.get("referrer-policy"), `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), `${what}: Permissions-Policy`).toMatch(/camera=\(\)/);
  expect(headers.get("cross-origin-resource-policy"), `${what}: CORP`).toBe("same-origin");
}

/** Every inline script of an HTML document is allowed by a hash in the CSP (parsed independently of the server). */
export function expectInlineScriptsAllowed(html: string, policy: string, what: string) {
  const allowed = new Set(cspDirectives(policy).get("script-src"));
  const inline = parse(html)
    .querySelectorAll("script")
    .filter((script) => !script.hasAttribute("src") && !/json/.test(script.getAttribute("type") ?? ""))
    // An empty inline script is neither run nor checked against the policy (HTML, "prepare the script element").
    .filter((script) => script.rawText !== "");
  expect(inline.length, `${what}: inline scripts`).toBeGreaterThan(0);
  for (const script of inline) {
    const hash = `'sha256-${createHash("sha256").update(script.rawText).digest("base64")}'`;
    expect(allowed.has(hash), `${what}: no hash for <script>${script.rawText.slice(0, 60)}…`).toBe(true);
  }
}
