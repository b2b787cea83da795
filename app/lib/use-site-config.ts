import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../config/env.server.ts";
import type { RootData } from "./meta.ts";

/** The public configuration from the root loader (origin, brand…), for components. */
export function useSiteConfig(): PublicConfig {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("useSiteConfig needs the root loader data");
  return root.site;
}
