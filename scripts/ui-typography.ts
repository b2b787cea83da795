import ts from "typescript";
import Typograf from "typograf";
import type { Plugin } from "vite";

/**
 * Typography for UI strings: text written in components and constants
 * ("О компании", "Редакция от ${date}") gets the spec's short-word rule at
 * build time, the way content gets it at load (core/content/typography.server.ts):
 * a word of one or two letters is bound to the next word with U+00A0, and a
 * particle (ли, же, бы…) to the word before it. Server and browser bundles get
 * the same text, so hydration is untouched and no typographer ships.
 *
 * Deliberately narrow: only strings with Cyrillic letters, and only ever an
 * ordinary space turned into U+00A0 (anything else typograf would change is
 * left alone). Elements with class "no-typografy" are skipped.
 */
const binder = new Typograf({ locale: ["ru", "en-US"], htmlEntity: { type: "default" } });
binder.disableRule("*");
binder.enableRule(["common/nbsp/afterShortWord", "ru/nbsp/beforeParticle"]);

const CYRILLIC = /[а-яё]/i;
const NBSP = "\u00a0";
// Entities stay as written (typograf would decode them).
const AMPERSAND_STAND_IN = "\ue000";

/** Binds short words in `text`; the result differs from it only where a space became U+00A0. */
export function bindShortWords(text: string): string {
  if (!CYRILLIC.test(text) || !text.includes(" ") || text.includes(AMPERSAND_STAND_IN)) return text;
  const bound = binder.execute(text.replaceAll("&", AMPERSAND_STAND_IN)).replaceAll(AMPERSAND_STAND_IN, "&");
  if (bound.length !== text.length) return text;
  for (let i = 0; i < text.length; i += 1) {
    if (bound[i] !== text[i] && !(text[i] === " " && bound[i] === NBSP)) return text;
  }
  return bound;
}

/** JSX text as React renders it: lines trimmed and joined by one space (Babel's rule). */
export function jsxTextValue(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let lastNonEmpty = 0;
  lines.forEach((line, i) => {
    if (/[^ \t]/.test(line)) lastNonEmpty = i;
  });
  let value = "";
  lines.forEach((line, i) => {
    let text = line.replace(/\t/g, " ");
    if (i !== 0) text = text.replace(/^[ ]+/, "");
    if (i !== lines.length - 1) text = text.replace(/[ ]+$/, "");
    if (!text) return;
    value += i !== lastNonEmpty ? `${text} ` : text;
  });
  return value;
}

function hasNoTypografyClass(element: ts.JsxOpeningLikeElement): boolean {
  return element.attributes.properties.some(
    (attribute) =>
      ts.isJsxAttribute(attribute) &&
      attribute.name.getText() === "className" &&
      attribute.initializer !== undefined &&
      /\bno-typografy\b/.test(attribute.initializer.getText()),
  );
}

function isRegExpCall(node: ts.Node): boolean {
  return (ts.isCallExpression(node) || ts.isNewExpression(node)) && node.expression.getText() === "RegExp";
}

type Edit = { start: number; end: number; text: string };

/** The named entities the studio's and the site's JSX text uses; text with any other is left as written. */
const NAMED_ENTITIES: Record<string, string> = { nbsp: "\u00a0", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", laquo: "«", raquo: "»", mdash: "—", ndash: "–", hellip: "…", thinsp: "\u2009", shy: "\u00ad" };

/** JSX text with its entities decoded as the JSX transform does; null when it holds one not known here. */
export function decodeJsxEntities(text: string): string | null {
  let unknown = false;
  const decoded = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const point = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : ((unknown = true), entity);
    }
    const known = NAMED_ENTITIES[name];
    if (known === undefined) unknown = true;
    return known ?? entity;
  });
  return unknown ? null : decoded;
}

/** Source with UI strings typographed, or null when nothing changes. */
export function typographSource(code: string, fileName: string): string | null {
  if (!CYRILLIC.test(code)) return null;
  const kind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || isRegExpCall(node)) return;
    if (ts.isJsxElement(node) && hasNoTypografyClass(node.openingElement)) return;
    if (ts.isJsxSelfClosingElement(node) && hasNoTypografyClass(node)) return;
    if (ts.isPropertyAssignment(node)) {
      // Keys are names, not text.
      visit(node.initializer);
      return;
    }
    if (ts.isJsxText(node)) {
      const raw = code.slice(node.pos, node.end);
      // The text as React receives it: JSX decodes its entities («в&nbsp;записях»), a string would not.
      const value = decodeJsxEntities(jsxTextValue(raw));
      if (value === null) return;
      const bound = bindShortWords(value);
      // As an expression ({"…"}) the exact rendered string is kept; the line breaks after it
      // keep every following line where it was (whitespace-only JSX text with a break renders nothing).
      const lineBreaks = raw.match(/\r\n|\n|\r/g)?.length ?? 0;
      if (bound !== value) edits.push({ start: node.pos, end: node.end, text: `{${JSON.stringify(bound)}}${"\n".repeat(lineBreaks)}` });
      return;
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      // The text between the delimiters: ' " ` at both ends, `}` before and `${` after template parts.
      const start = node.getStart(source) + 1;
      const end = node.end - (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? 2 : 1);
      const raw = code.slice(start, end);
      const bound = bindShortWords(raw);
      if (bound !== raw) edits.push({ start, end, text: bound });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * Vite plugin: runs on the project's own TypeScript before any other transform, for every bundle
 * alike: the site (app/), the core (form messages, content labels), the studio's screens
 * (studio/) and the server's words (server/: the studio API's errors, letters, the journal, the
 * publisher's lines), which reach people as they are.
 */
export function uiTypography(): Plugin {
  return {
    name: "ui-typography",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\/(app|core|server|studio)\/.*\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file.includes("/node_modules/")) return null;
      const out = typographSource(code, file);
      return out === null ? null : { code: out, map: null };
    },
  };
}
