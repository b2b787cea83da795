import { z } from "zod";
import { icon, markdown, ref, seo, slug, text } from "../fields.server.ts";

/** An industry the agency works in: `content/industries/<slug>.md`. Its cases are those whose `industry` names it. */
export const IndustrySchema = z.strictObject({
  slug: slug(),
  ...seo(),
  /** Short name for chips and filters ("Ритейл", "Финтех"). */
  name: text(),
  icon: icon(),
  /** One or two sentences for the industry's block on /services-industry/. */
  summary: text(),
  /** Position on /services-industry/ (ascending). */
  order: z.number().int().min(0).default(100),
  /** Typical problems of this industry the agency solves. */
  challenges: z.array(text()).min(2),
  /** Slugs of services offered to this industry. */
  services: z.array(ref()).min(1),
  /** The body (Markdown). */
  body: markdown(),
});

export type Industry = z.output<typeof IndustrySchema>;
