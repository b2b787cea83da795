import { z } from "zod";
import { renderMarkdown } from "./markdown.server.ts";
import { typograph } from "./typography.server.ts";

/**
 * Field types shared by the content schemas. A schema says which strings are
 * visible text (typographed), which are Markdown (rendered to HTML), which are
 * identifiers (left alone).
 */

/** Visible text: typographed at load. */
export const text = () => z.string().trim().min(1).transform(typograph);

/**
 * Markdown source rendered to typographed HTML (code blocks highlighted; a block needs a known language).
 * `nestedUnder`: the heading level of the item the text is shown in (see renderMarkdown).
 */
export const markdown = (options: { nestedUnder?: number } = {}) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((source, ctx) => {
      try {
        return renderMarkdown(source, options);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });

/** A URL slug: lowercase latin letters, digits and single hyphens. */
export const slug = () =>
  z.string().regex(/^[a-z\d]+(?:-[a-z\d]+)*$/, "must be lowercase latin letters, digits and hyphens");

/** A reference to another entry by its slug; resolved by `references.server.ts`. */
export const ref = () => slug();

/** A calendar date written as YYYY-MM-DD. */
export const isoDate = () => z.iso.date();

/** A moment written as ISO 8601 with an offset, e.g. 2026-12-03T19:00:00+03:00. */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** Page metadata: `<title>`, meta description and og: tags. */
export const seo = () => ({
  /** Page title without the brand (the layout appends it). */
  title: text(),
  /** Meta and og:description, 50–200 characters. */
  description: z.string().trim().min(50).max(200).transform(typograph),
});

/** A question with its answer (FAQ blocks). */
export const faqItem = () => z.strictObject({ question: text(), answer: markdown() });

/** A result metric: a number with its unit, e.g. {value: 212, unit: "%", label: "рост заявок"}. */
export const metric = () =>
  z.strictObject({
    /** The number itself (no unit, no sign words). */
    value: z.number(),
    /** Unit shown after the number: "%", "₽", "×", "млн ₽", "п. п.", "дней", "из 17"… Visible text, so typographed ("из 17" binds). */
    unit: z.string().trim().default("").transform(typograph),
    /** "+" or "−" shown before the number for growth or reduction. */
    sign: z.enum(["+", "−", ""]).default(""),
    /** What was measured. */
    label: text(),
  });

/** Icon file name under /assets/icons/ without ".svg". */
export const icon = () => slug();

/** A year and month written as YYYY-MM. */
export const yearMonth = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM");
