import { ADMIN_ROLE, type Permission } from "#core/studio/roles.ts";
import type { Context } from "./context.ts";
import { HttpError } from "./http.ts";
import type { ActiveSession } from "./sessions.ts";

/**
 * The API's route table: `{ method, path, access, handle }` entries, paths
 * relative to /studio/api with `:name` parameters (one path segment each). A
 * section of the studio exports its entries (api/*.ts) and api/index.ts lists
 * them. Who may call a route is part of it (`access`), checked by `dispatch`
 * before its handler runs: no route can leave it out.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route: the holders of one permission of the roles table
 * (core/studio/roles.ts), anyone signed in (`"signed-in"`: their own profile,
 * the session probe), or anyone at all (`"public"`: signing in and out).
 */
export type Access = Permission | "signed-in" | "public";

/**
 * `beforeSecondFactor`: the route answers an admin who must set up a second factor before
 * anything else (the studio requires one of admins, theirs is off); every other route refuses
 * them with 403 until it is on.
 */
export type ApiRoute = { method: Method; path: string; access: Access; beforeSecondFactor?: true; handle(ctx: Context): Promise<void> };

export const SECOND_FACTOR_FIRST = "Сначала включите второй фактор входа: администраторам студии он обязателен";

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

/**
 * Runs a matched route: its access first (401 signed out, 403 for a role
 * without the permission, the context's own refusals), then its handler.
 * The session is looked up once: the handler gets it from the context again
 * (`ctx.requireUser()`) at no cost.
 */
export async function dispatch(route: ApiRoute, ctx: Context): Promise<void> {
  if (route.access === "signed-in") await ctx.requireUser();
  else if (route.access !== "public") await ctx.requirePermission(route.access);
  if (route.access !== "public" && !route.beforeSecondFactor) {
    const session = await ctx.requireUser();
    if (mustSetUpSecondFactor(session)) throw new HttpError(403, SECOND_FACTOR_FIRST, { secondFactor: SECOND_FACTOR_FIRST });
  }
  await route.handle(ctx);
}

/** An admin without a second factor while the studio requires one of admins. */
export const mustSetUpSecondFactor = (session: ActiveSession): boolean => session.user.role === ADMIN_ROLE && session.adminsTwoFactor && !session.twoFactor;
