import { Fragment, Slice, type Node as ProseNode } from "prosemirror-model";
import { schema } from "./markdown.ts";

/**
 * What is pasted from Word or Google Docs keeps its structure (headings, lists,
 * links, tables) and loses its styling: the schema's parse rules read only
 * structure; here the HTML is made readable to them first.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  // A table cell holds one line of text in Markdown: paragraphs in a cell become its text, separated by spaces.
  for (const paragraph of doc.querySelectorAll("td p, th p")) {
    paragraph.after(doc.createTextNode(" "));
    paragraph.replaceWith(...paragraph.childNodes);
  }
  // Word writes its lists as paragraphs with a bullet or a number in front (class MsoListParagraph…).
  const wordItems = [...doc.querySelectorAll("p[class^='MsoList'], p[style*='mso-list']")];
  for (const item of wordItems) {
    if (item.parentElement?.tagName === "LI") continue;
    const text = item.textContent ?? "";
    const ordered = /^\s*\d+[.)]/.test(text);
    for (const marker of item.querySelectorAll("span[style*='mso-list:Ignore'], span[style*='mso-list: Ignore']")) marker.remove();
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
