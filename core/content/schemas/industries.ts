import { z } from "zod";
import { icon, markdown, ref, seo, slug, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, PARAGRAPH_MAX, REFERENCES_MAX, TITLE_MAX } from "../limits.ts";

/** An industry the agency works in: `content/industries/<slug>.md`. Its cases are those whose `industry` names it. */
export const IndustrySchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Якорь отрасли на странице /services-industry/" }),
  ...seo(),
  /** Short name for chips and filters ("Ритейл", "Финтех"). */
  name: text(NAME_MAX).meta({ title: "Название", description: "Коротко, для фильтров: «Ритейл», «Финтех»" }),
  icon: icon(),
  /** One or two sentences for the industry's block on /services-industry/. */
  summary: text(PARAGRAPH_MAX).meta({ title: "Кратко", description: "Одно-два предложения" }),
  /** Position on /services-industry/ (ascending). */
  order: z.number().int().min(0).default(100).meta({ title: "Порядок", description: "Меньше — выше в списке" }),
  /** Typical problems of this industry the agency solves. */
  challenges: z.array(text(TITLE_MAX).meta({ title: "Задача" })).min(2).max(ITEMS_MAX).meta({ title: "Типичные задачи отрасли" }),
  /** Slugs of services offered to this industry. */
  services: z.array(ref("services")).min(1).max(REFERENCES_MAX).meta({ title: "Услуги для отрасли" }),
  /** The body (Markdown). */
  body: markdown().meta({ title: "Текст" }),
  }),
  [
    { title: "Основное", fields: ["name", "summary", "icon", "order"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description"] },
    { title: "Задачи и услуги", fields: ["challenges", "services"] },
    { title: "Описание", fields: ["body"] },
  ],
);

export type Industry = z.output<typeof IndustrySchema>;
