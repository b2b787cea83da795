import { z } from "zod";
import { isoDate, markdown, seo, slug, text } from "../fields.server.ts";

/** An open position: `content/career/<slug>.md`. */
export const PositionSchema = z.strictObject({
  slug: slug(),
  ...seo(),
  /** Department the position is grouped under on /career/. */
  department: text(),
  level: z.enum(["junior", "middle", "senior", "lead"]),
  format: z.enum(["office", "remote", "hybrid"]),
  city: text(),
  /** Monthly salary range in roubles before tax, when published. */
  salary: z.strictObject({ from: z.number().int().positive(), to: z.number().int().positive().optional() }).optional(),
  published: isoDate(),
  /** One or two sentences for the list. */
  summary: text(),
  responsibilities: z.array(text()).min(3),
  requirements: z.array(text()).min(3),
  niceToHave: z.array(text()).default([]),
  conditions: z.array(text()).min(3),
  /** Hiring steps, in order. */
  process: z.array(z.strictObject({ title: text(), text: text() })).min(2),
  /** About the team and the work (Markdown). */
  body: markdown(),
});

export type Position = z.output<typeof PositionSchema>;
