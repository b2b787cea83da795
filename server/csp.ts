import { createHash } from "node:crypto";

/**
 * Content-Security-Policy. Scripts run only from our own origin or when their
 * exact text is allowed by hash: prerendered pages carry inline scripts
 * (hydration data, route modules, scroll restoration) without a nonce, so the
 * build records their hashes (server/releases/publish.ts, `inlineScriptHashes`) and pages rendered on
 * request are hashed as they are sent. No 'unsafe-inline', no 'unsafe-eval'.
 */

export type Directive =
  | "script-src"
  | "style-src"
  | "img-src"
  | "font-src"
  | "connect-src"
  | "frame-src"
  | "media-src"
  | "worker-src";

/** Extra sources a third party needs; added only while it is configured. */
export type ThirdParty = { name: string; sources: Partial<Record<Directive, readonly string[]>> };

/**
 * Yandex Metrica (tag.js, hits, cookie-matching frame), from Metrica's own CSP
 * guide. Webvisor would also need wss://mc.yandex.ru in connect-src.
 */
export const METRIKA: ThirdParty = {
  name: "metrika",
  sources: {
    "script-src": ["https://mc.yandex.ru", "https://yastatic.net"],
    "img-src": ["https://mc.yandex.ru"],
    "connect-src": ["https://mc.yandex.ru"],
    "frame-src": ["blob:", "https://mc.yandex.ru"],
  },
};

/**
 * Violations are sent here with `report-uri`. Not `report-to` as well: where a
 * browser supports it, it ignores `report-uri`, and Chromium then delivered
 * nothing within a minute in our tests, while `report-uri` arrives at once.
 */
export const CSP_REPORT_PATH = "/csp-report";

export type CspOptions = {
  thirdParties: readonly ThirdParty[];
  /** Adds upgrade-insecure-requests (sites served over https). */
  upgradeInsecureRequests: boolean;
  /**
   * The dev server's pages: Vite inserts each stylesheet as a `<style>` element (and replaces it
   * on an edit), and React Router inlines a page's styles into it, so `<style>` elements are allowed.
   */
  viteStyles?: boolean;
};

/** The policy for a response whose inline scripts have these hashes. */
export type CspBuilder = (scriptHashes?: readonly string[]) => string;

export function createCsp(options: CspOptions): CspBuilder {
  const extra = (directive: Directive) => options.thirdParties.flatMap((party) => party.sources[directive] ?? []);
  const list = (directive: Directive, own: readonly string[]) => {
    const sources = [...new Set([...own, ...extra(directive)])];
    return sources.length > 0 ? `${directive} ${sources.join(" ")}` : null;
  };
  const scriptSources = ["'self'", ...extra("script-src")].join(" ");
  const rest = [
    list("style-src", options.viteStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"]),
    // Components set CSS custom properties in style attributes (icons); an
    // attribute cannot run script, and <style> elements stay 'self' only.
    "style-src-attr 'unsafe-inline'",
    list("img-src", ["'self'", "data:"]),
    list("font-src", ["'self'"]),
    list("connect-src", ["'self'"]),
    list("media-src", []),
    list("worker-src", []),
    list("frame-src", []),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    options.upgradeInsecureRequests ? "upgrade-insecure-requests" : null,
    `report-uri ${CSP_REPORT_PATH}`,
  ]
    .filter((part) => part !== null)
    .join("; ");
  return (scriptHashes = []) => `default-src 'none'; script-src ${[scriptSources, ...scriptHashes].join(" ")}; ${rest}`;
}

// React escapes `<` inside inline scripts and `>` inside attribute values, so a
// script element ends at the first `</script`.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const EXECUTABLE_TYPE = /^(module|text\/javascript|application\/javascript)$/i;

/** `'sha256-…'` sources for every inline script of an HTML document, in order, without duplicates. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1];
    // Data blocks (JSON-LD and the like) never run, so they need no hash.
    if (type && !EXECUTABLE_TYPE.test(type)) continue;
    // An empty inline script is never run nor checked against the policy (HTML, "prepare the script element").
    if (text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
