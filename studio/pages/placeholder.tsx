import { useSession } from "../shell/session.ts";
import { NAV } from "../shell/nav.ts";
import type { PageName } from "../shared/paths.ts";
import { EmptyState, Page } from "../ui/index.ts";
import { Forbidden } from "./errors.tsx";

/**
 * The place of a section still to be built (content editing, publications):
 * its route, its permission and its name exist already; its page
 * replaces this one in routes.tsx.
 */
export function Placeholder({ section }: { section: PageName }) {
  const { can } = useSession();
  const item = NAV.find((entry) => entry.page === section);
  if (!item) return null;
  if (!can(item.permission)) return <Forbidden />;
  return (
    <Page title={item.label} lead={item.description}>
      <EmptyState title="Раздел появится в следующей версии студии">
        <p>Здесь будет работа с разделом «{item.label}». Пока его материалы правят в репозитории сайта.</p>
      </EmptyState>
    </Page>
  );
}
