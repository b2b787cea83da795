import { Link } from "react-router";
import { navFor } from "../shell/nav.ts";
import { useSession } from "../shell/session.ts";
import { pages } from "#core/studio/paths.ts";
import { ROLES } from "#core/studio/roles.ts";
import { Page } from "../ui/index.ts";

/** The studio's first page: who you are and the sections your role opens. */
export function Home() {
  const { user, permissions } = useSession();
  return (
    <Page title={`Здравствуйте, ${user.name}`} lead={`Вы вошли как ${ROLES[user.role]?.label.toLowerCase() ?? user.role}. Разделы, доступные вашей роли:`}>
      <ul className="s-cards">
        {navFor(permissions).map((item) => (
          <li key={item.page} className="s-card">
            <h2 className="s-card__title">
              <Link to={pages[item.page]}>{item.label}</Link>
            </h2>
            <p className="s-card__text">{item.description}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
