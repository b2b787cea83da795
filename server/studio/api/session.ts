import { HttpError, field, MESSAGES } from "../http.ts";
import { clearedSessionCookie, sessionCookie } from "../cookie.ts";
import { sessionInfo } from "../auth.ts";
import type { ApiRoute } from "../router.ts";
import { RULE_MESSAGES } from "#core/studio/rules.ts";

/** GET: who is signed in (401 if no one). POST: sign in. DELETE: sign out. */
export const sessionRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/session",
    access: "signed-in",
    async handle(ctx) {
      const session = await ctx.requireUser();
      ctx.send(200, sessionInfo(session.user, ctx.services.config));
    },
  },
  {
    method: "POST",
    path: "/session",
    access: "public",
    async handle(ctx) {
      const body = await ctx.body();
      const login = field(body, "login", 200);
      const password = field(body, "password", 1_000);
      const errors: Record<string, string> = {};
      if (login.trim() === "") errors.login = RULE_MESSAGES.loginRequired;
      if (password === "") errors.password = RULE_MESSAGES.passwordRequired;
      if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
      const { sessionId, user } = await ctx.services.auth.signIn(login, password, ctx.client, await ctx.session());
      ctx.send(200, sessionInfo(user, ctx.services.config), { "Set-Cookie": sessionCookie(sessionId, ctx.services.config.secureCookie) });
    },
  },
  {
    method: "DELETE",
    path: "/session",
    access: "public",
    async handle(ctx) {
      const session = await ctx.session();
      if (session) await ctx.services.auth.signOut(session, ctx.client);
      ctx.send(204, undefined, { "Set-Cookie": clearedSessionCookie(ctx.services.config.secureCookie) });
    },
  },
];
