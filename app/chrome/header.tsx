import { useRef } from "react";
import { NavLink } from "react-router";
import { paths } from "#core/lib/paths.ts";
import { linkHref } from "#core/lib/url.ts";
import { AppLink } from "../ui/app-link.tsx";
import { ButtonLink } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { Logo } from "./logo.tsx";
import { useSiteNav } from "../lib/use-site-config.ts";
import { PRIMARY_ACTION } from "./primary-action.ts";
import { useMenu } from "./use-menu.ts";
import { SearchEntry } from "./search-entry.tsx";

/**
 * Logo, navigation, search and the main action. One navigation in the DOM:
 * below 1200 px it sits in a <details> menu opened by its summary (works
 * without JavaScript); from 1200 px the summary hides and the links show
 * inline (CSS only, so nothing moves at hydration).
 */
export function SiteHeader({ brand }: { brand: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { main } = useSiteNav();
  useMenu(menu);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Перейти к содержанию
      </a>
      <div className="site-header__inner container">
        <AppLink className="site-header__logo" to={paths.home()} aria-label={`${brand} — на главную`}>
          <Logo brand={brand} />
        </AppLink>
        <details className="site-menu" ref={menu}>
          <summary className="site-menu__toggle">
            <Icon icon="menu" size={24} className="site-menu__icon-open" />
            <Icon icon="close" size={24} className="site-menu__icon-close" />
            <span className="site-menu__toggle-label">Меню</span>
          </summary>
          <div className="site-menu__panel">
            <nav className="site-nav" aria-label="Основная навигация">
              <ul className="site-nav__list" role="list">
                {main.map((item) => (
                  <li key={item.to}>
                    <NavLink className="site-nav__link" to={linkHref(item.to)}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <ButtonLink className="site-menu__action" variant="primary" to={PRIMARY_ACTION.to} block>
              {PRIMARY_ACTION.label}
            </ButtonLink>
          </div>
        </details>
        <div className="site-header__tools">
          <SearchEntry />
          <ButtonLink className="site-header__action" variant="primary" size="s" to={PRIMARY_ACTION.to}>
            {PRIMARY_ACTION.label}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
