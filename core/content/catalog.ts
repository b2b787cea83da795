import type { z } from "zod";
import { SLUG_PATTERN } from "./fields.ts";
import { ArticleSchema } from "./schemas/articles.ts";
import { PositionSchema } from "./schemas/careers.ts";
import { CompanySchema, ContactsSchema, QuestionsSchema, StaticPagesSchema, WorthsSchema } from "./schemas/documents.ts";
import { EventSchema } from "./schemas/events.ts";
import { IndustrySchema } from "./schemas/industries.ts";
import { LandingSchema } from "./schemas/landings.ts";
import { LegalPageSchema } from "./schemas/legal.ts";
import { NavigationSchema } from "./schemas/navigation.ts";
import { CaseSchema, ReviewSchema } from "./schemas/projects.ts";
import { RedirectsSchema } from "./schemas/redirects.ts";
import { ServiceSchema } from "./schemas/services.ts";
import { SearchGlossarySchema, SearchSynonymsSchema } from "./schemas/search.ts";

/**
 * Every content type of the site: where its files are, its schema, and what
 * people call it. A collection is a folder of Markdown entries (one file
 * each, the file name is the slug); a document is one YAML file. Loading and
 * releases (index.server.ts) and the studio (its lists, forms and files) all
 * go by this table; it imports nothing of the server, so the studio's browser
 * app builds its forms from the same schemas.
 *
 * `filters`: the entry's own fields a list is filtered by in the studio.
 * `summary`: the field shown under an entry's title in a list.
 */
export type CollectionInfo = {
  folder: string;
  schema: z.ZodType;
  title: string;
  /** One entry, as a sentence names it («Статья «…» не опубликовать»). */
  one: string;
  /** The same word as an object («Добавить статью», «Удалить кейс»). */
  accusative: string;
  /** Its gender, which the adjective follows («Новая статья», «Новый кейс», «Новое событие»). */
  gender: "m" | "f" | "n";
  filters: readonly string[];
};

export const COLLECTION_CATALOG = {
  services: { folder: "services", schema: ServiceSchema, title: "Услуги", one: "услуга", accusative: "услугу", gender: "f", filters: ["direction", "popular"] },
  industries: { folder: "industries", schema: IndustrySchema, title: "Отрасли", one: "отрасль", accusative: "отрасль", gender: "f", filters: ["services"] },
  cases: { folder: "projects/cases", schema: CaseSchema, title: "Кейсы", one: "кейс", accusative: "кейс", gender: "m", filters: ["industry", "services", "featured"] },
  reviews: { folder: "projects/reviews", schema: ReviewSchema, title: "Отзывы", one: "отзыв", accusative: "отзыв", gender: "m", filters: ["industry", "services"] },
  articles: { folder: "academy", schema: ArticleSchema, title: "Статьи Академии", one: "статья", accusative: "статью", gender: "f", filters: ["category", "tags", "author"] },
  positions: { folder: "career", schema: PositionSchema, title: "Вакансии", one: "вакансия", accusative: "вакансию", gender: "f", filters: ["department", "level", "format"] },
  events: { folder: "events", schema: EventSchema, title: "События", one: "событие", accusative: "событие", gender: "n", filters: ["kind", "online"] },
  legal: { folder: "legal", schema: LegalPageSchema, title: "Юридические документы", one: "документ", accusative: "документ", gender: "m", filters: [] },
  landings: { folder: "landings", schema: LandingSchema, title: "Лендинги", one: "лендинг", accusative: "лендинг", gender: "m", filters: ["hidden"] },
} as const satisfies Record<string, CollectionInfo>;

const NEW = { m: "Новый", f: "Новая", n: "Новое" } as const;

/** The studio's words for one entry of a collection, made from the table above: «Новая статья», «Добавить статью», «Удалить статью». */
export function entryWords(type: CollectionName): { fresh: string; add: string; remove: string } {
  const { one, accusative, gender } = COLLECTION_CATALOG[type];
  return { fresh: `${NEW[gender]} ${one}`, add: `Добавить ${accusative}`, remove: `Удалить ${accusative}` };
}

export type DocumentInfo = { file: string; schema: z.ZodType; title: string };

export const DOCUMENT_CATALOG = {
  pages: { file: "pages.yaml", schema: StaticPagesSchema, title: "Тексты страниц" },
  navigation: { file: "navigation.yaml", schema: NavigationSchema, title: "Навигация" },
  company: { file: "company.yaml", schema: CompanySchema, title: "Компания и команда" },
  contacts: { file: "contacts.yaml", schema: ContactsSchema, title: "Контакты" },
  worths: { file: "worths.yaml", schema: WorthsSchema, title: "Ценности" },
  questions: { file: "questions.yaml", schema: QuestionsSchema, title: "Вопросы и ответы" },
  searchSynonyms: { file: "search-synonyms.yaml", schema: SearchSynonymsSchema, title: "Синонимы для поиска" },
  searchGlossary: { file: "search-glossary.yaml", schema: SearchGlossarySchema, title: "Словарь отрасли для поиска" },
} as const satisfies Record<string, DocumentInfo>;

/** Tables the server reads in formats of their own (CSV, JSON), edited as one form. */
export const TABLE_CATALOG = {
  redirects: { files: ["redirects.csv", "route-rules.json"], schema: RedirectsSchema, title: "Перенаправления" },
} as const;

export type CollectionName = keyof typeof COLLECTION_CATALOG;
export type TableName = keyof typeof TABLE_CATALOG;
/** Everything the studio edits: an entry of a collection, a document, a table. */
export type EditableType = CollectionName | DocumentName | TableName;
export type DocumentName = keyof typeof DOCUMENT_CATALOG;

export const isCollectionName = (value: string): value is CollectionName => Object.hasOwn(COLLECTION_CATALOG, value);
export const isDocumentName = (value: string): value is DocumentName => Object.hasOwn(DOCUMENT_CATALOG, value);
export const isTableName = (value: string): value is TableName => Object.hasOwn(TABLE_CATALOG, value);
export const isEditableType = (value: string): value is EditableType => isCollectionName(value) || isDocumentName(value) || isTableName(value);

/** The schema and Russian name of any editable type. */
export function typeInfo(type: EditableType): { schema: z.ZodType; title: string } {
  if (isCollectionName(type)) return COLLECTION_CATALOG[type];
  if (isDocumentName(type)) return DOCUMENT_CATALOG[type];
  return TABLE_CATALOG[type];
}

/** A document or a table has one "entry"; its slug in addresses is this. */
export const SINGLE = "-";

/** Where an entry lives on the public site (events and industries live on their list page), or null. */
export function entryPath(type: CollectionName, slug: string): string {
  switch (type) {
    case "services":
      return `/services/${slug}/`;
    case "industries":
      return "/services-industry/";
    case "cases":
      return `/projects/cases/${slug}/`;
    case "reviews":
      return `/projects/reviews/${slug}/`;
    case "articles":
      return `/academy/${slug}/`;
    case "positions":
      return `/career/${slug}/`;
    case "events":
      return "/events/";
    case "legal":
      return `/${slug}/`;
    case "landings":
      return `/lp/${slug}/`;
  }
}

/** The page that shows a document most (its preview in the studio), or null for one no page shows as such. */
const DOCUMENT_PAGES: Record<DocumentName, string | null> = {
  pages: "/",
  navigation: "/",
  company: "/company/",
  contacts: "/contacts/",
  worths: "/worths/",
  questions: "/questions/",
  searchSynonyms: null,
  searchGlossary: null,
};

/** The page to preview an entry on: its own, its list's, or a document's page; null for tables and unnamed entries. */
export function previewPath(type: EditableType, slug: string): string | null {
  if (isCollectionName(type)) return SLUG_PATTERN.test(slug) ? entryPath(type, slug) : SECTION_PATHS[type];
  if (isDocumentName(type)) return DOCUMENT_PAGES[type];
  return null;
}

/** The list page of a collection's section: where a deleted entry's address leads by default. */
export const SECTION_PATHS: Record<CollectionName, string> = {
  services: "/services/",
  industries: "/services-industry/",
  cases: "/projects/",
  reviews: "/projects/",
  articles: "/academy/",
  positions: "/career/",
  events: "/events/",
  legal: "/",
  landings: "/",
};

/** Whether an entry has an address of its own (a 301 can lead from it). */
export const hasOwnPage = (type: CollectionName) => type !== "events" && type !== "industries";

/** Whether a collection's entries have a Markdown text after their fields (`body`); a landing's texts live in its blocks. */
export const hasBody = (type: CollectionName): boolean => "body" in (COLLECTION_CATALOG[type].schema as unknown as { shape: object }).shape;

/** The collection entry a content file is (`academy/x.md` → articles/x), or null for anything else. */
export function entryOfFile(path: string): { type: CollectionName; slug: string } | null {
  for (const [type, { folder }] of Object.entries(COLLECTION_CATALOG) as Array<[CollectionName, { folder: string }]>) {
    const prefix = `${folder}/`;
    if (!path.startsWith(prefix) || !path.endsWith(".md")) continue;
    const slug = path.slice(prefix.length, -".md".length);
    if (slug !== "" && !slug.includes("/")) return { type, slug };
  }
  return null;
}
