import { z } from "zod";
import { icon, markdown, seo, slug, text } from "../fields.server.ts";

/** The agency's values: `content/worths.yaml`. */
export const WorthsSchema = z.strictObject({
  ...seo(),
  lead: text(),
  items: z
    .array(
      z.strictObject({
        id: slug(),
        title: text(),
        icon: icon(),
        /** The value in one sentence. */
        summary: text(),
        /** What it means in practice, with examples (Markdown). */
        practice: markdown(),
      }),
    )
    .min(1),
});

/** Questions and answers grouped by topic: `content/questions.yaml`. */
export const QuestionsSchema = z.strictObject({
  ...seo(),
  lead: text(),
  topics: z
    .array(
      z.strictObject({
        id: slug(),
        title: text(),
        items: z.array(z.strictObject({ question: text(), answer: markdown() })).min(1),
      }),
    )
    .min(1),
});

const TeamMemberSchema = z.strictObject({
  /** Referenced by articles' `author`. */
  id: slug(),
  name: text(),
  role: text(),
  /** Two or three sentences for author cards. */
  bio: text(),
  /** Shown in the team block on /company/. */
  featured: z.boolean().default(true),
});

/** Company page, team, awards and clients: `content/company.yaml`. */
export const CompanySchema = z.strictObject({
  ...seo(),
  lead: text(),
  founded: z.number().int().min(1990).max(2100),
  /** The story (Markdown). */
  story: markdown(),
  figures: z.array(z.strictObject({ value: text(), label: text() })).min(3),
  team: z.array(TeamMemberSchema).min(1),
  awards: z.array(z.strictObject({ title: text(), year: z.number().int(), issuer: text(), result: text() })).default([]),
  /** Places in industry ratings. */
  ratings: z.array(z.strictObject({ name: text(), year: z.number().int(), place: text() })).default([]),
  /** Clients shown as wordmarks (fictional names). */
  clients: z.array(z.strictObject({ name: z.string().trim().min(1), industry: slug() })).default([]),
});

/** Offices, channels and requisites: `content/contacts.yaml`. */
export const ContactsSchema = z.strictObject({
  ...seo(),
  lead: text(),
  /** General address for new projects. */
  salesEmail: z.email(),
  hrEmail: z.email(),
  pressEmail: z.email(),
  offices: z
    .array(
      z.strictObject({
        id: slug(),
        city: text(),
        address: text(),
        /** Phone in E.164, e.g. +74951234567. */
        phone: z.string().regex(/^\+\d{11,15}$/, "must be E.164, e.g. +74951234567"),
        email: z.email(),
        hours: text(),
        /** How to get there (metro, entrance). */
        directions: text().optional(),
        geo: z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
      }),
    )
    .min(1),
  messengers: z.array(z.strictObject({ name: text(), icon: icon(), url: z.url({ protocol: /^https$/ }) })).default([]),
  /** Legal details of the company. */
  requisites: z.strictObject({
    name: text(),
    inn: z.string().regex(/^\d{10}$/, "10 digits"),
    kpp: z.string().regex(/^\d{9}$/, "9 digits"),
    ogrn: z.string().regex(/^\d{13}$/, "13 digits"),
    address: text(),
    bank: text(),
    account: z.string().regex(/^\d{20}$/, "20 digits"),
    bik: z.string().regex(/^\d{9}$/, "9 digits"),
  }),
});

/** Metadata and headings of pages that have no collection of their own: `content/pages.yaml`. */
const StaticPageSchema = z.strictObject({ ...seo(), heading: text(), lead: text().optional() });
export const StaticPagesSchema = z.strictObject({
  home: StaticPageSchema,
  services: StaticPageSchema,
  servicesIndustry: StaticPageSchema,
  projects: StaticPageSchema,
  academy: StaticPageSchema,
  career: StaticPageSchema,
  events: StaticPageSchema,
  search: StaticPageSchema,
  sub: StaticPageSchema,
  error: StaticPageSchema,
});

export type Worths = z.output<typeof WorthsSchema>;
export type Questions = z.output<typeof QuestionsSchema>;
export type Company = z.output<typeof CompanySchema>;
export type TeamMember = Company["team"][number];
export type Contacts = z.output<typeof ContactsSchema>;
export type StaticPages = z.output<typeof StaticPagesSchema>;
export type StaticPage = z.output<typeof StaticPagesSchema>["home"];
