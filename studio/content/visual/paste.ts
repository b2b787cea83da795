import { Fragment, Slice, type Node as ProseNode } from "prosemirror-model";
import { schema } from "./markdown.ts";

/**
 * What is pasted from Word or Google Docs keeps its structure (headings, lists,
 * links, tables) and loses its styling: the schema's parse rules read only
 * structure; here the HTML is made readable to them first.
 */
export function cleanPastedHtml(html: string): string {
  // Style attributes renamed before parsing: parsed, they would break the studio's CSP (no inline style).
  const unstyled = html
    .replace(/<style[\s\S]*?<\/style>/gi, "")
    .replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\sstyle=/gi, " data-paste-style="));
  const doc = new DOMParser().parseFromString(unstyled, "text/html");
  // Word writes its lists as paragraphs with a bullet or a number in front (class MsoListParagraph…).
  const wordItems = [...doc.querySelectorAll("p[class^='MsoList'], p[data-paste-style*='mso-list']")];
  for (const item of wordItems) {
    if (item.parentElement?.tagName === "LI") continue;
    const text = item.textContent ?? "";
    const ordered = /^\s*\d+[.)]/.test(text);
    for (const marker of item.querySelectorAll("span[data-paste-style*='mso-list:Ignore'], span[data-paste-style*='mso-list: Ignore']")) marker.remove();
    const li = doc.createElement("li");
    li.append(...item.childNodes);
    const previous = item.previousElementSibling;
    const tag = ordered ? "OL" : "UL";
    if (previous && previous.tagName === tag && previous.hasAttribute("data-word-list")) {
      previous.append(li);
      item.remove();
    } else {
      const list = doc.createElement(tag);
      list.setAttribute("data-word-list", "");
      list.append(li);
      item.replaceWith(list);
    }
  }
  // Styling says what is bold or italic (Google Docs: spans with font-weight, a <b> around all that is not
  // bold). It becomes tags, and every style attribute goes: the studio's CSP would refuse them anyway.
  for (const element of [...doc.body.querySelectorAll<HTMLElement>("[data-paste-style]")]) {
    const style = element.getAttribute("data-paste-style") ?? "";
    const weight = /font-weight:\s*(\w+)/i.exec(style)?.[1] ?? "";
    const bold = /^(bold(er)?|[6-9]00)$/i.test(weight);
    const italic = /font-style:\s*italic/i.test(style);
    element.removeAttribute("data-paste-style");
    if (element.tagName === "B" && /^(normal|[1-4]00)$/i.test(weight)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    if (element.tagName !== "SPAN") continue;
    let inner: Node[] = [...element.childNodes];
    if (italic) {
      const em = doc.createElement("em");
      em.append(...inner);
      inner = [em];
    }
    if (bold) {
      const strong = doc.createElement("strong");
      strong.append(...inner);
      inner = [strong];
    }
    element.replaceWith(...inner);
  }
  // A table cell holds one line of text in Markdown: paragraphs in a cell become its text, separated by spaces.
  for (const paragraph of doc.querySelectorAll("td p, th p")) {
    paragraph.after(doc.createTextNode(" "));
    paragraph.replaceWith(...paragraph.childNodes);
  }
  return doc.body.innerHTML;
}

/** The site's texts use headings 2–4 (the page's title is its only <h1>): pasted ones are brought into that range. */
export function clampHeadings(slice: Slice): Slice {
  const map = (fragment: Fragment): Fragment => {
    const children: ProseNode[] = [];
    fragment.forEach((node) => {
      if (node.type === schema.nodes.heading) {
        const level = Math.min(4, Math.max(2, Number(node.attrs.level)));
        children.push(schema.nodes.heading.create({ level }, node.content, node.marks));
      } else children.push(node.copy(map(node.content)));
    });
    return Fragment.fromArray(children);
  };
  return new Slice(map(slice.content), slice.openStart, slice.openEnd);
}
