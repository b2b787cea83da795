import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#core/config/env.server.ts";
import type { SiteNav } from "#core/content/schemas/navigation.ts";
import type { RootData } from "./meta.ts";

function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("the site's chrome needs the root loader data");
  return root;
}

/** The public configuration from the root loader (origin, brand…), for components. */
export function useSiteConfig(): PublicConfig {
  return useRootData().site;
}

/** The navigation lists of the header and footer (content/navigation.yaml). */
export function useSiteNav(): SiteNav {
  return useRootData().nav;
}
