import { HttpError, field, MESSAGES } from "../http.ts";
import { clearedSessionCookie, secondStepCookie, secondStepIdFrom, sessionCookie } from "../cookie.ts";
import { AUTH_MESSAGES, sessionInfo, type SignedIn } from "../auth.ts";
import type { Context } from "../context.ts";
import { mustSetUpSecondFactor, type ApiRoute } from "../router.ts";
import { RULE_MESSAGES } from "#core/studio/rules.ts";
import type { SecondStep } from "#core/studio/api.ts";

/**
 * GET: who is signed in (401 if no one). POST: sign in, in one step, or two for whoever has a
 * second factor: the login and password, then (their right answer being `{ secondStep: true }`
 * and a cookie of its own, no session) the code. DELETE: sign out.
 */
function answer(ctx: Context, signedIn: SignedIn): void {
  const { config } = ctx.services;
  if ("secondStep" in signedIn) {
    const step: SecondStep = { secondStep: true };
    ctx.send(200, step, { "Set-Cookie": secondStepCookie(signedIn.secondStep, config.secureCookie) });
    return;
  }
  ctx.res.setHeader("Set-Cookie", [sessionCookie(signedIn.sessionId, config.secureCookie), secondStepCookie(null, config.secureCookie)]);
  ctx.send(200, sessionInfo(signedIn.user, config, signedIn.mustSetUpSecondFactor));
}

export const sessionRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/session",
    access: "signed-in",
    beforeSecondFactor: true,
    async handle(ctx) {
      const session = await ctx.requireUser();
      ctx.send(200, sessionInfo(session.user, ctx.services.config, mustSetUpSecondFactor(session)));
    },
  },
  {
    method: "POST",
    path: "/session",
    access: "public",
    async handle(ctx) {
      const body = await ctx.body();
      if (Object.hasOwn(body, "code")) {
        const code = field(body, "code", 100).trim();
        if (code === "") throw new HttpError(422, MESSAGES.invalid, { code: AUTH_MESSAGES.codeRequired });
        answer(ctx, await ctx.services.auth.signInWithCode(secondStepIdFrom(ctx.req), code, ctx.client, await ctx.session()));
        return;
      }
      const login = field(body, "login", 200);
      const password = field(body, "password", 1_000);
      const errors: Record<string, string> = {};
      if (login.trim() === "") errors.login = RULE_MESSAGES.loginRequired;
      if (password === "") errors.password = RULE_MESSAGES.passwordRequired;
      if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
      answer(ctx, await ctx.services.auth.signIn(login, password, ctx.client, await ctx.session()));
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
