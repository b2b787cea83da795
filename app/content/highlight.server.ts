import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
import { BUILD_DIR } from "../config/paths.server.ts";

/**
 * Code highlighting at build time (prerender): shiki's grammars tokenise each
 * block and every token gets a class by its type (keyword, string, comment…);
 * app/content/code-highlight.css colours the classes with the site's tokens.
 * No highlighter reaches the browser and no inline styles reach the HTML.
 *
 * The server renders pages on request from the same content, so the build
 * also writes every highlighted block to build/server/code-highlight.json:
 * the running server reads it and starts shiki (a few hundred ms of grammar
 * compilation, blocking) only for a block the build has not seen.
 */
const LANGUAGES = [bash, css, html, javascript, json, python, sql, typescript, yaml];
const LANGUAGE_NAMES = new Set(LANGUAGES.flat().flatMap((lang) => [lang.name, ...(lang.aliases ?? [])]));

export const HIGHLIGHT_CACHE_FILE = join(BUILD_DIR, "server", "code-highlight.json");

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

function cacheKey(lang: string, code: string): string {
  return createHash("sha256").update(lang).update("\0").update(code).digest("base64url");
}

function readCache(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(HIGHLIGHT_CACHE_FILE, "utf8")) as Record<string, string>));
  } catch {
    return new Map();
  }
}

// Read on first use, so a build can remove the previous build's file before anything reads it.
let built: Map<string, string> | null = null;
const highlighted = new Map<string, string>();

export function highlightLanguages(): string[] {
  return [...LANGUAGE_NAMES].sort();
}

/** Highlighted HTML (`<pre class="code-block"><code>…`) for one fenced block. */
export function highlightCode(code: string, lang: string | undefined): string {
  const language = lang?.trim().toLowerCase();
  if (!language || !LANGUAGE_NAMES.has(language)) {
    throw new Error(
      `a code block ${language ? `in "${language}"` : "without a language"} cannot be highlighted: ` +
        `write one of ${highlightLanguages().join(", ")} after the opening fence`,
    );
  }
  const key = cacheKey(language, code);
  built ??= readCache();
  const html = built.get(key) ?? shiki().codeToHtml(code, { lang: language, theme: "site", transformers: [toClasses] });
  highlighted.set(key, html);
  return html;
}

/** Every block highlighted by this process, for the build's cache file. */
export function highlightedBlocks(): Record<string, string> {
  return Object.fromEntries(highlighted);
}
