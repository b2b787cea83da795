import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/default";
import { content } from "#core/content/index.server.ts";
import { renderTime } from "#core/content/source.server.ts";
import { formOptions } from "../forms/context.server.ts";
import { formatPhone } from "#core/lib/format.ts";
import { pageMeta, type RootData } from "../lib/meta.ts";
import { logRouteError } from "../lib/log-error.ts";
import { ErrorPage, errorStatus } from "../chrome/error-page.tsx";
import { ERROR_TEXTS } from "../chrome/error-texts.ts";
import { SiteFooter, type FooterData } from "../chrome/footer.tsx";
import { SiteHeader } from "../chrome/header.tsx";

export function loader() {
  const { contacts } = content();
  const office = contacts.offices[0];
  if (!office) throw new Error("content/contacts.yaml: offices is empty");
  return {
    footer: {
      phone: office.phone,
      phoneLabel: formatPhone(office.phone),
      email: contacts.salesEmail,
      // The address starts with its postcode and city already.
      address: office.address,
      company: contacts.requisites.name.replace(/^Общество\sс\sограниченной\sответственностью/, "ООО"),
      inn: contacts.requisites.inn,
      ogrn: contacts.requisites.ogrn,
      channels: contacts.messengers,
      year: renderTime("year").getFullYear(),
    } satisfies FooterData,
    forms: formOptions(),
  };
}

// Header and footer data do not change between pages of one build.
export const shouldRevalidate = () => false;

/** Metadata of errors caught here: the 404 title, or the default title for other statuses. */
export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return [];
  const notFound = errorStatus(args.error) === 404;
  return pageMeta(args, {
    title: notFound ? ERROR_TEXTS.notFoundTitle : undefined,
    description: notFound ? ERROR_TEXTS.notFoundText : ERROR_TEXTS.silentText,
    noindex: true,
  });
};

/** The page and the footer hydrate apart from the header, like every section (app/ui/section.tsx, decision 022). */
function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const layout = useRouteLoaderData<typeof loader>("layouts/default");
  const brand = root?.site.brand ?? "";
  return (
    <>
      <SiteHeader brand={brand} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <SiteFooter brand={brand} data={layout?.footer} />
      </Suspense>
    </>
  );
}

export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Page errors render inside the layout, header and footer included. */
export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => logRouteError(error), [error]);
  return (
    <Shell>
      <ErrorPage status={errorStatus(error)} />
    </Shell>
  );
}
