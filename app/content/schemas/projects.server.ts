import { z } from "zod";
import { isoDate, markdown, metric, ref, seo, slug, text, yearMonth } from "../fields.server.ts";

/** Sections of the projects area: /projects/<card>/<slug>/. */
export const PROJECT_CARDS = ["cases", "reviews"] as const;
export type ProjectCard = (typeof PROJECT_CARDS)[number];

/** A case study: `content/projects/cases/<slug>.md`. */
export const CaseSchema = z.strictObject({
  slug: slug(),
  ...seo(),
  /** The client's name as it may be published (also drawn as its wordmark). */
  client: text(),
  /** Industry slug. */
  industry: ref(),
  /** Slugs of the services the case shows. */
  services: z.array(ref()).min(1),
  /** When the work ran. */
  period: z.strictObject({ from: yearMonth(), to: yearMonth().optional() }),
  /** Publication date, for ordering (newest first). */
  published: isoDate(),
  /** Shown on the home page. */
  featured: z.boolean().default(false),
  /** The client's situation and goal (Markdown). */
  task: markdown(),
  /** What was done (Markdown). */
  solution: markdown(),
  /** Measured outcome: 2–4 metrics. */
  results: z.array(metric()).min(2).max(6),
  /** A quote from the client. */
  quote: z.strictObject({ text: text(), author: text(), position: text() }).optional(),
  /** Details beyond task and solution (Markdown, may be empty). */
  body: z.string().transform((s) => s.trim()).pipe(z.union([z.literal(""), markdown()])),
});

/** A client review: `content/projects/reviews/<slug>.md`. */
export const ReviewSchema = z.strictObject({
  slug: slug(),
  ...seo(),
  /** Who wrote the review. */
  author: text(),
  /** Their position at the client. */
  position: text(),
  /** The client company. */
  company: text(),
  /** Industry slug, for filters. */
  industry: ref(),
  /** Slugs of the services reviewed, for filters. */
  services: z.array(ref()).min(1),
  /** Slug of the case the review belongs to, where one is published. */
  case: ref().optional(),
  /** Stars out of 5, where the review was given with a rating. */
  rating: z.number().int().min(1).max(5).optional(),
  /** Where the review was first published: on a letterhead, a rating site… */
  source: z.strictObject({ name: text(), url: z.url({ protocol: /^https$/ }).optional() }).optional(),
  published: isoDate(),
  /** The review text (Markdown). */
  body: markdown(),
});

export type Case = z.output<typeof CaseSchema>;
export type Review = z.output<typeof ReviewSchema>;
export type Metric = Case["results"][number];
