import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { anchors } from "#core/lib/paths.ts";
import { faqPage } from "../../lib/structured-data.server.ts";
import { Accordion } from "../../ui/accordion.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  const questions = content().questions;
  return { questions, structuredData: faqPage(questions.topics.flatMap((t) => t.items)) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.questions.title, description: args.loaderData?.questions.description ?? "" });

export default function QuestionsPage({ loaderData: { questions, structuredData } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={questions.title} lead={questions.lead} crumb="Вопросы" />
      <JsonLd data={structuredData} />
      <div className="container stack stack--l">
        {questions.topics.map((topic) => (
          <section key={topic.id} className="stack" aria-labelledby={`topic-${topic.id}`}>
            <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
            <Accordion
              items={topic.items.map((item, i) => ({
                id: anchors.question(topic.id, i),
                title: item.question,
                content: <Prose html={item.answer} />,
              }))}
            />
          </section>
        ))}
      </div>
    </>
  );
}
