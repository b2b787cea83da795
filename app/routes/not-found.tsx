import type { Route } from "./+types/not-found";
import { noRouteMatched } from "../lib/errors.ts";

/** Any address no route matches: a real 404 rendered by the layout's error boundary. */
export function loader({ request }: Route.LoaderArgs): never {
  throw noRouteMatched(request);
}

export default function NotFound() {
  return null;
}
