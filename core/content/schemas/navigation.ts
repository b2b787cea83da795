import { z } from "zod";
import { sitePath, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX } from "../limits.ts";

const link = () =>
  z.strictObject({
    to: sitePath().meta({ title: "Куда ведёт", description: "Адрес страницы сайта: /services/" }),
    label: text(NAME_MAX).meta({ title: "Подпись" }),
  });

/**
 * The site's navigation lists: `content/navigation.yaml`. They reach the
 * browser as root loader data (app/root.tsx), sent once with the first page.
 * A release checks that every link leads to a page of the site.
 */
export const NavigationSchema = withGroups(
  z.strictObject({
  /** Header navigation: every area of the site. */
  main: z.array(link()).min(1).max(ITEMS_MAX).meta({ title: "Меню в шапке" }),
  /** Footer columns. */
  footer: z
    .array(z.strictObject({ title: text(NAME_MAX).meta({ title: "Заголовок колонки" }), links: z.array(link()).min(1).max(ITEMS_MAX).meta({ title: "Ссылки" }) }))
    .min(1)
    .max(ITEMS_MAX)
    .meta({ title: "Колонки подвала" }),
  /** Legal documents, in the footer's bottom row. */
  legal: z.array(link()).min(1).max(ITEMS_MAX).meta({ title: "Документы внизу подвала" }),
  }),
  [
    { title: "Шапка", fields: ["main"] },
    { title: "Подвал", fields: ["footer", "legal"] },
  ],
);

export type SiteNav = z.output<typeof NavigationSchema>;
