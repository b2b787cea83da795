import { createCssVariablesTheme, createHighlighterCoreSync, type HighlighterCore, type ShikiTransformer } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import bash from "@shikijs/langs/bash";
import css from "@shikijs/langs/css";
import html from "@shikijs/langs/html";
import javascript from "@shikijs/langs/javascript";
import json from "@shikijs/langs/json";
import python from "@shikijs/langs/python";
import sql from "@shikijs/langs/sql";
import typescript from "@shikijs/langs/typescript";
import yaml from "@shikijs/langs/yaml";

/**
 * Code highlighting when content is loaded (a release, a preview): shiki's
 * grammars tokenise each block and every token gets a class by its type
 * (keyword, string, comment…); app/content/code-highlight.css colours the
 * classes with the site's tokens. No highlighter reaches the browser and no
 * inline styles reach the HTML. Pages rendered on request read content a
 * release has already loaded, so the serving process never starts shiki.
 */
const LANGUAGES = [bash, css, html, javascript, json, python, sql, typescript, yaml];
const LANGUAGE_NAMES = new Set(LANGUAGES.flat().flatMap((lang) => [lang.name, ...(lang.aliases ?? [])]));

const theme = createCssVariablesTheme({ name: "site", variablePrefix: "--code-", fontStyle: false });

let highlighter: HighlighterCore | null = null;

function shiki(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({
    themes: [theme],
    langs: LANGUAGES,
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
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
  return [...LANGUAGE_NAMES].sort();
}

/** Highlighted HTML (`<pre class="code-block"><code>…`) for one fenced block. */
export function highlightCode(code: string, lang: string | undefined): string {
  const language = lang?.trim().toLowerCase();
  if (!language || !LANGUAGE_NAMES.has(language)) {
    throw new Error(
      `блок кода ${language ? `на «${language}»` : "без языка"} не подсветить: ` +
        `после открывающих \`\`\` укажите один из языков: ${highlightLanguages().join(", ")}`,
    );
  }
  const key = `${language}\0${code}`;
  let html = highlighted.get(key);
  if (html === undefined) {
    html = shiki().codeToHtml(code, { lang: language, theme: "site", transformers: [toClasses], tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
    highlighted.set(key, html);
  }
  return html;
}
