import { createCssVariablesTheme, createHighlighterCoreSync, type ShikiTransformer } from "shiki/core";
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
 * Code highlighting at build time (prerender): shiki's grammars tokenise each
 * block and every token gets a class by its type (keyword, string, comment…);
 * app/content/code-highlight.css colours the classes with the site's tokens.
 * No highlighter reaches the browser and no inline styles reach the HTML.
 */
const theme = createCssVariablesTheme({ name: "site", variablePrefix: "--code-", fontStyle: false });

const highlighter = createHighlighterCoreSync({
  themes: [theme],
  langs: [bash, css, html, javascript, json, python, sql, typescript, yaml],
  engine: createJavaScriptRegexEngine({ forgiving: true }),
});

const TOKEN_COLOR = /^color:var\(--code-token-([a-z-]+)\)$/;

/** Inline colours → `code-<type>` classes; the block is kept out of typography. */
const toClasses: ShikiTransformer = {
  pre(node) {
    node.properties = { class: "code-block no-typografy", "data-lang": this.options.lang };
  },
  span(node) {
    const style = typeof node.properties.style === "string" ? node.properties.style : "";
    delete node.properties.style;
    const type = TOKEN_COLOR.exec(style)?.[1];
    if (type) node.properties.class = `code-${type}`;
  },
};

export function highlightLanguages(): string[] {
  return highlighter.getLoadedLanguages().sort();
}

/** Highlighted HTML (`<pre class="code-block"><code>…`) for one fenced block. */
export function highlightCode(code: string, lang: string | undefined): string {
  const language = lang?.trim().toLowerCase();
  if (!language || !highlighter.getLoadedLanguages().includes(language)) {
    throw new Error(
      `a code block ${language ? `in "${language}"` : "without a language"} cannot be highlighted: ` +
        `write one of ${highlightLanguages().join(", ")} after the opening fence`,
    );
  }
  return highlighter.codeToHtml(code, { lang: language, theme: "site", transformers: [toClasses] });
}
