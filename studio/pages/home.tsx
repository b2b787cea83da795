import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { api, signedIn } from "../api/client.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { navFor } from "../shell/nav.ts";
import { useSession } from "../shell/session.ts";
import type { InboxOverview } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { ROLES } from "#core/studio/roles.ts";
import type { ContentFigures } from "#core/studio/content-api.ts";
import { formatDateTime } from "../lib/format.ts";
import { plural } from "#core/lib/format.ts";
import { Page } from "../ui/index.ts";
import { OverviewPanel } from "./inbox/overview.tsx";

type HomeLoad = { inbox: InboxOverview | null; content: ContentFigures | null };

/** The figures of each section this role works in (a section it has not is never asked, so never refused). */
export function homeLoader({ request }: LoaderFunctionArgs): Promise<HomeLoad> {
  return signedIn(request, async () => {
    const session = await api<SessionInfo>("GET", "/session");
    const [inbox, content] = await Promise.all([
      session.permissions.includes("leads:read") ? api<InboxOverview>("GET", "/inbox/overview") : null,
      session.permissions.includes("content:edit") ? api<ContentFigures>("GET", "/content/overview") : null,
    ]);
    return { inbox, content };
  });
}

/** The studio's first page: who you are, what in the inbox needs a person, and the sections your role opens. */
export function Home() {
  const { user, permissions } = useSession();
  const { inbox, content } = useLoaderData() as HomeLoad;
  return (
    <Page title={`Здравствуйте, ${user.name}`} lead={`Ваша роль — «${ROLES[user.role]?.label ?? user.role}». Разделы, доступные вам:`}>
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
      {content ? <ContentPanel figures={content} canPublish={permissions.includes("content:publish")} /> : null}
      {inbox ? <OverviewPanel overview={inbox} /> : null}
    </Page>
  );
}

const WAITING = ["запись ждёт публикации", "записи ждут публикации", "записей ждут публикации"] as const;
const PLANNED = ["публикация запланирована", "публикации запланированы", "публикаций запланировано"] as const;

/** What waits in «Контент»: saved and not on the site (yours among them), what is planned, the last publication. */
function ContentPanel({ figures, canPublish }: { figures: ContentFigures; canPublish: boolean }) {
  const releases = canPublish ? pages.releases : null;
  const items = [
    { value: figures.unpublished, label: plural(figures.unpublished, WAITING), href: releases ?? pages.content },
    ...(figures.unpublished > 0 ? [{ value: figures.mine, label: "из них сохранили вы", href: null }] : []),
    {
      value: figures.scheduled,
      label: `${plural(figures.scheduled, PLANNED)}${figures.nextAt ? `, ближайшая ${formatDateTime(figures.nextAt)}` : ""}`,
      href: releases,
    },
  ];
  return (
    <section className="s-section s-overview" aria-labelledby="content-figures">
      <h2 id="content-figures" className="s-section__title">
        Контент
      </h2>
      <ul className="s-overview__figures">
        {items.map((item) => (
          <li key={item.label} className="s-overview__figure">
            <span className="s-overview__value">{item.value}</span> {item.href ? <Link to={item.href}>{item.label}</Link> : <span>{item.label}</span>}
          </li>
        ))}
      </ul>
      <p className="s-muted">
        {figures.last ? `Последняя публикация — «${figures.last.message}», ${formatDateTime(figures.last.at)}, ${figures.last.author}.` : "Публикаций ещё не было."}
      </p>
    </section>
  );
}
