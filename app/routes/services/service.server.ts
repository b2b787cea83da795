import { content } from "../../content/index.server.ts";
import { caseCover } from "../../images/images.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { typograph } from "../../content/typography.server.ts";

/** A service with its related cases as cards, or the validate-rule 404. */
export function loadService(slug: string | undefined, request: Request) {
  const c = content();
  const service = requireEntry(
    c.services.find((s) => s.slug === slug),
    request,
  );
  const industryName = new Map(c.industries.map((i) => [i.slug, i.name]));
  const cases = service.cases.flatMap((caseSlug) => {
    const found = c.cases.find((p) => p.slug === caseSlug);
    return found
      ? [
          {
            slug: found.slug,
            title: found.title,
            client: found.client,
            industry: industryName.get(found.industry) ?? found.industry,
            result: found.results[0],
            cover: caseCover(found.slug),
          },
        ]
      : [];
  });
  // Tool names are plain strings in content ("VK Реклама"): bind their short words like every other text.
  return { service: { ...service, tools: service.tools.map(typograph) }, cases };
}

export type ServiceData = ReturnType<typeof loadService>;
