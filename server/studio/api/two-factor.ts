import { HttpError, field, MESSAGES } from "../http.ts";
import { AUTH_MESSAGES, codeRefusal } from "../auth.ts";
import type { Context } from "../context.ts";
import type { ApiRoute } from "../router.ts";
import { groupedSecret, otpauthUri, qrDataUrl } from "../two-factor/codes.ts";
import type { RecoveryCodes, TwoFactorInfo, TwoFactorSetup } from "#core/studio/api.ts";
import { ADMIN_ROLE } from "#core/studio/roles.ts";
import { RULE_MESSAGES } from "#core/studio/rules.ts";

/**
 * «Мой профиль» → second factor: set up with an app (a QR code drawn here, the secret as text),
 * on only after a right code of it, ten recovery codes shown once; new codes with the password;
 * off with the password or a code, except for an admin while the studio requires it of admins.
 */
export const TWO_FACTOR_MESSAGES = {
  notStarted: "Сначала нажмите «Включить второй фактор»: появится QR-код для приложения",
  codeWrong: "Код не\u00a0подходит. Введите шесть цифр, которые сейчас показывает приложение.",
  alreadyOn: "Второй фактор уже включён",
  off: "Второй фактор не\u00a0включён",
  adminKeeps: "Администратор не\u00a0может отключить второй фактор, пока он обязателен для\u00a0администраторов",
  proofNeeded: "Введите пароль или код из\u00a0приложения",
} as const;

async function info(ctx: Context): Promise<TwoFactorInfo> {
  const session = await ctx.requireUser();
  const state = await ctx.services.twoFactor.state(session.user.id);
  return { ...state, isAdmin: session.user.role === ADMIN_ROLE };
}

/** The password or a code of the person's own factor (the code taken), or a 422 at the field offered. */
async function proveItIsThem(ctx: Context, body: Record<string, unknown>): Promise<void> {
  const session = await ctx.requireUser();
  const password = field(body, "password", 1_000);
  const code = field(body, "code", 100).trim();
  if (password !== "") {
    if (!(await ctx.services.auth.confirmPassword(session, password, ctx.client))) throw new HttpError(422, MESSAGES.invalid, { password: AUTH_MESSAGES.currentWrong });
    return;
  }
  if (code === "") throw new HttpError(422, MESSAGES.invalid, { password: TWO_FACTOR_MESSAGES.proofNeeded });
  const check = await ctx.services.auth.confirmCode(session, code, ctx.client);
  if (check !== "totp" && check !== "recovery") throw new HttpError(422, MESSAGES.invalid, { code: codeRefusal(check) });
}

export const twoFactorRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/profile/two-factor",
    access: "signed-in",
    beforeSecondFactor: true,
    async handle(ctx) {
      ctx.send(200, await info(ctx));
    },
  },
  {
    // A new secret to scan; nothing changes until a code of it is confirmed.
    method: "POST",
    path: "/profile/two-factor/setup",
    access: "signed-in",
    beforeSecondFactor: true,
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { twoFactor, config } = ctx.services;
      if ((await twoFactor.state(session.user.id)).enabled) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = await twoFactor.begin(session.user.id);
      const uri = otpauthUri(secret, config.brand, session.user.login);
      const setup: TwoFactorSetup = { secret: groupedSecret(secret), uri, qr: await qrDataUrl(uri) };
      ctx.send(200, setup);
    },
  },
  {
    method: "POST",
    path: "/profile/two-factor",
    access: "signed-in",
    beforeSecondFactor: true,
    async handle(ctx) {
      const session = await ctx.requireUser();
      const code = field(await ctx.body(), "code", 100).trim();
      const { twoFactor } = ctx.services;
      if ((await twoFactor.state(session.user.id)).enabled) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
      if (code === "") throw new HttpError(422, MESSAGES.invalid, { code: AUTH_MESSAGES.codeRequired });
      const codes = await twoFactor.confirm(session.user, code, { actor: session.user, ip: ctx.client.ip });
      if (!codes) throw new HttpError(422, MESSAGES.invalid, { code: TWO_FACTOR_MESSAGES.codeWrong });
      const answer: RecoveryCodes = { recoveryCodes: codes };
      ctx.send(200, answer);
    },
  },
  {
    method: "POST",
    path: "/profile/two-factor/recovery-codes",
    access: "signed-in",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const password = field(await ctx.body(), "password", 1_000);
      if (!(await ctx.services.twoFactor.state(session.user.id)).enabled) throw new HttpError(409, TWO_FACTOR_MESSAGES.off);
      if (password === "") throw new HttpError(422, MESSAGES.invalid, { password: RULE_MESSAGES.passwordRequired });
      if (!(await ctx.services.auth.confirmPassword(session, password, ctx.client))) throw new HttpError(422, MESSAGES.invalid, { password: AUTH_MESSAGES.currentWrong });
      const answer: RecoveryCodes = { recoveryCodes: await ctx.services.twoFactor.regenerate(session.user, { actor: session.user, ip: ctx.client.ip }) };
      ctx.send(200, answer);
    },
  },
  {
    method: "DELETE",
    path: "/profile/two-factor",
    access: "signed-in",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = ctx.req.headers["content-type"] ? await ctx.body() : {};
      const state = await ctx.services.twoFactor.state(session.user.id);
      if (!state.enabled) throw new HttpError(409, TWO_FACTOR_MESSAGES.off);
      if (state.adminsRequired && session.user.role === ADMIN_ROLE) throw new HttpError(409, TWO_FACTOR_MESSAGES.adminKeeps);
      await proveItIsThem(ctx, body);
      await ctx.services.twoFactor.disable(session.user, { actor: session.user, ip: ctx.client.ip });
      ctx.send(204);
    },
  },
];
