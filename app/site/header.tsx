import { NavLink } from "react-router";
import { paths } from "../lib/paths.ts";
import { linkHref } from "../lib/url.ts";
import { AppLink } from "../ui/app-link.tsx";
import { MAIN_NAV } from "./navigation.ts";
import { SearchEntry } from "./search-entry.tsx";

export function SiteHeader({ brand }: { brand: string }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Перейти к содержанию
      </a>
      <div className="site-header__inner container">
        <AppLink className="site-header__logo" to={paths.home()} aria-label={`${brand} — на главную`}>
          {brand}
        </AppLink>
        <nav className="site-nav" aria-label="Основная навигация">
          <ul className="site-nav__list">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink className="site-nav__link" to={linkHref(item.to)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SearchEntry />
      </div>
    </header>
  );
}
