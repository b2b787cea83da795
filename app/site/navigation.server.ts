import { paths } from "../lib/paths.ts";

/*
 * The site's navigation lists. They reach the browser as root loader data
 * (app/root.tsx), sent once with the first page, rather than as code every
 * page downloads.
 */

/** Header navigation: every area of the site. */
export const MAIN_NAV = [
  { to: paths.services(), label: "Услуги" },
  { to: paths.servicesIndustry(), label: "Отрасли" },
  { to: paths.projects(), label: "Проекты" },
  { to: paths.academy(), label: "Академия" },
  { to: paths.company(), label: "Компания" },
  { to: paths.career(), label: "Карьера" },
  { to: paths.events(), label: "События" },
  { to: paths.contacts(), label: "Контакты" },
] as const;

/** Footer columns. */
export const FOOTER_NAV = [
  {
    title: "Агентство",
    links: [
      { to: paths.company(), label: "О компании" },
      { to: paths.worths(), label: "Ценности" },
      { to: paths.career(), label: "Карьера" },
      { to: paths.events(), label: "События" },
      { to: paths.questions(), label: "Вопросы и ответы" },
    ],
  },
  {
    title: "Работа",
    links: [
      { to: paths.services(), label: "Услуги" },
      { to: paths.servicesIndustry(), label: "Услуги по отраслям" },
      { to: paths.projects(), label: "Кейсы и отзывы" },
      { to: paths.academy(), label: "Академия" },
      { to: paths.sub(), label: "Рассылка" },
    ],
  },
] as const;

/** Legal documents, in the footer's bottom row. */
export const LEGAL_NAV = [
  { to: paths.privacy(), label: "Политика обработки персональных данных" },
  { to: paths.agreement(), label: "Согласие на обработку данных" },
  { to: paths.cookies(), label: "Политика cookie" },
  { to: paths.oferta(), label: "Публичная оферта" },
] as const;

export const SITE_NAV = { main: MAIN_NAV, footer: FOOTER_NAV, legal: LEGAL_NAV };
export type SiteNav = typeof SITE_NAV;
