import type { ComponentProps } from "react";
import { Link } from "react-router";
import { isExternalHref, linkHref } from "../lib/url.ts";

type AppLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  /** An address from `paths`, an external URL, or mailto:/tel:. */
  to: string;
};

/**
 * The site's one link component: internal hrefs always get their trailing
 * slash (query and hash kept) and navigate inside the app; external, mailto:
 * and tel: links are plain anchors, web ones opening in a new tab.
 */
export function AppLink({ to, ...props }: AppLinkProps) {
  if (!isExternalHref(to)) return <Link to={linkHref(to)} {...props} />;
  // Router-only options mean nothing on a plain anchor.
  const { prefetch, replace, state, preventScrollReset, relative, reloadDocument, viewTransition, discover, ...anchor } =
    props;
  const newTab = /^https?:/i.test(to) ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return <a href={to} {...newTab} {...anchor} />;
}
