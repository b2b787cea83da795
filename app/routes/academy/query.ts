import { paths } from "#core/lib/paths.ts";

/** The list's state as it lives in the URL: ?category=seo&tag=python&page=2. */
export type AcademyQuery = { category: string | null; tag: string | null; page: number };

export const PAGE_SIZE = 9;

export function parseAcademyQuery(search: URLSearchParams): AcademyQuery {
  const page = Number(search.get("page") ?? "1");
  return {
    category: search.get("category") || null,
    tag: search.get("tag") || null,
    page: Number.isInteger(page) && page > 0 ? page : Number.NaN,
  };
}

/** The address of a list state; page 1 and absent filters leave no trace, so every state has one URL. */
export function academyHref(q: Partial<AcademyQuery>): string {
  const params = new URLSearchParams();
  if (q.category) params.set("category", q.category);
  if (q.tag) params.set("tag", q.tag);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const query = params.toString();
  return query ? `${paths.academy()}?${query}` : paths.academy();
}
