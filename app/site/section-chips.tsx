import { paths } from "../lib/paths.ts";
import { AppLink } from "../ui/app-link.tsx";

/** The three main sections offered where a visitor found nothing (404 page, empty search). */
export function SectionChips() {
  return (
    <nav className="chips" aria-label="Разделы сайта">
      <AppLink className="chip" to={paths.projects()}>
        Портфолио
      </AppLink>
      <AppLink className="chip" to={paths.services()}>
        Услуги
      </AppLink>
      <AppLink className="chip" to={paths.academy()}>
        Академия
      </AppLink>
    </nav>
  );
}
