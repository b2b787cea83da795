import { content } from "../../app/content/index.server.ts";
import { pageTemplates } from "../../tests/support/templates.ts";

/** The templates the performance budgets are held on (issue "Performance, accessibility and search-engine budgets"). */
export function benchTemplates(): Array<{ name: string; path: string }> {
  const all = new Map(pageTemplates().map((t) => [t.name, t]));
  const pick = (name: string) => {
    const template = all.get(name);
    if (!template) throw new Error(`no template ${name}`);
    return template;
  };
  // An article whose body holds highlighted code.
  const withCode = content().articles.find((a) => a.body.includes("<pre"));
  if (!withCode) throw new Error("no article with code");
  return [
    pick("home"),
    pick("services"),
    pick("service"),
    pick("service-seo"),
    pick("projects"),
    pick("case"),
    { name: "article with code", path: `/academy/${withCode.slug}/` },
    pick("position"),
    pick("events"),
    pick("search"),
  ];
}

/** The zero-JS copy of a page: every script element and module preload removed, nothing else touched. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "");
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
