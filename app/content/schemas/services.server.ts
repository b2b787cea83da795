import { z } from "zod";
import { faqItem, icon, markdown, metric, ref, seo, slug, text } from "../fields.server.ts";

/** A service the agency sells: `content/services/<slug>.md`. */
export const ServiceSchema = z.strictObject({
  /** The file name; the page lives at /services/<slug>/. */
  slug: slug(),
  ...seo(),
  /** Short name for cards, menus and breadcrumbs (the title may be longer). */
  name: text(),
  /** Direction the service is grouped under on /services/. */
  direction: z.enum(["analytics", "marketing", "creative", "development", "consulting"]),
  /** Position within its direction (ascending). */
  order: z.number().int().min(0).default(100),
  /** Shown among popular services (home, search suggestions). */
  popular: z.boolean().default(false),
  icon: icon(),
  /** One or two sentences for cards and the page lead. */
  summary: text(),
  /** What the client gets: 4–8 items. */
  included: z.array(z.strictObject({ title: text(), text: text() })).min(3),
  /** How the work goes, in order. */
  stages: z.array(z.strictObject({ title: text(), text: text(), duration: text().optional() })).min(3),
  /** Typical results of this service in past projects. */
  results: z.array(metric()).min(2),
  /** How the service is priced. */
  pricing: z.strictObject({
    model: z.enum(["monthly", "project", "hourly", "percent"]),
    /** Lowest price in roubles before VAT (for "percent": the minimum monthly fee). */
    from: z.number().int().positive(),
    note: text().optional(),
  }),
  /** Tools and platforms used (for dedicated pages and "stack" blocks). */
  tools: z.array(z.string().trim().min(1)).default([]),
  /** Fixed packages, where the service is sold in packages. */
  packages: z
    .array(
      z.strictObject({
        name: text(),
        price: z.number().int().positive(),
        period: z.enum(["month", "project"]),
        features: z.array(text()).min(2),
        highlighted: z.boolean().default(false),
      }),
    )
    .default([]),
  /** Slugs of cases that show this service at work. */
  cases: z.array(ref()).default([]),
  faq: z.array(faqItem()).default([]),
  /** The longer description (Markdown). */
  body: markdown(),
});

export type Service = z.output<typeof ServiceSchema>;
export type ServiceDirection = Service["direction"];
