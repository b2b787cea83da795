import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { SubscribeForm } from "../../forms/deferred.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { ArticleCard } from "../academy/article-card.tsx";
import { articleSummary } from "../academy/summary.server.ts";

export function loader() {
  const c = content();
  return { page: c.pages.sub, articles: c.articles.slice(0, 3).map((a) => articleSummary(a, c.company.team)) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

const PROMISES = [
  { icon: "document", title: "Новые статьи академии", text: "Разборы SEO, ASO, рекламы и аналитики с кодом и цифрами — то, что мы сами применяем в проектах." },
  { icon: "calendar", title: "Дважды в месяц", text: "Письмо приходит раз в две недели по вторникам. Никаких ежедневных рассылок и рекламы чужих продуктов." },
  { icon: "megaphone", title: "Анонсы событий", text: "Вебинары и митапы — раньше, чем о них узнают остальные, и записи прошедших." },
] as const;

export default function SubscriptionPage({ loaderData: { page, articles } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Рассылка" />
      <Section id="sub-what" title="Что в рассылке" titleSize="m">
        <ul className="grid grid--3" role="list">
          {PROMISES.map((p) => (
            <Card key={p.title} as="li" icon={p.icon} title={p.title} tone="surface">
              <p>{p.text}</p>
            </Card>
          ))}
        </ul>
      </Section>
      <Section id="sub-recent" title="Последние выпуски" tone="surface" action={<ArrowLink to={paths.academy()}>Вся академия</ArrowLink>}>
        <ul className="grid grid--3" role="list">
          {articles.map((a) => (
            <ArticleCard key={a.slug} article={a} headingLevel={3} />
          ))}
        </ul>
      </Section>
      <Section id="subscribe" title="Подписаться" lead="Оставьте адрес — первое письмо придёт со следующим выпуском. Отписаться можно в один клик из любого письма." titleSize="m">
        <SubscribeForm />
        <ArrowLink to={paths.academyRss()}>Или читайте через RSS</ArrowLink>
      </Section>
    </>
  );
}
