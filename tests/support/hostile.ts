import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { loadRouteRules } from "#core/lib/route-rules.server.ts";
import { isExternalHref } from "#core/lib/url.ts";
import type { RawReply } from "./raw-http.ts";

/** Field values every endpoint taking text must survive: traversal, injection, control and odd Unicode, size. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "a\r\nSet-Cookie: x=1",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "𝕳𝖊𝖑𝖑𝖔 🙂 \u202e\u2066",
  "x".repeat(5_000),
  "__proto__",
];

/** Descriptions an editor could give an image in «Медиа» to break into another editor's text. */
export const HOSTILE_ALTS: readonly string[] = [
  "Схема *воронки* и _курсив_",
  "a]](javascript:alert(1))",
  "x](https://evil.example) ![y",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "[ссылка](https://evil.example) и [ещё][ref]",
  "![вложенная](/uploads/000000000000000000000000.png)",
  "back\\slash `code` ~~зачёркнуто~~ | ячейка",
  "R&D &amp; &lt;b&gt; &#91;1&#93; &#x3C;",
  "\"кавычки\" и 'апострофы'",
  "__жирный__ **тоже** ***всё***",
  "# не заголовок",
  "- не список",
];

/**
 * Descriptions with what a description may not hold (issue 53): line breaks, control
 * characters, bidi overrides and isolates. The field makes the breaks spaces and refuses the rest.
 */
export const HOSTILE_DESCRIPTIONS: ReadonlyArray<{ text: string; refused: boolean }> = [
  { text: "Первая строка\n\n# Заголовок\n\n![x](https://evil.example/x.png)", refused: false },
  { text: "Табуляция\tи\r\nперевод строки", refused: false },
  { text: "Подпись\u2028через разделитель строк", refused: false },
  { text: "\u202eотчёт.exe", refused: true },
  { text: "счёт \u2066№ 1\u2069 оплачен", refused: true },
  { text: "нулевой\u0000байт", refused: true },
  { text: "escape\u001b[31mкрасный", refused: true },
];

/** Image sources a page's CSP blocks (img-src 'self' data:): refused at their field, links to the same hosts allowed. */
export const OFF_SITE_IMAGES = ["https://cdn.example.com/photo.png", "http://example.com/photo.jpg", "//evil.example/pixel.gif", "HTTPS://EXAMPLE.COM/X.PNG"];

/** Paths from the issue: each one a known trick against redirects, static files or parsers. */
export const HOSTILE_PATHS = [
  "//evil.com",
  "///evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "/%2F%2Fevil.com",
  "/%5Cevil.com",
  "/%5C%5Cevil.com",
  "//evil.com/%2e%2e",
  "/.//evil.com",
  "/%09/evil.com",
  "/%E3%80%82evil.com",
  "/services%0d%0aSet-Cookie:%20injected=1",
  "/services/%0d%0aX-Injected:%201/",
  "/services?x=%0d%0aSet-Cookie:%20injected=1",
  "/services?x=\r\nX-Injected: 1",
  "/services\rX-Injected: 1",
  "/\0evil.com",
  "/caf\u00e9/\u043f\u0443\u0442\u044c",
  "/..%2f..%2fetc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/../../../../etc/passwd",
  "/assets/../../package.json",
  "/assets/%2e%2e/%2e%2e/etc/passwd",
  "/assets/..%2f..%2fpackage.json",
  "/assets/..%5c..%5cpackage.json",
  "/assets/....//....//etc/passwd",
  "/assets/%252e%252e/server/index.ts",
  "/%E0%A4%A",
  "/%",
  "/%zz",
  "/services/%",
  "/%00",
  "/services/%00/",
  "/assets/x.js%00.html",
  `/${"a".repeat(9 * 1024)}`,
  `/${"a/".repeat(35 * 1024)}`,
];

/** Request targets in absolute form (RFC 9112 §3.2.2): the host in them is not ours to trust. */
export const ABSOLUTE_TARGETS = [
  "http://evil.com/",
  "http://evil.com//evil.com",
  "https://evil.com/services",
  "http://localhost:3000//evil.com/",
  "http://evil.com/price",
];

/** Each path with and without a trailing slash, behind a redirect-table entry and a route rule. */
export function variants(path: string): string[] {
  const queryAt = path.indexOf("?");
  const bare = queryAt === -1 ? path : path.slice(0, queryAt);
  const query = queryAt === -1 ? "" : path.slice(queryAt);
  const rest = bare.replace(/^\/+/, "");
  const tableEntry = firstRedirectFrom().replace(/\/$/, "");
  return [
    path,
    `${bare}/${query}`,
    `${tableEntry}/${rest}${query}`,
    `${tableEntry}${query}`,
    `/blog/${rest}${query}`,
    `/telegram${bare}${query}`,
  ];
}

function firstRedirectFrom(): string {
  const line = readFileSync("content/redirects.csv", "utf8").split(/\r?\n/)[1] ?? "";
  return line.split(",")[0] ?? "/";
}

const ORIGIN = parseEnv(process.env).SITE_ORIGIN;
/** Off-site targets we configured ourselves (route rules, redirect table). */
const CONFIGURED_EXTERNAL = new Set(
  [
    ...Object.values(loadRouteRules()).map((rule) => rule.redirect),
    ...readFileSync("content/redirects.csv", "utf8")
      .split(/\r?\n/)
      .map((line) => line.split(",")[1] ?? ""),
  ]
    .filter((target) => isExternalHref(target))
    .map((target) => new URL(target).origin),
);

/** Every header name the server may send; anything else would be an injected line. */
const KNOWN_HEADERS = new Set([
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-resource-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
  "strict-transport-security",
  "x-request-id",
  "x-release-id",
  "server-timing",
  "x-robots-tag",
  "location",
  "content-type",
  "content-length",
  "content-encoding",
  "cache-control",
  "etag",
  "vary",
  "allow",
  "retry-after",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-remix-response",
]);

/** Markers of files outside the public root: the system, the project, the server's sources. */
const OUTSIDE_ROOT = ["root:x:0:0", '"name": "agency-site"', "createHttpServer", "SITE_ORIGIN"];

/** What no reply may do, whatever was asked. */
export function expectHarmless(reply: RawReply, sent: string) {
  expect(reply.status, `${sent}: no status`).toBeGreaterThanOrEqual(200);
  expect(reply.status, `${sent}: server error`).toBeLessThan(500);
  for (const [name, value] of reply.headers) {
    expect(KNOWN_HEADERS.has(name), `${sent}: unexpected header ${name}: ${value}`).toBe(true);
    expect(value, `${sent}: control character in ${name}`).not.toMatch(/[\0-\x1f\x7f]/);
  }
  const location = reply.header("location");
  if (location !== undefined) {
    expect(location, `${sent}: Location`).not.toMatch(/[\\\s]/);
    const resolved = new URL(location, ORIGIN);
    const offSite = resolved.origin !== ORIGIN;
    expect(offSite && !CONFIGURED_EXTERNAL.has(resolved.origin), `${sent}: Location ${location} leaves the site`).toBe(false);
    if (location.startsWith("/")) expect(location, `${sent}: protocol-relative Location`).not.toMatch(/^\/[/\\]/);
  }
  const body = reply.body.toString("latin1");
  for (const marker of OUTSIDE_ROOT) expect(body.includes(marker), `${sent}: body holds "${marker}"`).toBe(false);
}
