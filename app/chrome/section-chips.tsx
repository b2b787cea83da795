import { paths } from "#core/lib/paths.ts";
import { Tag, TagList } from "../ui/tag.tsx";

/** The three main sections offered where a visitor found nothing (404 page, empty search). */
export function SectionChips() {
  return (
    <nav aria-label="Разделы сайта">
      <TagList>
        <li>
          <Tag to={paths.projects()}>Портфолио</Tag>
        </li>
        <li>
          <Tag to={paths.services()}>Услуги</Tag>
        </li>
        <li>
          <Tag to={paths.academy()}>Академия</Tag>
        </li>
      </TagList>
    </nav>
  );
}
