import { useRouteLoaderData } from "react-router";

/** What forms offer that comes from the content: the default layout's loader provides it. */
export type FormOptions = {
  services: ReadonlyArray<{ slug: string; name: string }>;
};

export function useFormOptions(): FormOptions {
  const layout = useRouteLoaderData<{ forms?: FormOptions }>("layouts/default");
  return layout?.forms ?? { services: [] };
}
