import { z } from "zod";
import { isoDate, markdown, seo } from "../fields.server.ts";

export const LEGAL_PAGES = ["oferta", "cookies", "privacy", "agreement"] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];

/** A legal document: `content/legal/<slug>.md`. */
export const LegalPageSchema = z.strictObject({
  slug: z.enum(LEGAL_PAGES),
  ...seo(),
  /** Date the current revision took effect. */
  revised: isoDate(),
  /** Revision label stored with every consent given (e.g. "2026-09-01"). */
  version: z.string().min(1),
  /** The document (Markdown). */
  body: markdown(),
});

export type LegalPage = z.output<typeof LegalPageSchema>;
