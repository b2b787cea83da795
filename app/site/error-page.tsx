import { isRouteErrorResponse } from "react-router";
import { paths } from "../lib/paths.ts";
import { reloadApp } from "../runtime/chunk-recovery.ts";
import { AppLink } from "../ui/app-link.tsx";
import { Icon } from "../ui/icon.tsx";

/** Fixed texts of the error page (spec, section 2). */
export const ERROR_TEXTS = {
  notFoundTitle: "Страница не найдена",
  notFoundText: "Такой страница нет. Может то, что вам интересно, находится в другом разделе?",
  silentText: "Сервер молчит, попробуйте обновить страницу",
  refresh: "Обновить",
  home: "Главная",
} as const;

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The 404 page, or the "server is silent" page for any other status. */
export function ErrorPage({ status }: { status: number }) {
  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-page__code" aria-hidden="true">
          404
        </p>
        <h1 id="error-title">{ERROR_TEXTS.notFoundTitle}</h1>
        <p className="error-page__text">{ERROR_TEXTS.notFoundText}</p>
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
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title" className="error-page__code">
        {status}
      </h1>
      <p className="error-page__text">{ERROR_TEXTS.silentText}</p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={reloadApp}>
          <Icon icon="update" size={20} />
          {ERROR_TEXTS.refresh}
        </button>
        <AppLink className="button" to={paths.home()}>
          {ERROR_TEXTS.home}
        </AppLink>
      </div>
    </section>
  );
}
