import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ApiFailure } from "../api/client.ts";
import { pages } from "#core/studio/paths.ts";
import { EmptyState, Page } from "../ui/index.ts";

/** A role without the permission (the server said 403, or the section is not theirs). */
export function Forbidden() {
  return (
    <Page title="Нет доступа">
      <EmptyState title="У вашей роли нет доступа к этому разделу">
        <p>
          Если он нужен вам для работы, попросите администратора студии изменить роль. <Link to={pages.home}>На главную студии</Link>
        </p>
      </EmptyState>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title="Страница не найдена">
      <EmptyState title="В студии нет такой страницы">
        <p>
          Проверьте адрес или вернитесь <Link to={pages.home}>на главную студии</Link>.
        </p>
      </EmptyState>
    </Page>
  );
}

/** What a page shows when its loading failed: no access, gone, or the server's own words. */
export function RouteError() {
  const error = useRouteError();
  const status = error instanceof ApiFailure ? error.status : isRouteErrorResponse(error) ? error.status : 0;
  if (status === 403) return <Forbidden />;
  if (status === 404) return <NotFound />;
  const message = error instanceof ApiFailure ? error.message : "Что-то пошло не так. Обновите страницу.";
  return (
    <Page title="Не получилось открыть страницу">
      <EmptyState title={message}>
        <p>
          Попробуйте обновить страницу. Если не поможет — <Link to={pages.home}>на главную студии</Link>.
        </p>
      </EmptyState>
    </Page>
  );
}
