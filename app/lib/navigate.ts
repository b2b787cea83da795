import { useCallback } from "react";
import { type NavigateOptions, useNavigate } from "react-router";
import { resolveNavigation } from "#core/lib/url.ts";

/**
 * The site's one programmatic navigation: internal targets get the trailing
 * slash; external targets need `external: true` and load as a full page;
 * external or script URLs without it throw (see `resolveNavigation`).
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: NavigateOptions & { external?: boolean } = {}) => {
      const { external, ...rest } = options;
      const target = resolveNavigation(to, { external });
      if (target.external) {
        window.location.assign(target.href);
        return;
      }
      return navigate(target.href, rest);
    },
    [navigate],
  );
}
