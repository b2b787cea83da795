import { describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { getDocument } from "../support/http.ts";

type Node = Record<string, unknown>;

/** Every JSON-LD node of a page, @graph flattened. */
async function jsonLd(path: string): Promise<Node[]> {
  const { doc } = await getDocument(path);
  return doc.querySelectorAll('script[type="application/ld+json"]').flatMap((script) => {
    const data = JSON.parse(script.textContent) as Node;
    expect(data["@context"]).toBe("https://schema.org");
    return (data["@graph"] as Node[] | undefined) ?? [data];
  });
}

const isAbsolute = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/]+\//.test(value);
const filled = (value: unknown) => (typeof value === "string" ? value.trim().length > 0 : value !== undefined && value !== null);
const isDate = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** The properties schema.org consumers (Google, Yandex) require of each type we publish. */
const REQUIRED: Record<string, (node: Node) => string[]> = {
  Organization: (n) => [filled(n.name) ? "" : "name", isAbsolute(n.url) ? "" : "url"],
  WebSite: (n) => [filled(n.name) ? "" : "name", isAbsolute(n.url) ? "" : "url"],
  BreadcrumbList: (n) => {
    const items = (n.itemListElement as Node[] | undefined) ?? [];
    if (items.length < 2) return ["itemListElement"];
    return items.flatMap((item, i) => [
      item.position === i + 1 ? "" : `itemListElement.${i}.position`,
      filled(item.name) ? "" : `itemListElement.${i}.name`,
      isAbsolute(item.item) ? "" : `itemListElement.${i}.item`,
    ]);
  },
  Service: (n) => [filled(n.name) ? "" : "name", filled((n.provider as Node | undefined)?.name) ? "" : "provider.name"],
  Article: (n) => [
    filled(n.headline) ? "" : "headline",
    isDate(n.datePublished) ? "" : "datePublished",
    filled((n.author as Node | undefined)?.name) ? "" : "author.name",
    isAbsolute(n.image) ? "" : "image",
  ],
  JobPosting: (n) => [
    filled(n.title) ? "" : "title",
    filled(n.description) ? "" : "description",
    isDate(n.datePosted) ? "" : "datePosted",
    filled((n.hiringOrganization as Node | undefined)?.name) ? "" : "hiringOrganization.name",
    n.jobLocation || (n.jobLocationType === "TELECOMMUTE" && n.applicantLocationRequirements) ? "" : "jobLocation",
  ],
  Event: (n) => {
    const location = n.location as Node | undefined;
    const located =
      (location?.["@type"] === "Place" && filled(location.address)) ||
      (location?.["@type"] === "VirtualLocation" && isAbsolute(location.url));
    return [filled(n.name) ? "" : "name", isDate(n.startDate) ? "" : "startDate", located ? "" : "location"];
  },
  FAQPage: (n) => {
    const questions = (n.mainEntity as Node[] | undefined) ?? [];
    if (questions.length === 0) return ["mainEntity"];
    return questions.flatMap((q, i) => [
      q["@type"] === "Question" && filled(q.name) ? "" : `mainEntity.${i}.name`,
      filled((q.acceptedAnswer as Node | undefined)?.text) ? "" : `mainEntity.${i}.acceptedAnswer.text`,
    ]);
  },
};

function expectedTypes(path: string): string[] {
  if (path === "/") return ["Organization", "WebSite"];
  // A campaign's landing opens with its first screen, no trail above it.
  if (path.startsWith("/lp/")) return [];
  const types = ["BreadcrumbList"];
  if (path === "/company/") types.push("Organization");
  if (/^\/services\/[a-z-]+\/$/.test(path)) types.push("Service");
  if (/^\/academy\/[a-z0-9-]+\/$/.test(path)) types.push("Article");
  if (/^\/career\/[a-z0-9-]+\/$/.test(path)) types.push("JobPosting");
  if (path === "/events/") types.push("Event");
  if (path === "/questions/") types.push("FAQPage");
  return types;
}

describe("JSON-LD", () => {
  it.each(livePagePaths())("%s publishes valid structured data", async (path) => {
    const nodes = await jsonLd(path);
    const types = nodes.map((n) => String(n["@type"]));
    for (const type of expectedTypes(path)) expect(types, path).toContain(type);
    for (const node of nodes) {
      const check = REQUIRED[String(node["@type"])];
      expect(check, `unexpected type ${String(node["@type"])}`).toBeDefined();
      expect(check?.(node).filter(Boolean), `${path} ${String(node["@type"])}`).toEqual([]);
    }
  });
});
