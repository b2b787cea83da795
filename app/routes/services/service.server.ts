import { content } from "../../content/index.server.ts";
import { requireEntry } from "../../lib/errors.ts";

/** A service with its related cases, or the validate-rule 404. */
export function loadService(slug: string | undefined, request: Request) {
  const c = content();
  const service = requireEntry(
    c.services.find((s) => s.slug === slug),
    request,
  );
  const cases = service.cases.flatMap((caseSlug) => {
    const found = c.cases.find((p) => p.slug === caseSlug);
    return found ? [{ slug: found.slug, title: found.title, client: found.client }] : [];
  });
  return { service, cases };
}
