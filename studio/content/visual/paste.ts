import { Fragment, type Mark, Slice, type Node as ProseNode } from "prosemirror-model";
import { LINK } from "./commands.ts";
import { schema } from "./markdown.ts";

/**
 * A paste from Word, Google Docs or a web page keeps exactly the bold, italic, headings, lists,
 * links and tables the source showed, and nothing of its styling (decision 033). Two steps, both
 * ProseMirror's own paste hooks: `cleanPastedHtml` (transformPastedHTML) makes the source's
 * styling into the tags the schema's parse rules read, and `normalizePasted` (transformPasted)
 * brings what they made to the content's own shape.
 */

const { nodes, marks } = schema;

/**
 * A style attribute's declarations by their exact property name, lowercased: `font-weight` is
 * the font's weight, Word's `mso-bidi-font-weight` (the weight of right-to-left script) is not.
 */
export function declarations(style: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, "")
      .trim()
      .toLowerCase();
    if (property && value) found.set(property, value);
  }
  return found;
}

/** Whether a `font-weight` shows as bold (semibold and heavier), and whether one shows as not bold. */
const isBold = (weight: string | undefined) => weight !== undefined && /^(bold|bolder|[6-9]00)$/.test(weight);
const isNotBold = (weight: string | undefined) => weight !== undefined && /^(normal|lighter|[1-5]00)$/.test(weight);
const isItalic = (fontStyle: string | undefined) => fontStyle !== undefined && /^(italic|oblique)/.test(fontStyle);

const STYLE = "data-paste-style";
const unwrap = (element: Element) => element.replaceWith(...element.childNodes);

function wrapChildren(element: Element, tag: string): void {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

/**
 * Bold and italic as the style said them: a span of weight 700 (Google Docs) gets <strong>, a <b>
 * of weight normal (Google Docs' wrapper around everything) is unwrapped; likewise italic. Then the
 * style goes. A heading's weight is the heading's own (its text is never made bold).
 */
function styleToTags(doc: Document): void {
  for (const element of [...doc.body.querySelectorAll(`[${STYLE}]`)]) {
    const style = declarations(element.getAttribute(STYLE) ?? "");
    element.removeAttribute(STYLE);
    const tag = element.tagName;
    const weight = style.get("font-weight");
    const fontStyle = style.get("font-style");
    if ((tag === "B" || tag === "STRONG") && isNotBold(weight)) {
      unwrap(element);
      continue;
    }
    if ((tag === "I" || tag === "EM") && fontStyle === "normal") {
      unwrap(element);
      continue;
    }
    if (/^(H\d|TH|B|STRONG)$/.test(tag)) continue;
    if (isItalic(fontStyle) && tag !== "I" && tag !== "EM") wrapChildren(element, "em");
    if (isBold(weight)) wrapChildren(element, "strong");
  }
}

/** A Word list paragraph's level (1 for the outermost) and whether its marker is a number or a letter. */
function wordListItem(paragraph: Element): { level: number; ordered: boolean } | null {
  const list = declarations(paragraph.getAttribute(STYLE) ?? "").get("mso-list");
  if (!list || list === "ignore") return null;
  const level = Number(/level(\d+)/.exec(list)?.[1] ?? 1);
  // The marker Word writes before the text, in a span of `mso-list: Ignore`: «1.», «a)», «iv.», or a bullet glyph.
  const marker = [...paragraph.querySelectorAll(`[${STYLE}]`)].find((span) => declarations(span.getAttribute(STYLE) ?? "").get("mso-list") === "ignore");
  const text = (marker?.textContent ?? "").replace(/\s/g, "");
  for (const ignored of paragraph.querySelectorAll(`[${STYLE}]`)) if (declarations(ignored.getAttribute(STYLE) ?? "").get("mso-list") === "ignore") ignored.remove();
  return { level, ordered: /^[0-9a-z]{1,5}[.)]$/i.test(text) };
}

/**
 * Word writes a list as paragraphs (`mso-list: l0 level1 lfo1`) with the marker as text to
 * ignore; consecutive ones become one list, nested by their level, numbered where the marker is.
 */
function wordLists(doc: Document): void {
  const stack: Element[] = [];
  let previous: Element | null = null;
  for (const paragraph of [...doc.body.querySelectorAll("p")]) {
    const item = wordListItem(paragraph);
    if (!item) continue;
    if (!previous || paragraph.previousElementSibling !== previous) stack.length = 0;
    const tag = item.ordered ? "OL" : "UL";
    while (stack.length > item.level || (stack.length === item.level && stack.at(-1)?.tagName !== tag)) stack.pop();
    const li = doc.createElement("li");
    const p = doc.createElement("p");
    p.append(...paragraph.childNodes);
    li.append(p);
    while (stack.length < item.level) {
      const list = doc.createElement(tag);
      const parent = stack.at(-1)?.lastElementChild;
      if (parent) parent.append(list);
      else paragraph.before(list);
      stack.push(list);
    }
    stack.at(-1)!.append(li);
    // The paragraph stays in place, empty, until the run ends: the next one finds its neighbour by it.
    paragraph.replaceChildren();
    paragraph.setAttribute("data-word-item", "");
    previous = paragraph;
  }
  for (const paragraph of doc.body.querySelectorAll("p[data-word-item]")) paragraph.remove();
}

/** Rewrites the clipboard's HTML into what the schema's parse rules read as the source showed it. */
export function cleanPastedHtml(html: string): string {
  // Style attributes renamed before parsing: parsed, they would break the studio's CSP (no inline style).
  const unstyled = html.replace(/<style[\s\S]*?<\/style>/gi, "").replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\sstyle=/gi, ` ${STYLE}=`));
  const doc = new DOMParser().parseFromString(unstyled, "text/html");
  // Word's own elements (<o:p>, the paragraph end) hold nothing to keep but their text.
  for (const office of [...doc.body.getElementsByTagName("o:p")]) unwrap(office);
  wordLists(doc);
  styleToTags(doc);
  // Google Docs nests a list straight in a list (<ul><li>…</li><ul>…): it belongs to the item before it.
  for (const nested of [...doc.body.querySelectorAll(":is(ul, ol) > :is(ul, ol)")]) {
    const item = nested.previousElementSibling;
    if (item?.tagName === "LI") item.append(nested);
  }
  // A table cell holds one line of text in Markdown: paragraphs and breaks in a cell become spaces between its text.
  for (const paragraph of doc.body.querySelectorAll("td p, th p")) {
    paragraph.after(doc.createTextNode(" "));
    unwrap(paragraph);
  }
  for (const lineBreak of doc.body.querySelectorAll("td br, th br")) lineBreak.replaceWith(doc.createTextNode(" "));
  return doc.body.innerHTML;
}

const LISTS = new Set([nodes.bullet_list, nodes.ordered_list]);

/**
 * An image comes into a text through «Медиа», with its description: one of its pictures (cut and
 * pasted within a text) stays, a picture pasted from elsewhere is someone else's file and goes.
 */
const fromMedia = (node: ProseNode) => String(node.attrs.src ?? "").startsWith("/uploads/");

/** Whether a paragraph shows nothing: only spaces (Word's &nbsp; paragraphs) and line breaks (Google Docs' <br> between blocks). */
const blank = (node: ProseNode) => node.type === nodes.paragraph && !node.textContent.trim() && !node.content.content.some((child) => child.type === nodes.image);

/** Inline content as pasted text may have it: links only to addresses the site links to, no bold inside a heading. */
function inline(fragment: Fragment, inHeading: boolean): Fragment {
  const children: ProseNode[] = [];
  fragment.forEach((node) => {
    if (node.type === nodes.image && !fromMedia(node)) return;
    const kept = node.marks.filter((mark: Mark) => !(mark.type === marks.link && !LINK.test(String(mark.attrs.href))) && !(inHeading && mark.type === marks.strong));
    children.push(node.isText ? schema.text(node.text ?? "", kept) : node.mark(kept));
  });
  // Breaks at a paragraph's end show nothing (Google Docs ends blocks with them).
  while (children.at(-1)?.type === nodes.hard_break) children.pop();
  return Fragment.fromArray(children);
}

function normalizeFragment(fragment: Fragment, keepFirst = false): Fragment {
  const children: ProseNode[] = [];
  fragment.forEach((node) => {
    if (node.isTextblock) {
      const heading = node.type === nodes.heading;
      // The site's texts use headings 2–4 (the page's title is its only <h1>).
      const attrs = heading ? { ...node.attrs, level: Math.min(4, Math.max(2, Number(node.attrs.level))) } : node.attrs;
      children.push(node.type === nodes.code_block ? node : node.type.create(attrs, inline(node.content, heading), node.marks));
      return;
    }
    if (node.isLeaf) {
      if (node.type !== nodes.image || fromMedia(node)) children.push(node);
      return;
    }
    // Lists tight, as typed ones are (a loose list spaces every item apart on the site).
    const attrs = LISTS.has(node.type) ? { ...node.attrs, tight: true } : node.attrs;
    children.push(node.type.create(attrs, normalizeFragment(node.content, node.type === nodes.list_item), node.marks));
  });
  // Empty paragraphs go, but a list item keeps its first (it must begin with one), and a block keeps one if that is all it has.
  const shown = children.filter((child, i) => (keepFirst && i === 0) || !blank(child));
  return Fragment.fromArray(shown.length > 0 || children.length === 0 ? shown : children.slice(0, 1));
}

/** Whether `depth` levels of the fragment's first (or last) nodes can stay open. */
function opens(fragment: Fragment, depth: number, first: boolean): boolean {
  let inner = fragment;
  for (let d = 0; d < depth; d++) {
    const node = first ? inner.firstChild : inner.lastChild;
    if (!node || node.isLeaf) return false;
    inner = node.content;
  }
  return true;
}

/** What the parse rules made of a paste, in the content's shape: headings 2–4, tight lists, no empty paragraphs or pasted images. */
export function normalizePasted(slice: Slice): Slice {
  const content = normalizeFragment(slice.content);
  if (content.size === 0) return Slice.empty;
  // Where an open edge was an empty paragraph now gone, the slice opens as deep as its new edge allows.
  return opens(content, slice.openStart, true) && opens(content, slice.openEnd, false) ? new Slice(content, slice.openStart, slice.openEnd) : Slice.maxOpen(content);
}
