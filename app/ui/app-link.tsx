import { type ComponentProps, type Ref, useCallback, useRef } from "react";
import { Link } from "react-router";
import { isExternalHref, linkHref } from "#core/lib/url.ts";
import { prefetchHref, usePrefetchOnView } from "../runtime/prefetch.tsx";

type AppLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  /** An address from `paths`, an external URL, or mailto:/tel:. */
  to: string;
};

/**
 * The site's one link component: internal hrefs always get their trailing
 * slash (query and hash kept) and navigate inside the app; external, mailto:
 * and tel: links are plain anchors, web ones opening in a new tab.
 * Internal links prefetch their target when they scroll into view, through
 * the runtime's capped queue (React Router's own prefetch is off). A link
 * given a `prefetch` mode leaves it to React Router instead: "intent" for
 * links that come and go with every keystroke (search results), "none".
 */
export function AppLink({ to, ref, ...props }: AppLinkProps) {
  const external = isExternalHref(to);
  const anchor = useRef<HTMLAnchorElement | null>(null);
  const setRef = useCallback(
    (node: HTMLAnchorElement | null) => {
      anchor.current = node;
      assignRef(ref, node);
    },
    [ref],
  );
  usePrefetchOnView(anchor, props.prefetch ? null : prefetchHref(to, props));

  if (!external) return <Link ref={setRef} to={linkHref(to)} prefetch="none" {...props} />;
  // Router-only options mean nothing on a plain anchor.
  const { prefetch, replace, state, preventScrollReset, relative, reloadDocument, viewTransition, discover, ...rest } =
    props;
  const newTab = /^https?:/i.test(to) ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return <a ref={setRef} href={to} {...newTab} {...rest} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}
