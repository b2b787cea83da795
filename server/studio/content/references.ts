import { type CollectionName, entryPath, hasOwnPage } from "#core/content/catalog.ts";
import type { Content } from "#core/content/index.server.ts";
import { parseRedirectTable } from "../../redirect-table.ts";
import type { Reference } from "#core/studio/content-api.ts";

/**
 * Where other content names an entry: the references a release checks
 * (services.cases, industries.services, cases.industry/services,
 * reviews.case/industry/services, company.clients.industry, the landings' blocks and their
 * registration forms' events), plus links of
 * the navigation and redirects that lead to the entry's address. Shown
 * before a rename or a delete; a delete that would break one is refused by
 * the site check (check.ts) until it is fixed.
 */
export function referencesTo(content: Content, type: CollectionName, slug: string, redirectsCsv: string | null): Reference[] {
  const found: Reference[] = [];
  const add = (refType: string, refSlug: string, title: string, field: string) => found.push({ type: refType, slug: refSlug, title, field });
  if (type === "services") {
    for (const i of content.industries) if (i.services.includes(slug)) add("industries", i.slug, i.name, "Услуги для отрасли");
    for (const c of content.cases) if (c.services.includes(slug)) add("cases", c.slug, c.title, "Услуги");
    for (const r of content.reviews) if (r.services.includes(slug)) add("reviews", r.slug, r.title, "Услуги");
  }
  if (type === "cases") {
    for (const s of content.services) if (s.cases.includes(slug)) add("services", s.slug, s.name, "Кейсы");
    for (const r of content.reviews) if (r.case === slug) add("reviews", r.slug, r.title, "Кейс");
  }
  if (type === "industries") {
    for (const c of content.cases) if (c.industry === slug) add("cases", c.slug, c.title, "Отрасль");
    for (const r of content.reviews) if (r.industry === slug) add("reviews", r.slug, r.title, "Отрасль");
    content.company.clients.forEach((client, i) => {
      if (client.industry === slug) add("company", "-", `Клиент ${client.name}`, `Клиенты, № ${i + 1}`);
    });
  }
  // A landing's blocks that pick services, cases or reviews.
  if (type === "services" || type === "cases" || type === "reviews") {
    for (const l of content.landings) {
      l.blocks.forEach((block, i) => {
        if (block.kind === type && block.items.includes(slug)) add("landings", l.slug, l.title, `Блок ${i + 1}: ${block.title}`);
      });
    }
  }
  // A landing's registration form names its event.
  if (type === "events") {
    for (const l of content.landings) {
      l.blocks.forEach((block, i) => {
        if (block.kind === "form" && block.event === slug) add("landings", l.slug, l.title, `Блок ${i + 1}: форма регистрации`);
      });
    }
  }
  if (hasOwnPage(type)) {
    const path = entryPath(type, slug);
    const nav = content.navigation;
    const links = [...nav.main, ...nav.footer.flatMap((column) => column.links), ...nav.legal];
    for (const link of links) if (link.to.split("#")[0] === path) add("navigation", "-", `Ссылка «${link.label}»`, "Навигация");
    if (redirectsCsv !== null) {
      try {
        for (const [from, to] of parseRedirectTable(redirectsCsv)) if (to === path) add("redirects", "-", `${from} → ${to}`, "Старые адреса");
      } catch {
        // A broken table is reported by the site check.
      }
    }
  }
  return found;
}

/**
 * The redirect table with a 301 from `from` to `to` added: rows that led to
 * `from` now lead to `to` (no chains), a row from `to` itself is dropped (the
 * address is a page again, as after renaming back). `own: false` adds no row
 * from `from` (an address that was never on the site), only leads those rows
 * on. The release's checks (server/releases/tables.ts) then judge the result.
 */
export function withRedirect(csv: string, from: string, to: string, own = true): string {
  const lines = csv.split(/\r?\n/);
  const header = lines[0] ?? "from,to";
  const rows = lines
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [a = "", b = ""] = line.split(",").map((cell) => cell.trim());
      return { line, from: a, to: b };
    })
    .filter((row) => row.line.startsWith("#") || (row.from !== to && row.from !== from))
    .map((row) => (row.line.startsWith("#") || row.to !== from ? row.line : `${row.from},${to}`));
  return [header, ...rows, ...(own ? [`${from},${to}`] : [])].join("\n") + "\n";
}

/** The redirects table without its row from `from` (an address that is a page again), or the same text when it has none. */
export function withoutRedirectFrom(csv: string, from: string): string {
  const lines = csv.split(/\r?\n/);
  const kept = lines.filter((line, i) => i === 0 || line.startsWith("#") || (line.split(",")[0] ?? "").trim() !== from);
  return kept.length === lines.length ? csv : kept.join("\n");
}
