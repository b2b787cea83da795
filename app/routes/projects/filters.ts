import type { ProjectCard } from "#core/content/schemas/projects.ts";

/**
 * The portfolio's filters as they live in the URL query of /projects/:
 * ?card=cases|reviews&industry=<slug>&service=<slug>. The query is the only
 * state, so a filtered view can be shared, reloaded and rendered by the server.
 */
export type ProjectFilters = { card?: ProjectCard; industry?: string; service?: string };

// The card names again as a value: this module also runs in the browser, where server modules may not be imported.
const CARDS: readonly string[] = ["cases", "reviews"] satisfies readonly ProjectCard[];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads the filters; empty or malformed values mean "any" (a GET form sends empty selects as ""). */
export function parseFilters(search: URLSearchParams): ProjectFilters {
  const card = search.get("card") ?? "";
  const industry = search.get("industry") ?? "";
  const service = search.get("service") ?? "";
  return {
    ...(CARDS.includes(card) ? { card: card as ProjectCard } : {}),
    ...(SLUG.test(industry) ? { industry } : {}),
    ...(SLUG.test(service) ? { service } : {}),
  };
}

/** "?card=…&industry=…&service=…" in a fixed order, or "" when no filter is set. */
export function projectsQuery(filters: ProjectFilters): string {
  const params = new URLSearchParams();
  if (filters.card) params.set("card", filters.card);
  if (filters.industry) params.set("industry", filters.industry);
  if (filters.service) params.set("service", filters.service);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Whether a piece of work matches every filter that is set. */
export function matches(work: { industry: string; services: readonly string[] }, filters: ProjectFilters): boolean {
  return (!filters.industry || work.industry === filters.industry) && (!filters.service || work.services.includes(filters.service));
}
