import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { api, signedIn } from "../api/client.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { navFor } from "../shell/nav.ts";
import { useSession } from "../shell/session.ts";
import type { InboxOverview } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { ROLES } from "#core/studio/roles.ts";
import { Page } from "../ui/index.ts";
import { OverviewPanel } from "./inbox/overview.tsx";

/** The inbox's overview for those who work with it; null for a role without the inbox (never asked, so never refused). */
export function homeLoader({ request }: LoaderFunctionArgs): Promise<InboxOverview | null> {
  return signedIn(request, async () => {
    const session = await api<SessionInfo>("GET", "/session");
    return session.permissions.includes("leads:read") ? api<InboxOverview>("GET", "/inbox/overview") : null;
  });
}

/** The studio's first page: who you are, what in the inbox needs a person, and the sections your role opens. */
export function Home() {
  const { user, permissions } = useSession();
  const overview = useLoaderData() as InboxOverview | null;
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
      {overview ? <OverviewPanel overview={overview} /> : null}
    </Page>
  );
}
