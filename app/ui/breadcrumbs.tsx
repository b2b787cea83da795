import { paths } from "../lib/paths.ts";
import { AppLink } from "./app-link.tsx";

export type Crumb = { to: string; label: string };

/** Home › … › current page. The last crumb is the current page and is not a link. */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
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
    </nav>
  );
}
