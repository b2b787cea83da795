import { formatDate } from "#core/lib/format.ts";
import { paths } from "#core/lib/paths.ts";
import { Card } from "../../ui/card.tsx";
import { Picture } from "../../ui/picture.tsx";
import { CATEGORY_LABELS, minutesLabel } from "./labels.ts";
import type { ArticleSummary } from "./summary.server.ts";

/** An article in the academy list, related articles and /sub/. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  return (
    <Card
      as="li"
      headingLevel={headingLevel}
      title={article.title}
      to={paths.article(article.slug)}
      eyebrow={CATEGORY_LABELS[article.category]}
      media={article.cover ? <Picture image={article.cover.image} alt="" sizes="(min-width: 64rem) 24rem, (min-width: 48rem) 50vw, 100vw" fit="cover" /> : undefined}
      footer={
        <p className="article-meta">
          {article.author ? <span>{article.author}</span> : null}
          <time dateTime={article.published}>{formatDate(article.published)}</time>
          {article.updated ? (
            <span>
              обновлено <time dateTime={article.updated}>{formatDate(article.updated)}</time>
            </span>
          ) : null}
          <span>{minutesLabel(article.minutes)} чтения</span>
        </p>
      }
    >
      <p>{article.description}</p>
    </Card>
  );
}
