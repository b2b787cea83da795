import { z } from "zod";
import { isoDate, markdown, seo } from "../fields.ts";

export const LEGAL_PAGES = ["oferta", "cookies", "privacy", "agreement"] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];

/** A legal document: `content/legal/<slug>.md`. */
export const LegalPageSchema = z.strictObject({
  slug: z.enum(LEGAL_PAGES).meta({ title: "Документ", "x-labels": { oferta: "Оферта", cookies: "Политика cookie", privacy: "Политика обработки данных", agreement: "Согласие на обработку данных" } }),
  ...seo(),
  /** Date the current revision took effect. */
  revised: isoDate().meta({ title: "Действует с" }),
  /** Revision label stored with every consent given (e.g. "2026-09-01"). */
  version: z.string().min(1).max(40).meta({ title: "Редакция", description: "Сохраняется с каждым согласием, например 2026-09-01" }),
  /** The document (Markdown). */
  body: markdown().meta({ title: "Текст документа" }),
});

export type LegalPage = z.output<typeof LegalPageSchema>;
