import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { publicConfig } from "./config/env.server.ts";
import { CookieNotice } from "./consent/cookie-notice.tsx";
import { logRouteError } from "./lib/log-error.ts";
import { defaultTitle, siteConfig, type RootData } from "./lib/meta.ts";
import { ErrorPage, errorStatus } from "./site/error-page.tsx";
import "./styles/global.css";

export function loader(): RootData {
  return { site: publicConfig() };
}

// Public configuration is fixed for the life of the page: never refetched, so a
// failed navigation cannot take it away from the error page.
export const shouldRevalidate = () => false;

/** Fallback metadata: pages replace it with their own. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteConfig(matches);
  return site ? [{ title: defaultTitle(site) }] : [];
};

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <CookieNotice />
    </>
  );
}

/** Errors the layouts cannot catch (the root loader, the empty layout): the error page alone. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => logRouteError(error), [error]);
  return <ErrorPage status={errorStatus(error)} />;
}
