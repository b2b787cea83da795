import { Lexer, type Token, type Tokens } from "marked";

/**
 * Links to one page of the site inside Markdown, found and rewritten in the
 * text's own source (decision 031): only the link's target changes, from the
 * old address to the new, keeping its text, its anchor and query, whether it
 * ends with a slash, and the site's origin when it was written with one.
 * Code (blocks and inline) and raw HTML are left as they are.
 */
export type Move = { from: string; to: string; origins: readonly string[] };

/** The part of `href` that names `from` (with the origin it was written with), or null when it names another page. */
export function pageOf(href: string, move: Move): string | null {
  const trimmed = href.trim();
  const origin = move.origins.find((o) => trimmed.startsWith(`${o}/`)) ?? "";
  const path = trimmed.slice(origin.length);
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const base = path.split(/[?#]/)[0] as string;
  return base === move.from || `${base}/` === move.from ? origin + base : null;
}

/** Whether `href` leads to `from` (as in `[кейс](/projects/cases/x/#итоги)`). */
export const leadsTo = (href: string, move: Move) => pageOf(href, move) !== null;

type Leaf = { raw: string; href: string | null; tail: "all" | "after" };

/** Tokens in source order that either must not be touched (code, HTML) or are links; links are not entered. */
function leaves(tokens: readonly Token[], out: Leaf[] = []): Leaf[] {
  for (const token of tokens) {
    if (token.type === "code" || token.type === "codespan" || token.type === "html") out.push({ raw: token.raw, href: null, tail: "all" });
    else if (token.type === "link") out.push({ raw: token.raw, href: (token as Tokens.Link).href, tail: token.raw.startsWith("[") ? "after" : "all" });
    else if (token.type === "def") out.push({ raw: token.raw, href: (token as Tokens.Def).href, tail: "after" });
    else if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) leaves(cell.tokens, out);
    } else {
      if ("items" in token && Array.isArray(token.items)) leaves(token.items as Token[], out);
      if ("tokens" in token && Array.isArray(token.tokens)) leaves(token.tokens, out);
    }
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The link's raw text with `written` (the old page as written) replaced by the new one, in its target only. */
function retarget(raw: string, tail: Leaf["tail"], written: string, move: Move): string {
  const replacement = written.slice(0, written.length - written.replace(/^https?:\/\/[^/]+/, "").length) + (written.endsWith("/") ? move.to : move.to.replace(/\/$/, ""));
  // `[text](target)` and `[id]: target`: the target follows the last "](" or "]:"; an autolink is all target.
  const at = tail === "after" ? Math.max(raw.lastIndexOf("]("), raw.lastIndexOf("]:")) : 0;
  const head = raw.slice(0, Math.max(at, 0));
  const target = raw.slice(Math.max(at, 0));
  return head + target.replace(new RegExp(`${escape(written)}(?![\\w\\-/.%~])`, "g"), replacement);
}

/** A whole address (a field that holds one page of the site) moved, or null when it names another page. */
export function movedAddress(value: string, move: Move): string | null {
  const written = pageOf(value, move);
  return written === null ? null : retarget(value, "all", written, move);
}

/** The text with every link to `move.from` leading to `move.to`, and how many links led there. */
export function rewriteLinks(markdown: string, move: Move): { text: string; count: number } {
  if (!move.origins.some((o) => markdown.includes(o)) && !markdown.includes(move.from.replace(/\/$/, ""))) return { text: markdown, count: 0 };
  const found = leaves(new Lexer({ gfm: true }).lex(markdown));
  let cursor = 0;
  let out = "";
  let count = 0;
  for (const leaf of found) {
    const at = markdown.indexOf(leaf.raw, cursor);
    if (at < 0) continue;
    const written = leaf.href === null ? null : pageOf(leaf.href, move);
    const replaced = written === null ? leaf.raw : retarget(leaf.raw, leaf.tail, written, move);
    if (written !== null) count += 1;
    out += markdown.slice(cursor, at) + replaced;
    cursor = at + leaf.raw.length;
  }
  return { text: out + markdown.slice(cursor), count };
}
