import { publicConfig } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { caseCover } from "../../images/images.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { paths } from "#core/lib/paths.ts";
import { faqPage, service as serviceLd } from "../../lib/structured-data.server.ts";
import { typographText } from "#core/content/typography.server.ts";

/** A service with its related cases as cards and its structured data, or the validate-rule 404. */
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
            cover: caseCover(found),
          },
        ]
      : [];
  });
  // Tool names are plain strings in content ("VK Реклама"): bind their short words like every other text.
  const ld = serviceLd(publicConfig(), { name: service.name, description: service.description, path: paths.service(service.slug), priceFrom: service.pricing.from });
  const structuredData = service.faq.length > 0 ? [ld, faqPage(service.faq)] : ld;
  return { service: { ...service, tools: service.tools.map(typographText) }, cases, structuredData };
}

export type ServiceData = ReturnType<typeof loadService>;
