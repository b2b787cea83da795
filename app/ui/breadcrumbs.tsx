import { useLocation } from "react-router";
import { paths } from "#core/lib/paths.ts";
import { canonicalPathname } from "#core/lib/url.ts";
import { useSiteConfig } from "../lib/use-site-config.ts";
import { AppLink } from "./app-link.tsx";
import { JsonLd } from "./json-ld.tsx";

export type Crumb = { to: string; label: string };

/** schema.org BreadcrumbList of the trail, with absolute URLs from the configured origin. */
function breadcrumbList(origin: string, crumbs: readonly { name: string; path: string }[]) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: origin + crumb.path })),
  };
}

/**
 * Home › … › current page, with its BreadcrumbList for search engines. The
 * last crumb is the current page and is not a link.
 */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  const { origin } = useSiteConfig();
  const { pathname } = useLocation();
  const items = [
    { name: "Главная", path: paths.home() },
    ...trail.map((c) => ({ name: c.label, path: c.to })),
    { name: current, path: canonicalPathname(pathname) },
  ];
  return (
    <nav className="breadcrumbs" aria-label="Хлебные крошки">
      <ol>
        <li>
          <AppLink to={paths.home()}>Главная</AppLink>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <AppLink to={crumb.to}>{crumb.label}</AppLink>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
      <JsonLd data={breadcrumbList(origin, items)} />
    </nav>
  );
}
