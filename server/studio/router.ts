import type { Context } from "./context.ts";

/**
 * The API's route table: `{ method, path, handle }` entries, paths relative
 * to /studio/api with `:name` parameters (one path segment each). A section
 * of the studio exports its entries (api/*.ts) and api/index.ts lists them.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = { method: Method; path: string; handle(ctx: Context): Promise<void> };

type Compiled = { route: ApiRoute; pattern: RegExp; names: string[] };
export type Match = { route: ApiRoute; params: Record<string, string> } | { allow: string[] } | null;

export function createRouter(routes: readonly ApiRoute[]) {
  const compiled: Compiled[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split("/")
      .map((part) => {
        if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return { route, pattern: new RegExp(`^${source}$`), names };
  });

  /** The route for a method and path; `allow` when the path exists for other methods only; null when unknown. */
  return function match(method: string, path: string): Match {
    const allow: string[] = [];
    for (const { route, pattern, names } of compiled) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (route.method !== method) {
        allow.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (const [i, name] of names.entries()) {
        try {
          params[name] = decodeURIComponent(m[i + 1] as string);
        } catch {
          return null;
        }
      }
      return { route, params };
    }
    return allow.length > 0 ? { allow } : null;
  };
}
