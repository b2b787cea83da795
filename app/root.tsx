// First, so the cascade layers' order (app/styles/index.css) is declared before any
// component's CSS that uses a layer: the first mention of a layer fixes its place.
import "./styles/index.css";
import "./styles/code-highlight.css";
import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { publicConfig } from "#core/config/env.server.ts";
import { contentScope } from "#core/lib/load-context.server.ts";
import { CookieNotice } from "./consent/cookie-notice.tsx";
import { logRouteError } from "./lib/log-error.ts";
import { defaultTitle, siteConfig, type RootData } from "./lib/meta.ts";
import { AppRuntime } from "./runtime/app-runtime.tsx";
import { useAppState } from "./runtime/app-state.ts";
import { runtimeMiddleware } from "./runtime/navigation-middleware.ts";
import { WEB_FONTS_HEAD_SCRIPT } from "./runtime/web-fonts.ts";
import { ErrorPage, errorStatus } from "./chrome/error-page.tsx";
import { siteNav } from "./chrome/navigation.server.ts";

export function loader(): RootData {
  return { site: publicConfig(), nav: siteNav() };
}

/** Every loader, action and render reads the content the server hands this request (a release's). */
export const middleware = [contentScope];

/** Build updates, route rules and chunk-load recovery on every client navigation. */
export const clientMiddleware = [runtimeMiddleware];

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
    <html lang="ru" data-app-state="hydrating">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the first paint: a returning visitor's text is set in Onest at once (app/runtime/web-fonts.ts). */}
        <script dangerouslySetInnerHTML={{ __html: WEB_FONTS_HEAD_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <AppRuntime />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Code for the next page could not be loaded and a reload was just tried: the router cannot show it.
  const chunkFailure = useAppState((s) => s.chunkFailure);
  if (chunkFailure) {
    return (
      <main id="main" className="site-main">
        <ErrorPage status={500} />
      </main>
    );
  }
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
