import { HttpError, field, MESSAGES } from "../http.ts";
import { sessionCookie } from "../cookie.ts";
import { AUTH_MESSAGES, sessionInfo } from "../auth.ts";
import { hashPassword, passwordProblem } from "../passwords.ts";
import type { ApiRoute } from "../router.ts";
import { RULE_MESSAGES } from "#core/studio/rules.ts";

/**
 * «Мой профиль»: a signed-in user's e-mail for the inbox's letters, and their own password (the current one,
 * then the new one twice). Every session of theirs ends, this browser's too,
 * and this browser gets a new one: a session someone else may hold dies.
 */
export const PROFILE_MESSAGES = {
  email: "Проверьте e-mail: в\u00a0нём должны быть «@» и\u00a0домен, например anna@agency.ru",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const profileRoutes: ApiRoute[] = [
  {
    // Where the inbox's letters reach the user (being made responsible for a submission).
    method: "GET",
    path: "/profile/email",
    access: "signed-in",
    // The profile page, where an admin who must sets the second factor up, reads it too.
    beforeSecondFactor: true,
    async handle(ctx) {
      const session = await ctx.requireUser();
      const [row] = await ctx.services.inbox.db.query<{ email: string | null }>("SELECT email FROM studio_users WHERE id = $1", [session.user.id]);
      ctx.send(200, { email: row?.email ?? "" });
    },
  },
  {
    method: "PUT",
    path: "/profile/email",
    access: "signed-in",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const email = field(await ctx.body(), "email", 254).trim();
      if (email && !EMAIL.test(email)) throw new HttpError(422, MESSAGES.invalid, { email: PROFILE_MESSAGES.email });
      await ctx.services.inbox.db.query("UPDATE studio_users SET email = $2 WHERE id = $1", [session.user.id, email || null]);
      ctx.send(200, { email });
    },
  },
  {
    method: "POST",
    path: "/profile/password",
    access: "signed-in",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const current = field(body, "current");
      const password = field(body, "password");
      const confirm = field(body, "confirm");
      const errors: Record<string, string> = {};
      if (current === "") errors.current = RULE_MESSAGES.passwordRequired;
      const problem = passwordProblem(password, session.user);
      if (problem) errors.password = problem;
      else if (password !== confirm) errors.confirm = RULE_MESSAGES.passwordMismatch;
      if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
      if (!(await ctx.services.auth.confirmPassword(session, current, ctx.client))) {
        throw new HttpError(422, MESSAGES.invalid, { current: AUTH_MESSAGES.currentWrong });
      }
      const { users, sessions, config } = ctx.services;
      await users.setPassword(session.user.login, await hashPassword(password), { actor: session.user, ip: ctx.client.ip }, true);
      const sessionId = await sessions.create(session.user.id, ctx.client.ip);
      ctx.send(200, sessionInfo(session.user, config), { "Set-Cookie": sessionCookie(sessionId, config.secureCookie) });
    },
  },
];
