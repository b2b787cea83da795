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

/**
 * Valid Markdown that is hard to model: HTML blocks in quotes and lists at several depths, blocks
 * where few expect them, definitions, empty items, nesting past markdown-it's limit, odd line ends
 * (issue 53). Each must open in the visual editor and come back unedited byte for byte.
 */
export const HOSTILE_MARKDOWN: Readonly<Record<string, string>> = {
  "HTML block in a quote": "> <div>\n> Текст\n> </div>\n",
  "HTML block in a list": "- <div>x</div>\n",
  "HTML block in a numbered item, then text": "1. <details>\n\n   <summary>Итог</summary>\n   </details>\n\nДальше\n",
  "HTML block in a list in a quote": "> - > <div>x</div>\n",
  "HTML block three lists deep": "- - - <div>глубоко</div>\n",
  "HTML block four quotes deep": "> > > > <section>\n> > > > текст\n",
  "HTML comment in a list item": "- пункт\n\n  <!-- заметка -->\n- ещё\n",
  "script in a quote": "> <script>alert(1)</script>\n",
  "pre left open in a list": "- <pre>\n  код\n",
  "HTML block in a quote, lazy line after": "> <div>\nленивое продолжение\n",
  "processing instruction, CDATA and a doctype in items": "- <?php echo 1; ?>\n- <![CDATA[x]]>\n- <!DOCTYPE html>\n",
  "unterminated comment, then a list": "<!-- не закрыт\n\n- a\n",
  "HTML block after a tab in an item": "-\t<div>x</div>\n",
  "HTML block in a nested numbered list": "1. a\n   - <div>b</div>\n2. c\n",
  "inline HTML in a table cell": "| a |\n| --- |\n| <b>x</b> |\n",
  "inline HTML in a heading in a quote": "> ## Заголовок <span>x</span>\n",
  "code fence in a list": "- ```sql\n  select 1;\n  ```\n",
  "code fence left open in a quote": "> ```\n> код\n",
  "indented code in a list item": "-     код\n",
  "headings in a quote": "> # Заголовок\n>\n> ## Ещё\n",
  "setext heading in a list": "- Заголовок\n  ---\n",
  "rules in a list": "- ---\n- ***\n",
  "link definitions": "[сайт]: https://example.com\n\n[сайт] и [сайт][]\n",
  "link definition in a quote": "> [a]: /b\n\n[a]\n",
  "link definition in a list": "- [a]: /b\n\n[a]\n",
  "image in a heading": "# ![Логотип](/uploads/a.png) Заголовок\n",
  "image in a link in a table cell": "| a |\n| --- |\n| [![x](/uploads/a.png)](/b/) |\n",
  "empty items and an empty quote": "-\n-\n- \n\n1.\n2.\n\n>\n",
  "table in a list": "- | a | b |\n  | --- | --- |\n  | 1 | 2 |\n",
  "table in a quote in a list": "- > | a |\n  > | --- |\n  > | 1 |\n",
  "hard breaks in a quote": "> строка  \n> ещё\\\n> и\n",
  "entities and escapes": "&lt;div&gt; \\<div> &amp; &#0; &#x110000;\n",
  "footnote syntax (not enabled)": "Текст[^1]\n\n[^1]: сноска\n",
  "autolinks": "<https://example.com> <mailto:a@b.c>\n",
  "quotes past the nesting limit": `${"> ".repeat(40)}<div>x</div>\n`,
  "lists past the nesting limit": `${"- ".repeat(40)}x\n`,
  "emphasis past the nesting limit": `${"*".repeat(200)}x${"*".repeat(200)}\n`,
  "carriage returns": "a\r\n\r\n> <div>\r\n> x\r\n",
  "NUL and a BOM": "\ufeff\u0000<div>\u0000</div>\n- \u0000\n",
  "everything in one item": "- > ```js\n  > x\n  > ```\n  > <div>y</div>\n  >\n  > | a |\n  > | --- |\n  > | 1 |\n",
};
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
