import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { SubscribeForm } from "../../forms/subscribe-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return { page: c.pages.sub, articles: c.articles.slice(0, 5).map(({ slug, title }) => ({ slug, title })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function SubscriptionPage({ loaderData: { page, articles } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Рассылка" />
      <SubscribeForm />
      <section className="container" aria-labelledby="sub-recent">
        <h2 id="sub-recent">Последние выпуски</h2>
        <ul>
          {articles.map((a) => (
            <li key={a.slug}>
              <AppLink to={paths.article(a.slug)}>{a.title}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
