import { z } from "zod";
import { EMAIL_MAX, TITLE_MAX, URL_MAX, WORD_MAX } from "./limits.ts";
import "./messages.ts";
import { formatCount } from "../lib/format.ts";

/**
 * Field types shared by the content schemas. A schema says which strings are
 * visible text (typographed), which are Markdown (rendered to HTML), which are
 * identifiers (left alone). The schemas are shared by the server (which loads
 * and releases content) and the studio's browser app (which builds its forms
 * from them and checks a field as it is typed), so this module imports nothing
 * of the server: how text is typographed and Markdown rendered is installed by
 * `present.server.ts`, which every server-side load goes through. In the
 * browser both stay as typed: the studio validates, the server presents.
 */

type Presenters = {
  text: (source: string) => string;
  markdown: (source: string, options: { nestedUnder?: number }) => string;
};

const presenters: Presenters = { text: (source) => source, markdown: (source) => source };

/** Installs typography and the Markdown renderer (present.server.ts); nothing else calls it. */
export function installPresenters(next: Presenters): void {
  Object.assign(presenters, next);
}

/** Field metadata: the Russian label and hint the studio shows (JSON Schema's title and description). */
export type Label = { title: string; description?: string };

/** Visible text of at most `max` characters (core/content/limits.ts): typographed at load. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .transform((source) => presenters.text(source));

/**
 * The longest Markdown text of one field, in characters: three times the
 * longest text of the site (the privacy policy, 16,600). Rendering time grows
 * faster than the text on some inputs, so a limit keeps what a field can cost
 * small (decision 025).
 */
export const MARKDOWN_MAX_CHARS = 50_000;

/** The error of a text over the limit (the studio states the limit next to the field). */
export const MARKDOWN_TOO_LONG = `Текст не\u00a0длиннее ${formatCount(MARKDOWN_MAX_CHARS)} знаков: разделите его или сократите`;

/**
 * Markdown source rendered to typographed HTML (code blocks highlighted; a block needs a known language).
 * `nestedUnder`: the heading level of the item the text is shown in (see renderMarkdown).
 * Over MARKDOWN_MAX_CHARS the text is refused before it is rendered.
 */
export const markdown = (options: { nestedUnder?: number } = {}) =>
  z
    .string()
    .trim()
    .min(1)
    .max(MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG)
    .transform((source, ctx) => {
      try {
        return presenters.markdown(source, options);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    })
    .meta({ contentMediaType: "text/markdown", ...(options.nestedUnder ? { "x-nested-under": options.nestedUnder } : {}) });

export const SLUG_PATTERN = /^[a-z\d]+(?:-[a-z\d]+)*$/;
/** The longest slug: an address people can still read and type, and a file name every disk takes. */
export const SLUG_MAX = 100;

/** A URL slug: lowercase latin letters, digits and single hyphens. */
export const slug = () =>
  z.string().max(SLUG_MAX, `Не\u00a0длиннее ${SLUG_MAX} знаков`).regex(SLUG_PATTERN, "Только строчные латинские буквы, цифры и дефисы между ними");

/** What a reference may name: a collection's entries, the company's team (articles' authors), a topic of «Вопросы и ответы». */
export type ReferenceTarget = "services" | "industries" | "cases" | "reviews" | "events" | "team" | "topics";

/**
 * How much a field's value weighs in the site's search, when it is searched at all: as much as
 * the page's name («name»: a case's client), as its lead («lead»: a vacancy's city), as a heading
 * («heading»: a vacancy's department). Declared on the field (`...searched("lead")` in its
 * `.meta()`), read by the search index (core/search/facts.ts) and shown beside the field in the
 * studio as «Ищется». A container searched (a list of awards, the requisites) gives one block per
 * item, its texts joined.
 */
export const SEARCH_WEIGHTS = { name: "как у\u00a0названия страницы", lead: "высокий", heading: "средний" } as const;
export type SearchWeight = keyof typeof SEARCH_WEIGHTS;
export const searched = (weight: SearchWeight) => ({ "x-search": weight }) as const;

/** A reference to another entry by its slug; checked by checkReferences (index.server.ts). */
export const ref = (target: ReferenceTarget) => slug().meta({ "x-reference": target });

/** A calendar date written as YYYY-MM-DD. */
export const isoDate = () => z.iso.date("Нужна дата: в студии 25.11.2026, в файле 2026-11-25");

/** A moment written as ISO 8601 with an offset, e.g. 2026-12-03T19:00:00+03:00. */
export const isoDateTime = () => {
  const message = "Нужны дата и время: в студии 03.12.2026 19:00, в файле 2026-12-03T19:00:00+03:00";
  // Fractions of a second may have any number of digits: a moment with its offset is 29 characters at most.
  return z.iso.datetime({ offset: true, message }).max(40, message);
};

/** Page metadata: `<title>`, meta description and og: tags. */
export const seo = () => ({
  /** Page title without the brand (the layout appends it). */
  title: text(TITLE_MAX).meta({ title: "Заголовок страницы", description: "Для вкладки браузера и поисковиков, без названия агентства" }),
  /** Meta and og:description, 50–200 characters (the studio states both under the field). */
  description: z
    .string()
    .trim()
    .min(50, "Не короче 50 символов")
    .max(200)
    .transform((source) => presenters.text(source))
    .meta({ title: "Описание для поисковиков", description: "Его показывают в выдаче и при отправке ссылки" }),
});

/** A question with its answer (FAQ blocks). */
export const faqItem = () =>
  z.strictObject({ question: text(TITLE_MAX).meta({ title: "Вопрос" }), answer: markdown().meta({ title: "Ответ" }) });

/** A result metric: a number with its unit, e.g. {value: 212, unit: "%", label: "рост заявок"}. */
export const metric = () =>
  z.strictObject({
    /** The number itself (no unit, no sign words). */
    value: z.number().meta({ title: "Число", description: "Без единиц и знака" }),
    /** Unit shown after the number: "%", "₽", "×", "млн ₽", "п. п.", "дней", "из 17"… Visible text, so typographed ("из 17" binds). */
    unit: z
      .string()
      .trim()
      .max(WORD_MAX)
      .default("")
      .transform((source) => presenters.text(source))
      .meta({ title: "Единица", description: "%, ₽, ×, млн ₽, п. п., дней…" }),
    /** "+" or "−" shown before the number for growth or reduction. */
    sign: z.enum(["+", "−", ""]).default("").meta({ title: "Знак", description: "Плюс для роста, минус для снижения" }),
    /** What was measured. */
    label: text(TITLE_MAX).meta({ title: "Что измерили" }),
  });

/** Icon file name under /assets/icons/ without ".svg"; the studio offers the icons to pick from (`x-widget`). */
export const icon = () => slug().meta({ title: "Значок", description: "Выберите значок из набора сайта", "x-widget": "icon" });

/** Whether the runtime knows an IANA time zone (it throws on one it does not). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone such as Europe/Moscow; the studio offers them as a list (`x-widget`). */
export const timeZone = () =>
  z
    .string()
    // The longest IANA name is 32 characters; a long one is not looked up at all.
    .max(64, "Выберите часовой пояс из списка")
    .refine(knownTimeZone, "Выберите часовой пояс из списка")
    .default("Europe/Moscow")
    .meta({ title: "Часовой пояс", description: "В нём объявлено время события", "x-widget": "time-zone" });

/** A year and month written as YYYY-MM. */
export const yearMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Выберите месяц и год")
    .meta({ "x-widget": "month" });

/**
 * A link to another site: https:// written out, no backslash, space or control
 * character anywhere (a URL parser accepts `https:\\evil.example`, and
 * browsers drop tabs and line breaks from an address before they read it).
 */
export const httpsUrl = () =>
  z
    .string()
    .max(URL_MAX)
    // Before the URL check, which would quietly drop a tab from the address it returns.
    .regex(/^https:\/\/[^\\\s\p{Cc}]+$/u, "Ссылка, начинающаяся с\u00a0https://, без пробелов и\u00a0обратной косой черты")
    .pipe(z.url({ protocol: /^https$/ }));

/** An address of the site: a path from the root with its trailing slash, an optional #anchor. */
export const sitePath = () =>
  z
    .string()
    .max(URL_MAX)
    .regex(/^\/(?:[a-z\d-]+\/)*(?:#[a-z\d-]+)?$/, "Адрес страницы сайта от корня, со слешем в конце: /services/")
    .meta({ "x-reference": "page" });

/** A mailbox: info@orientir.ru. */
export const email = () => z.email().max(EMAIL_MAX);

/** How content names an uploaded image: `/uploads/<hash>.<ext>` (core/content/uploads.server.ts). */
const UPLOAD_HREF = /^\/uploads\/[a-f\d]{24}\.(?:jpg|png|webp|avif)$/;

/**
 * An optional cover from «Медиа»: on the entry's card, its page and as the
 * picture a shared link shows; without one the site draws its own artwork.
 * The studio picks it from the library (`x-widget`).
 */
export const cover = () =>
  z
    .string()
    .regex(UPLOAD_HREF, "Выберите изображение из\u00a0«Медиа»")
    .optional()
    .meta({ title: "Обложка", description: "Для карточки, страницы и ссылки в мессенджерах; без неё сайт нарисует картинку сам", "x-widget": "image" });

/** One section of a type's form in the studio: its heading and the fields it holds, in the order shown. */
export type FormGroup<K extends string = string> = { title: string; fields: readonly K[] };

/** At most this many sections in one form (more would make its table of contents a list to scroll), each title this long. */
export const FORM_GROUPS_MAX = 8;
export const FORM_GROUP_TITLE_MAX = 40;

/**
 * A type's schema with the sections of its studio form (`x-groups`, beside
 * the labels and hints of `.meta()`): the first holds the fields used most.
 * The compiler checks that every name is a field of the schema; that every
 * field is named exactly once and the bounds above hold is checked over all
 * types by core/content/groups.test.ts. Files and the site are unchanged.
 */
export function withGroups<T extends z.ZodObject>(schema: T, groups: readonly FormGroup<Extract<keyof T["shape"], string>>[]): T {
  return schema.meta({ "x-groups": groups.map((group) => ({ title: group.title, fields: [...group.fields] })) });
}
