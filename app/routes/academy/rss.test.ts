import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseHtml } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "#core/content/index.server.ts";
import { withContentSource } from "#core/content/source.server.ts";
import { loader } from "./rss.ts";

/**
 * A feed reader decodes the XML, then reads `<description>` as HTML: text typed
 * into a description must come out of both as the same text, never as markup.
 */
describe("the academy feed carries plain-text fields as text", () => {
  const root = mkdtempSync(join(tmpdir(), "site-rss-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const HOSTILE = "</title><img src=x onerror=alert(2)> &copy; &lt;b&gt;";

  it("a hostile description reaches the reader as the text typed, with no element in it", async () => {
    cpSync("content", root, { recursive: true });
    const file = join(root, "academy", readdirSync(join(root, "academy")).find((name) => name.endsWith(".md")) as string);
    writeFileSync(file, readFileSync(file, "utf8").replace(/^description: .*$/m, `description: ${JSON.stringify(HOSTILE)}`));
    const { content } = loadContent(root);
    const article = content.articles.find((a) => a.description.includes("onerror"));
    expect(article, "the edited article").toBeDefined();

    const response = withContentSource({ content, images: {}, modified: {} }, () => loader());
    const feed = new XMLParser({ isArray: (name) => name === "item", processEntities: true, htmlEntities: true }).parse(await response.text());
    const item = (feed.rss.channel.item as Array<{ title: string; description: string }>).find((i) => i.title === article?.title);
    expect(item, "the article's item").toBeDefined();
    // What the reader gets from the XML is HTML; as HTML it holds no element, only the text typed.
    const html = parseHtml(String(item?.description));
    expect(html.querySelectorAll("*")).toHaveLength(0);
    expect(html.textContent.replace(/\u00a0/g, " ")).toBe(HOSTILE);
  });
});
