import { lazy, Suspense } from "react";
import { isRouteErrorResponse } from "react-router";
import { paths } from "#core/lib/paths.ts";
import { reloadApp } from "../runtime/chunk-recovery.ts";
import { Button, ButtonLink } from "../ui/button.tsx";
import { ERROR_TEXTS } from "./error-texts.ts";

// Its markup and section links load with a 404, not with every page (the server renders it in place).
const NotFound = lazy(() => import("./not-found.tsx"));

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The 404 page, or the "server is silent" page for any other status. */
export function ErrorPage({ status }: { status: number }) {
  if (status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <h1 id="error-title" className="error-page__code">
        {status}
      </h1>
      <p className="error-page__text">{ERROR_TEXTS.silentText}</p>
      <div className="error-page__actions">
        <Button variant="primary" icon="update" onClick={reloadApp}>
          {ERROR_TEXTS.refresh}
        </Button>
        <ButtonLink to={paths.home()}>{ERROR_TEXTS.home}</ButtonLink>
      </div>
    </section>
  );
}
