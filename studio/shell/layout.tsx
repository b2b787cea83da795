import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { pages } from "#core/studio/paths.ts";
import { ROLES } from "#core/studio/roles.ts";
import { navFor } from "./nav.ts";
import { useSession } from "./session.ts";

/**
 * The frame of every page after sign-in: the product's name, who is signed in
 * and in what role, «Выйти», and the sections the role may see. After each
 * navigation the new page's heading takes focus.
 */
export function Layout() {
  const { user, permissions } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>("[data-page-heading]")?.focus();
  }, [location.pathname]);

  return (
    <div className="s-app">
      <a className="s-skip" href="#main">
        К содержанию
      </a>
      <header className="s-header">
        <NavLink to={pages.home} className="s-header__brand" end>
          Студия
        </NavLink>
        <div className="s-header__user">
          <NavLink to={pages.profile} className="s-header__name">
            {user.name}
          </NavLink>
          <span className="s-header__role">{ROLES[user.role]?.label ?? user.role}</span>
          <Form method="post" action={pages.signIn} replace>
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="s-button s-button--quiet">
              Выйти
            </button>
          </Form>
        </div>
      </header>
      <nav className="s-nav" aria-label="Разделы студии">
        <ul className="s-nav__list">
          <li>
            <NavLink to={pages.home} end className="s-nav__link">
              Обзор
            </NavLink>
          </li>
          {navFor(permissions).map((item) => (
            <li key={item.page}>
              <NavLink to={pages[item.page]} className="s-nav__link">
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={pages.profile} className="s-nav__link">
              Мой профиль
            </NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" className="s-main" aria-busy={navigation.state === "loading" || undefined}>
        <Outlet />
      </main>
    </div>
  );
}
