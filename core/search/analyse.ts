/**
 * One page (or custom record) as the index sees it: its text cut into
 * blocks, each with the part of the page it belongs to and its terms. Pure
 * and JSON-serialisable, so a release can keep the result per page and
 * analyse only the pages that changed; everything that depends on other
 * pages (which blocks repeat across the site, the weights) is decided when
 * the index is assembled (assemble.ts).
 */
import { createHash } from "node:crypto";
import { type HTMLElement, type Node, NodeType, parse } from "node-html-parser";
import type { Fact } from "./facts.ts";
import { KIND_LABELS, type SearchKind } from "./kinds.ts";
import { tokens } from "./words.ts";

/**
 * Parts of a page, from the one that says most about what the page is:
 * - name: what the site calls the page (its current breadcrumb, a case's client);
 * - title: its `<h1>`;
 * - lead: the paragraph right after the `<h1>`;
 * - heading: its other headings;
 * - body: everything else in `<main>`;
 * - kind: what the result is («Вакансия», «Отзыв»), so «отзыв медлиния» finds the review.
 */
export const FIELDS = ["name", "title", "lead", "heading", "body", "kind"] as const;
export type Field = (typeof FIELDS)[number];

export type AnalysedBlock = {
  field: Field;
  /** As the visitor reads it: excerpts are cut from these. */
  text: string;
  /** Its meaningful words in order, as positions in the page's `terms`. */
  terms: number[];
  /** Identifies the same text on other pages (a hash of the terms). */
  key: string;
  /** A searched field of the page's entry (facts.ts): weighed, but not cut into excerpts, since the page shows it elsewhere. */
  fact?: true;
};

export type AnalysedDoc = {
  url: string;
  kind: SearchKind;
  /** What a result shows as its link. */
  title: string;
  /** Every distinct term of the page, once: blocks point into this list, so assembly looks each up once per page. */
  terms: string[];
  blocks: AnalysedBlock[];
  /** A hash of everything above: two analyses with one hash are the same, so assembly compares pages without reading them. */
  hash: string;
};

/**
 * What assembly needs of every page, whether or not its files are written:
 * which blocks it has (to find the furniture) and the hash of its analysis (its
 * signature). A fraction of the analysis: a release keeps the outlines of all
 * pages in one small file, the analyses themselves where it can load them when
 * a page's postings or record must be written (server/releases/search.ts).
 */
export type DocOutline = Pick<AnalysedDoc, "url" | "kind" | "hash"> & { blocks: ReadonlyArray<Pick<AnalysedBlock, "key" | "field">> };

export function outlineOf(doc: AnalysedDoc): DocOutline {
  return { url: doc.url, kind: doc.kind, hash: doc.hash, blocks: doc.blocks.map(({ key, field }) => ({ key, field })) };
}

/** Raised whenever analysis would give another result for the same page: cached analyses of an older version are stale. */
export const ANALYSIS_VERSION = 2;

/** A block before its terms are numbered. */
type Block = { field: Field; text: string; terms: string[]; key: string; fact?: true };

function block(field: Field, text: string): Block | null {
  const clean = text.replace(/\s+/g, " ").trim();
  const terms = tokens(clean).map((t) => t.term);
  if (terms.length === 0) return null;
  const key = createHash("sha1").update(terms.join(" ")).digest("base64url").slice(0, 12);
  return { field, text: clean, terms, key };
}

function kindBlock(kind: SearchKind): Block | null {
  // Both forms: the stemmer gives «отзыв» and «отзывы» different terms.
  return block("kind", `${KIND_LABELS[kind].one} ${KIND_LABELS[kind].many}`);
}

/**
 * Not content: navigation (breadcrumbs, chips), code that runs, pictures,
 * and forms (labels, options and buttons are the same on every page that
 * has the form).
 */
const SKIPPED = new Set(["nav", "script", "style", "template", "svg", "noscript", "form", "button", "select", "textarea", "input"]);

/** Elements that end the text before them: a block's words never run into the next block's. */
const BLOCK_TAGS = new Set(
  "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main ol p pre section summary table tbody td tfoot th thead tr ul".split(" "),
);

/** Headings, and the visible label of a disclosure (a question of a FAQ list). */
const HEADING = /^(h[2-6]|summary)$/;

/** Blocks of `main`, each labelled title, lead, heading or body. */
function mainBlocks(main: HTMLElement): Block[] {
  const h1 = main.querySelector("h1");
  const next = h1?.nextElementSibling;
  const lead = next?.tagName === "P" ? next : null;
  const out: Block[] = [];
  let field: Field = "body";
  let parts: string[] = [];
  const flush = () => {
    const b = block(field, parts.join(""));
    if (b) out.push(b);
    parts = [];
  };
  const walk = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      parts.push(node.text);
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? "";
    if (SKIPPED.has(tag) || element.getAttribute("aria-hidden") === "true") return;
    if (!BLOCK_TAGS.has(tag)) {
      for (const child of element.childNodes) walk(child);
      return;
    }
    flush();
    const outer = field;
    if (element === h1) field = "title";
    else if (element === lead) field = "lead";
    else if (HEADING.test(tag)) field = "heading";
    for (const child of element.childNodes) walk(child);
    flush();
    field = outer;
  };
  walk(main);
  return out;
}

export type PageInput = {
  /** The prerendered page. */
  html: string;
  url: string;
  kind: SearchKind;
  /** Names the site gives the page besides its breadcrumb. */
  names?: readonly string[];
  /** Its entry's searched fields (core/search/facts.ts), each counted as the part its schema says. */
  facts?: readonly Fact[];
};

/**
 * A prerendered page: only `<main>` is content (header, footer and the site's
 * navigation are not). Fails for a page without `<main>` or `<h1>` rather
 * than indexing the wrong text.
 */
export function analysePage({ html, url, kind, names = [], facts = [] }: PageInput): AnalysedDoc {
  const main = parse(html).querySelector("main");
  if (!main) throw new Error(`search index: ${url} has no <main> element`);
  const title = main.querySelector("h1")?.textContent.replace(/\s+/g, " ").trim();
  if (!title) throw new Error(`search index: ${url} has no <h1> in <main>`);
  // The breadcrumb of the page itself is the short name the site uses for it («ASO», «Контакты»).
  const crumb = main.querySelector('nav [aria-current="page"]')?.textContent ?? "";
  const heads = [crumb, ...names].map((n) => block("name", n));
  return analysed(url, kind, title, [...heads, ...factBlocks(facts), kindBlock(kind), ...mainBlocks(main)]);
}

function analysed(url: string, kind: SearchKind, title: string, blocks: Array<Block | null>): AnalysedDoc {
  const positions = new Map<string, number>();
  const terms: string[] = [];
  const position = (t: string) => positions.get(t) ?? (positions.set(t, terms.push(t) - 1).get(t) as number);
  const numbered = blocks.filter((b) => b !== null).map((b): AnalysedBlock => ({ ...b, terms: b.terms.map(position) }));
  const hash = createHash("sha1").update(JSON.stringify([ANALYSIS_VERSION, url, kind, title, terms, numbered])).digest("base64url");
  return { url, kind, title, terms, blocks: numbered, hash };
}

export type RecordInput = {
  url: string;
  kind: SearchKind;
  title: string;
  /** The sentence that says what it is about (an event's description). */
  lead?: string;
  /** Further text, as plain text, one block each. */
  body: ReadonlyArray<string | undefined>;
  names?: readonly string[];
  facts?: readonly Fact[];
};

/** An entry's searched fields as blocks of the parts their schema names. */
function factBlocks(facts: readonly Fact[]): Array<Block | null> {
  return facts.map((fact) => {
    const b = block(fact.part, fact.text);
    return b ? { ...b, fact: true } : null;
  });
}

/** A result without a page of its own (an event, a question), from its content. */
export function analyseRecord({ url, kind, title, lead, body, names = [], facts = [] }: RecordInput): AnalysedDoc {
  return analysed(url, kind, title, [
    ...names.map((n) => block("name", n)),
    ...factBlocks(facts),
    kindBlock(kind),
    block("title", title),
    lead ? block("lead", lead) : null,
    ...body.map((text) => (text ? block("body", text) : null)),
  ]);
}
