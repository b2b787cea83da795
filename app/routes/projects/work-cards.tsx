import type { ImageData } from "#core/images/types.ts";
import type { Metric } from "#core/content/schemas/projects.ts";
import { paths } from "#core/lib/paths.ts";
import { Card } from "../../ui/card.tsx";
import { Icon } from "../../ui/icon.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";

/** Cards of the portfolio, shared by /projects/ and the "related work" of a case or review. */

const CARD_SIZES = "(min-width: 1440px) 416px, (min-width: 1100px) 31vw, (min-width: 768px) 46vw, 92vw";

export type CaseCardData = { slug: string; title: string; client: string; industry: string; result?: Metric; cover: ImageData };
export type ReviewCardData = { slug: string; company: string; author: string; position: string; excerpt: string; rating?: number };

export function CaseCard({ work, priority = false, headingLevel }: { work: CaseCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  return (
    <Card
      as="li"
      title={work.title}
      headingLevel={headingLevel}
      to={paths.project("cases", work.slug)}
      eyebrow={`${work.client} · ${work.industry}`}
      media={<Picture image={work.cover} alt="" sizes={CARD_SIZES} fit="cover" priority={priority} />}
      footer={
        work.result ? (
          <StatList>
            <Stat {...work.result} />
          </StatList>
        ) : null
      }
    />
  );
}

export function Rating({ value }: { value: number }) {
  return (
    <p className="rating">
      <span className="visually-hidden">Оценка {value} из 5</span>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} icon="star" size={18} className={i < value ? "rating__star rating__star--on" : "rating__star"} />
      ))}
    </p>
  );
}

export function ReviewCard({ work, headingLevel }: { work: ReviewCardData; headingLevel?: 2 | 3 }) {
  return (
    <Card
      as="li"
      tone="outline"
      headingLevel={headingLevel}
      title={work.company}
      to={paths.project("reviews", work.slug)}
      eyebrow="Отзыв"
      footer={
        <p className="review-card__author">
          {work.author}, {work.position}
        </p>
      }
    >
      {work.rating ? <Rating value={work.rating} /> : null}
      <p>{work.excerpt}</p>
    </Card>
  );
}
