import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { anchors } from "../../lib/paths.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  return { questions: content().questions };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.questions.title, description: args.loaderData?.questions.description ?? "" });

export default function QuestionsPage({ loaderData: { questions } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={questions.title} lead={questions.lead} crumb="Вопросы" />
      <div className="container">
        {questions.topics.map((topic) => (
          <section key={topic.id} aria-labelledby={`topic-${topic.id}`}>
            <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
            {topic.items.map((item, i) => (
              <details key={item.question} id={anchors.question(topic.id, i)}>
                <summary>{item.question}</summary>
                <Prose html={item.answer} />
              </details>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
