import { z } from "zod";
import { email, faqItem, httpsUrl, icon, markdown, ref, searched, seo, slug, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, PARAGRAPH_MAX, ROSTER_MAX, TITLE_MAX, WORD_MAX } from "../limits.ts";

/** The agency's values: `content/worths.yaml`. */
export const WorthsSchema = withGroups(
  z.strictObject({
  ...seo(),
  lead: text(PARAGRAPH_MAX).meta({ title: "Вступление" }),
  items: z
    .array(
      z.strictObject({
        id: slug().meta({ title: "Якорь на странице", description: "Часть ссылки на эту ценность: /worths/#якорь", "x-derived-from": "title" }),
        title: text(NAME_MAX).meta({ title: "Ценность" }),
        icon: icon(),
        /** The value in one sentence. */
        summary: text(TITLE_MAX).meta({ title: "Одной фразой" }),
        /** What it means in practice, with examples (Markdown). */
        practice: markdown().meta({ title: "Как это выглядит на деле" }),
      }),
    )
    .min(1)
    .max(ITEMS_MAX)
    .meta({ title: "Ценности" }),
  }),
  [
    { title: "Ценности", fields: ["lead", "items"] },
    { title: "Для поисковиков", fields: ["title", "description"] },
  ],
);

/** Questions and answers grouped by topic: `content/questions.yaml`. */
export const QuestionsSchema = withGroups(
  z.strictObject({
  ...seo(),
  lead: text(PARAGRAPH_MAX).meta({ title: "Вступление" }),
  topics: z
    .array(
      z.strictObject({
        id: slug().meta({ title: "Якорь темы", description: "Часть ссылок на вопросы темы", "x-derived-from": "title" }),
        title: text(TITLE_MAX).meta({ title: "Тема" }),
        items: z.array(faqItem()).min(1).max(ITEMS_MAX).meta({ title: "Вопросы" }),
      }),
    )
    .min(1)
    .max(ITEMS_MAX)
    .meta({ title: "Темы" }),
  }),
  [
    { title: "Вопросы", fields: ["lead", "topics"] },
    { title: "Для поисковиков", fields: ["title", "description"] },
  ],
);

const TeamMemberSchema = z.strictObject({
  /** Referenced by articles' `author`. */
  id: slug().meta({ title: "Код сотрудника", description: "По нему статьи называют автора", "x-derived-from": "name" }),
  name: text(NAME_MAX).meta({ title: "Имя" }),
  role: text(TITLE_MAX).meta({ title: "Должность" }),
  /** Two or three sentences for author cards. */
  bio: text(PARAGRAPH_MAX).meta({ title: "О себе", description: "Два-три предложения для карточки автора" }),
  /** Shown in the team block on /company/. */
  featured: z.boolean().default(true).meta({ title: "Показывать в команде на странице «Компания»" }),
});

/** Company page, team, awards and clients: `content/company.yaml`. */
export const CompanySchema = withGroups(
  z.strictObject({
  ...seo(),
  lead: text(PARAGRAPH_MAX).meta({ title: "Вступление" }),
  founded: z.number().int().min(1990).max(2100).meta({ title: "Год основания", ...searched("lead") }),
  /** The story (Markdown). */
  story: markdown().meta({ title: "История" }),
  figures: z
    .array(z.strictObject({ value: text(WORD_MAX).meta({ title: "Число" }), label: text(TITLE_MAX).meta({ title: "Подпись" }) }))
    .min(3)
    .max(ITEMS_MAX)
    .meta({ title: "Цифры" }),
  team: z.array(TeamMemberSchema).min(1).max(ROSTER_MAX).meta({ title: "Команда" }),
  awards: z
    .array(
      z.strictObject({
        title: text(TITLE_MAX).meta({ title: "Премия" }),
        year: z.number().int().meta({ title: "Год" }),
        issuer: text(TITLE_MAX).meta({ title: "Кто вручает" }),
        result: text(TITLE_MAX).meta({ title: "Результат" }),
      }),
    )
    .max(ROSTER_MAX)
    .default([])
    .meta({ title: "Награды", ...searched("heading") }),
  /** Places in industry ratings. */
  ratings: z
    .array(z.strictObject({ name: text(TITLE_MAX).meta({ title: "Рейтинг" }), year: z.number().int().meta({ title: "Год" }), place: text(WORD_MAX).meta({ title: "Место" }) }))
    .max(ROSTER_MAX)
    .default([])
    .meta({ title: "Места в рейтингах", ...searched("heading") }),
  /** Clients shown as wordmarks (fictional names). */
  clients: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(NAME_MAX).meta({ title: "Название" }), industry: ref("industries").meta({ title: "Отрасль" }) }))
    .max(ROSTER_MAX)
    .default([])
    .meta({ title: "Клиенты", description: "Показываются логотипами-надписями" }),
  }),
  [
    { title: "Основное", fields: ["lead", "founded", "figures"] },
    { title: "Команда", fields: ["team"] },
    { title: "История", fields: ["story"] },
    { title: "Награды и рейтинги", fields: ["awards", "ratings"] },
    { title: "Клиенты", fields: ["clients"] },
    { title: "Для поисковиков", fields: ["title", "description"] },
  ],
);

/** Offices, channels and requisites: `content/contacts.yaml`. */
export const ContactsSchema = withGroups(
  z.strictObject({
  ...seo(),
  lead: text(PARAGRAPH_MAX).meta({ title: "Вступление" }),
  /** General address for new projects. */
  salesEmail: email().meta({ title: "Почта для проектов", description: "Сюда приходят заявки на проекты" }),
  hrEmail: email().meta({ title: "Почта для соискателей" }),
  pressEmail: email().meta({ title: "Почта для прессы" }),
  offices: z
    .array(
      z.strictObject({
        id: slug().meta({ title: "Код офиса", description: "Различает офисы на странице контактов", "x-derived-from": "city" }),
        city: text(NAME_MAX).meta({ title: "Город", ...searched("lead") }),
        address: text(TITLE_MAX).meta({ title: "Адрес", ...searched("lead") }),
        /** Phone in E.164, e.g. +74951234567. */
        phone: z
          .string()
          .regex(/^\+\d{11,15}$/, "Телефон с\u00a0кодом страны: +7 495 123-45-67")
          .meta({ title: "Телефон", description: "Можно писать как удобно: 8 (495) 123-45-67", "x-widget": "phone" }),
        email: email().meta({ title: "Почта" }),
        hours: text(NAME_MAX).meta({ title: "Часы работы", ...searched("heading") }),
        /** How to get there (metro, entrance). */
        directions: text(PARAGRAPH_MAX).optional().meta({ title: "Как добраться", description: "Метро, вход", ...searched("lead") }),
        geo: z
          .strictObject({
            lat: z.number().min(-90).max(90).meta({ title: "Широта" }),
            lon: z.number().min(-180).max(180).meta({ title: "Долгота" }),
          })
          .meta({ title: "Координаты" }),
      }),
    )
    .min(1)
    .max(ITEMS_MAX)
    .meta({ title: "Офисы" }),
  messengers: z
    .array(
      z.strictObject({
        name: text(NAME_MAX).meta({ title: "Название" }),
        icon: icon(),
        url: httpsUrl().meta({ title: "Ссылка" }),
      }),
    )
    .max(ITEMS_MAX)
    .default([])
    .meta({ title: "Мессенджеры" }),
  /** Legal details of the company. */
  requisites: z
    .strictObject({
      name: text(TITLE_MAX).meta({ title: "Юридическое название" }),
      inn: z.string().regex(/^\d{10}$/, "10 цифр").meta({ title: "ИНН" }),
      kpp: z.string().regex(/^\d{9}$/, "9 цифр").meta({ title: "КПП" }),
      ogrn: z.string().regex(/^\d{13}$/, "13 цифр").meta({ title: "ОГРН" }),
      address: text(TITLE_MAX).meta({ title: "Юридический адрес" }),
      bank: text(TITLE_MAX).meta({ title: "Банк" }),
      account: z.string().regex(/^\d{20}$/, "20 цифр").meta({ title: "Расчётный счёт" }),
      bik: z.string().regex(/^\d{9}$/, "9 цифр").meta({ title: "БИК" }),
    })
    .meta({ title: "Реквизиты", ...searched("heading") }),
  }),
  [
    { title: "Основное", fields: ["lead", "salesEmail", "hrEmail", "pressEmail"] },
    { title: "Офисы", fields: ["offices"] },
    { title: "Мессенджеры", fields: ["messengers"] },
    { title: "Реквизиты", fields: ["requisites"] },
    { title: "Для поисковиков", fields: ["title", "description"] },
  ],
);

/** Metadata and headings of pages that have no collection of their own: `content/pages.yaml`. */
const page = (title: string) =>
  z
    .strictObject({
      ...seo(),
      heading: text(TITLE_MAX).meta({ title: "Заголовок на странице" }),
      lead: text(PARAGRAPH_MAX).optional().meta({ title: "Вступление" }),
    })
    .meta({ title });
export const StaticPagesSchema = withGroups(
  z.strictObject({
  home: page("Главная"),
  services: page("Услуги"),
  servicesIndustry: page("Услуги по отраслям"),
  projects: page("Проекты"),
  academy: page("Академия"),
  career: page("Карьера"),
  events: page("События"),
  search: page("Поиск"),
  sub: page("Рассылка"),
  error: page("Страница ошибки"),
  }),
  [
    { title: "Главная и услуги", fields: ["home", "services", "servicesIndustry"] },
    { title: "Проекты и Академия", fields: ["projects", "academy"] },
    { title: "Карьера и события", fields: ["career", "events"] },
    { title: "Поиск, рассылка, ошибка", fields: ["search", "sub", "error"] },
  ],
);

export type Worths = z.output<typeof WorthsSchema>;
export type Questions = z.output<typeof QuestionsSchema>;
export type Company = z.output<typeof CompanySchema>;
export type TeamMember = Company["team"][number];
export type Contacts = z.output<typeof ContactsSchema>;
export type StaticPages = z.output<typeof StaticPagesSchema>;
export type StaticPage = z.output<typeof StaticPagesSchema>["home"];
