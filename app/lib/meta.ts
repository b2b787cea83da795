import type { Location, MetaDescriptor } from "react-router";
import type { PublicConfig } from "#core/config/env.server.ts";
import type { SiteNav } from "#core/content/schemas/navigation.ts";
import { ogImagePath } from "#core/lib/og-image.ts";
import { canonicalPathname } from "#core/lib/url.ts";

/** Root loader data: the public configuration every page's metadata needs, and the site's navigation. */
export type RootData = { site: PublicConfig; nav: SiteNav };

type MetaMatch = { id: string; loaderData: unknown };

/** The public configuration from the root loader; absent only if the root loader itself failed. */
export function siteConfig(matches: readonly (MetaMatch | undefined)[]): PublicConfig | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return root?.site;
}

/** "<brand> — <tagline>": the title of pages without their own and of server errors. */
export function defaultTitle(site: PublicConfig): string {
  return `${site.brand} — ${site.tagline}`;
}

export type PageMeta = {
  /** Page title without the brand; omitted for the default title. */
  title?: string;
  description: string;
  /** Site-relative or absolute og:image; defaults to the picture drawn for the page at build. */
  image?: string;
  /** Keep the page out of search engines. */
  noindex?: boolean;
  /** og:type; "website" unless the page is an article. */
  type?: "website" | "article";
};

/**
 * Title, description, Open Graph and canonical for a page. Absolute URLs are
 * built from the configured origin and the page's own path (with its trailing
 * slash), never from the request.
 */
export function pageMeta(
  args: { location: Location; matches: readonly (MetaMatch | undefined)[] },
  page: PageMeta,
): MetaDescriptor[] {
  const site = siteConfig(args.matches);
  if (!site) return page.title ? [{ title: page.title }] : [];
  const title = page.title ? `${page.title} — ${site.brand}` : defaultTitle(site);
  const path = canonicalPathname(args.location.pathname);
  const url = site.origin + path;
  const image = new URL(page.image ?? ogImagePath(page.noindex ? null : path), site.origin).href;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: "ru_RU" },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}
