import { createRequire } from "node:module";
import type * as ShikiCore from "shiki/core";
import type { HighlighterCore, LanguageRegistration, ShikiTransformer } from "shiki/core";
import type * as ShikiEngine from "shiki/engine/javascript";

/**
 * Code highlighting when content is loaded (a release, a preview): shiki's
 * grammars tokenise each block and every token gets a class by its type
 * (keyword, string, comment…); app/styles/code-highlight.css colours the
 * classes with the site's tokens. No highlighter reaches the browser and no
 * inline styles reach the HTML. Pages rendered on request read content a
 * release has already loaded, so the serving process never starts shiki, and
 * never loads it: shiki and its grammars are required on first use (their
 * modules alone held 4 MB of heap and 20 MB of memory in every process).
 */
const require = createRequire(import.meta.url);
const LANGUAGE_MODULES = ["bash", "css", "html", "javascript", "json", "python", "sql", "typescript", "yaml"] as const;

type Shiki = { highlighter: HighlighterCore; names: ReadonlySet<string>; canonical: ReadonlyMap<string, string> };
let loaded: Shiki | null = null;

function shiki(): Shiki {
  if (loaded) return loaded;
  const core = require("shiki/core") as typeof ShikiCore;
  const { createJavaScriptRegexEngine } = require("shiki/engine/javascript") as typeof ShikiEngine;
  const languages = LANGUAGE_MODULES.map((name) => (require(`@shikijs/langs/${name}`) as { default: LanguageRegistration[] }).default);
  const theme = core.createCssVariablesTheme({ name: "site", variablePrefix: "--code-", fontStyle: false });
  const highlighter = core.createHighlighterCoreSync({ themes: [theme], langs: languages, engine: createJavaScriptRegexEngine({ forgiving: true }) });
  const named = languages.flat().flatMap((lang) => [lang.name, ...(lang.aliases ?? [])].map((name) => [name, lang.name] as const));
  loaded = { highlighter, names: new Set(named.map(([name]) => name)), canonical: new Map(named) };
  return loaded;
}

/** A few lines of what texts show in each language: keywords, strings, comments, calls, nesting. */
export const WARM_UP_CODE: Record<string, string> = {
  javascript: "// комментарий\nconst key = `a_${order.id}`;\nfunction send(order) {\n  if (sessionStorage.getItem(key)) return;\n  window.dataLayer.push({ ecommerce: { currencyCode: \"RUB\", items: order.items.map((item) => ({ id: item.sku, price: item.price * 2 })) } });\n}\n",
  typescript: "type Row = { id: number; name?: string };\nexport async function load(rows: Row[]): Promise<string[]> {\n  return rows.filter((r) => r.id > 0).map((r) => `${r.name ?? \"\"}`); // c\n}\n",
  python: "import pandas as pd\n\ndef report(df: pd.DataFrame) -> dict:\n    \"\"\"Сводка.\"\"\"\n    return {k: v for k, v in df.groupby(\"source\")[\"revenue\"].sum().items() if v > 0}  # c\n",
  sql: "SELECT source, COUNT(*) AS visits, SUM(revenue) / NULLIF(COUNT(DISTINCT user_id), 0) AS arpu\nFROM visits v JOIN orders o ON o.visit_id = v.id\nWHERE date >= '2026-01-01' -- c\nGROUP BY source ORDER BY visits DESC LIMIT 10;\n",
  bash: "#!/bin/bash\nfor f in *.csv; do echo \"$f\" | grep -v '^#' > \"out/${f%.csv}.txt\"; done && npm run build\n",
  json: "{\"event\": \"purchase\", \"items\": [{\"id\": 1, \"price\": 9.5, \"ok\": true, \"coupon\": null}]}\n",
  yaml: "name: report # c\non:\n  schedule:\n    - cron: \"0 6 * * 1\"\nsteps: [build, test]\n",
  html: "<!doctype html>\n<div class=\"a\" data-x='1'><script>const x = 1;</script><style>.a { color: red; }</style><!-- c --></div>\n",
  css: ".card > a:hover, .card:focus-within { color: var(--accent); margin: 0 calc(1rem + 2px); } /* c */\n@media (min-width: 48rem) { .card { display: grid; } }\n",
};

/** Languages this process has compiled. */
const warmed = new Set<string>();
/** An opening fence and its language word (CommonMark: up to three spaces, three or more ` or ~). */
const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/**
 * The languages a text's code blocks are in, not yet compiled by this
 * process: the studio's Markdown worker compiles them (compileLanguages)
 * before it starts a text's clock, so the time limit counts the text alone.
 */
export function languagesToCompile(markdown: string): string[] {
  const found = new Set<string>();
  const matches = [...markdown.matchAll(FENCE)];
  if (matches.length === 0) return [];
  // Each name or alias a fence may use → the language whose lines WARM_UP_CODE holds.
  const { canonical } = shiki();
  for (const match of matches) {
    const language = canonical.get(match[1]!.toLowerCase());
    if (language && !warmed.has(language) && language in WARM_UP_CODE) found.add(language);
  }
  return [...found];
}

/**
 * Compiles these languages' grammars with a few typical lines of each: the
 * first code a process highlights in a language compiles that grammar's
 * expressions as they are met, over a second for a text with code on a busy
 * machine. Done per language when a text first needs it, not all at a
 * worker's start: a start then costs no CPU beside the pages being served
 * (server/studio/content/markdown-worker.ts).
 */
export function compileLanguages(languages: readonly string[]): void {
  for (const language of languages) {
    const code = WARM_UP_CODE[language];
    if (code !== undefined && !warmed.has(language)) highlightCode(code, language);
    warmed.add(language);
  }
}

const TOKEN_COLOR = /^color:var\(--code-token-([a-z-]+)\)$/;

/**
 * Shiki stops tokenising a line after 500 ms by default and leaves the rest
 * of it as one token. The first line a process highlights also compiles the
 * grammar's expressions, which on a busy machine took longer than that: the
 * same page came out differently from one release to the next. The limit
 * stays, against a pathological line, but far above any honest one.
 */
const TOKENIZE_TIME_LIMIT_MS = 10_000;

/**
 * Inline colours → `code-<type>` classes; the block is kept out of typography
 * and, as it scrolls sideways when lines are long, takes keyboard focus.
 */
const toClasses: ShikiTransformer = {
  pre(node) {
    node.properties = { class: "code-block no-typografy", "data-lang": this.options.lang, tabindex: "0" };
  },
  span(node) {
    const style = typeof node.properties.style === "string" ? node.properties.style : "";
    delete node.properties.style;
    const type = TOKEN_COLOR.exec(style)?.[1];
    if (type) node.properties.class = `code-${type}`;
  },
};

/** Blocks already highlighted by this process, by language and code. */
const highlighted = new Map<string, string>();

export function highlightLanguages(): string[] {
  return [...shiki().names].sort();
}

/** Highlighted HTML (`<pre class="code-block"><code>…`) for one fenced block. */
export function highlightCode(code: string, lang: string | undefined): string {
  const language = lang?.trim().toLowerCase();
  if (!language || !shiki().names.has(language)) {
    throw new Error(
      `блок кода ${language ? `на «${language}»` : "без языка"} не подсветить: ` +
        `после открывающих \`\`\` укажите один из языков: ${highlightLanguages().join(", ")}`,
    );
  }
  const key = `${language}\0${code}`;
  let html = highlighted.get(key);
  if (html === undefined) {
    html = shiki().highlighter.codeToHtml(code, { lang: language, theme: "site", transformers: [toClasses], tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
    highlighted.set(key, html);
  }
  return html;
}
