import { useRouteLoaderData } from "react-router";
import type { RootData } from "../lib/meta.ts";

/** What forms offer that comes from the content: the default layout's loader provides it. */
export type FormOptions = {
  services: ReadonlyArray<{ slug: string; name: string }>;
};

export function useFormOptions(): FormOptions {
  const layout = useRouteLoaderData<{ forms?: FormOptions }>("layouts/default");
  return layout?.forms ?? { services: [] };
}

export function useCounterId(): string | null {
  return useRouteLoaderData<RootData>("root")?.site.metrikaId ?? null;
}
