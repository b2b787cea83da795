import { z } from "zod";
import { isoDate, markdown, seo, withGroups } from "../fields.ts";

export const LEGAL_PAGES = ["oferta", "cookies", "privacy", "agreement"] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];

/** A legal document: `content/legal/<slug>.md`. */
export const LegalPageSchema = withGroups(
  z.strictObject({
  slug: z.enum(LEGAL_PAGES).meta({ title: "Документ", "x-labels": { oferta: "Оферта", cookies: "Политика cookie", privacy: "Политика обработки данных", agreement: "Согласие на обработку данных" } }),
  ...seo(),
  /** Date the current revision took effect. */
  revised: isoDate().meta({ title: "Действует с" }),
  /** Revision stored with every consent given: the date it was issued (e.g. "2026-09-01"). */
  version: isoDate().meta({ title: "Редакция от", description: "Дата редакции; сохраняется с каждым согласием" }),
  /** The document (Markdown). */
  body: markdown().meta({ title: "Текст документа" }),
  }),
  [
    { title: "Основное", fields: ["slug", "revised", "version"] },
    { title: "Для поисковиков", fields: ["title", "description"] },
    { title: "Текст документа", fields: ["body"] },
  ],
);

export type LegalPage = z.output<typeof LegalPageSchema>;
