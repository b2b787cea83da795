import { HttpError, field, MESSAGES } from "../http.ts";
import { hashPassword, passwordProblem } from "../passwords.ts";
import type { Context } from "../context.ts";
import type { ApiRoute } from "../router.ts";
import { UserError } from "../users.ts";
import { readOwners } from "../inbox/pipeline.ts";
import type { UserList } from "#core/studio/api.ts";
import { isRole, ROLES } from "#core/studio/roles.ts";
import { LOGIN_PATTERN, loginProblem, nameProblem, normalizeLogin, normalizeName, RULE_MESSAGES } from "#core/studio/rules.ts";

/** «Пользователи»: accounts, for those who may manage them (users:manage). */
export const USER_MESSAGES = {
  exists: "Пользователь с\u00a0таким логином уже есть",
  notFound: "Такого пользователя нет — возможно, его уже удалили",
  lastAdmin: "Это последний администратор: сначала назначьте администратором кого-то ещё",
  self: "Нельзя заблокировать самого себя",
  ownerNeeded: "Выберите, кому передать заявки этого пользователя",
  ownerInvalid: "Этому пользователю нельзя передать эти заявки: выберите другого",
  ownFactor: "Свой второй фактор отключают в\u00a0профиле, с\u00a0паролем или кодом",
  noFactor: "У\u00a0этого пользователя второй фактор не\u00a0включён",
} as const;

/** Whom the requests go to: `owner` of the body (a login, or empty). */
const ownerOf = (body: Record<string, unknown>) => normalizeLogin(field(body, "owner", 200)) || null;

function failIfInvalid(errors: Record<string, string>) {
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
}

/** The login of the address (404 when it cannot be one). */
function loginParam(ctx: Context): string {
  const login = ctx.params.login ?? "";
  if (!LOGIN_PATTERN.test(login)) throw new HttpError(404, USER_MESSAGES.notFound);
  return login;
}

/** Store refusals as answers: 404 gone, 409 taken or last admin. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (error.code === "not-found") throw new HttpError(404, USER_MESSAGES.notFound);
    if (error.code === "self") throw new HttpError(409, USER_MESSAGES.self);
    if (error.code === "owner-needed") throw new HttpError(422, MESSAGES.invalid, { owner: USER_MESSAGES.ownerNeeded });
    if (error.code === "owner-invalid") throw new HttpError(422, MESSAGES.invalid, { owner: USER_MESSAGES.ownerInvalid });
    throw new HttpError(409, error.code === "exists" ? USER_MESSAGES.exists : USER_MESSAGES.lastAdmin, error.code === "exists" ? { login: USER_MESSAGES.exists } : undefined);
  }
}

const roleList = () => Object.entries(ROLES).map(([id, role]) => ({ id: id as keyof typeof ROLES, label: role.label, description: role.description }));

export const userRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/users",
    access: "users:manage",
    async handle(ctx) {
      const { users, inbox } = ctx.services;
      const owners = (await readOwners(inbox.db)).map(({ login, name }) => ({ login, name }));
      const { twoFactor } = ctx.services;
      const list: UserList = {
        users: await users.list(),
        roles: roleList(),
        owners,
        owned: await users.owned(),
        twoFactor: await twoFactor.enabledLogins(),
        adminsTwoFactor: await twoFactor.adminsRequired(),
      };
      ctx.send(200, list);
    },
  },
  {
    method: "POST",
    path: "/users",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const login = normalizeLogin(field(body, "login", 200));
      const name = normalizeName(field(body, "name", 1_000));
      const role = field(body, "role", 100);
      const password = field(body, "password");
      const errors: Record<string, string> = {};
      const loginError = loginProblem(login);
      if (loginError) errors.login = loginError;
      const nameError = nameProblem(name);
      if (nameError) errors.name = nameError;
      if (!isRole(role)) errors.role = RULE_MESSAGES.roleUnknown;
      const passwordError = passwordProblem(password, { login, name });
      if (passwordError) errors.password = passwordError;
      failIfInvalid(errors);
      const created = await answering(async () =>
        ctx.services.users.create({ login, name, role: role as keyof typeof ROLES, passwordHash: await hashPassword(password) }, { actor: session.user, ip: ctx.client.ip }),
      );
      ctx.send(201, created);
    },
  },
  {
    method: "PATCH",
    path: "/users/:login",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      const body = await ctx.body();
      const by = { actor: session.user, ip: ctx.client.ip };
      const errors: Record<string, string> = {};
      const role = Object.hasOwn(body, "role") ? field(body, "role", 100) : null;
      const name = Object.hasOwn(body, "name") ? normalizeName(field(body, "name", 1_000)) : null;
      if (role !== null && !isRole(role)) errors.role = RULE_MESSAGES.roleUnknown;
      const nameError = name === null ? null : nameProblem(name);
      if (nameError) errors.name = nameError;
      failIfInvalid(errors);
      const { users } = ctx.services;
      if (!(await users.find(login))) throw new HttpError(404, USER_MESSAGES.notFound);
      if (name !== null) await answering(() => users.rename(login, name, by));
      if (role !== null && isRole(role)) await answering(() => users.setRole(login, role, by));
      const updated = await users.find(login);
      if (!updated) throw new HttpError(404, USER_MESSAGES.notFound);
      const { passwordHash: _, ...row } = updated;
      ctx.send(200, row);
    },
  },
  {
    method: "PUT",
    path: "/users/:login/password",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      const body = await ctx.body();
      const password = field(body, "password");
      const target = await ctx.services.users.find(login);
      if (!target) throw new HttpError(404, USER_MESSAGES.notFound);
      const problem = passwordProblem(password, target);
      failIfInvalid(problem ? { password: problem } : {});
      // An admin resetting their own password here ends their own sessions too: it is a reset like any other.
      const updated = await answering(async () =>
        ctx.services.users.setPassword(login, await hashPassword(password), { actor: session.user, ip: ctx.client.ip }, false),
      );
      ctx.send(200, updated);
    },
  },
  {
    method: "DELETE",
    path: "/users/:login",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      // A body only when the user owns requests and someone is named to take them.
      const body = ctx.req.headers["content-type"] ? await ctx.body() : {};
      const owner = Object.hasOwn(body, "owner") ? ownerOf(body) : null;
      await answering(() => ctx.services.users.remove(login, owner, { actor: session.user, ip: ctx.client.ip }));
      ctx.send(204);
    },
  },
  {
    // Blocks the account: its requests go to `owner`, its sessions end, it cannot sign in.
    method: "PUT",
    path: "/users/:login/block",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      const body = await ctx.body();
      const owner = Object.hasOwn(body, "owner") ? ownerOf(body) : null;
      const updated = await answering(() => ctx.services.users.block(login, owner, { actor: session.user, ip: ctx.client.ip }));
      ctx.send(200, updated);
    },
  },
  {
    method: "DELETE",
    path: "/users/:login/block",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      ctx.send(200, await answering(() => ctx.services.users.unblock(login, { actor: session.user, ip: ctx.client.ip })));
    },
  },
  {
    // A lost phone: an admin turns someone's second factor off (they sign in with the password alone, then set it up again).
    method: "DELETE",
    path: "/users/:login/two-factor",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const login = loginParam(ctx);
      const target = await ctx.services.users.find(login);
      if (!target) throw new HttpError(404, USER_MESSAGES.notFound);
      // One's own goes off only in the profile, where the password or a code proves it is them.
      if (target.id === session.user.id) throw new HttpError(409, USER_MESSAGES.ownFactor);
      if (!(await ctx.services.twoFactor.disable(target, { actor: session.user, ip: ctx.client.ip }))) throw new HttpError(409, USER_MESSAGES.noFactor);
      ctx.send(204);
    },
  },
  {
    // «Требовать второй фактор от администраторов».
    method: "PUT",
    path: "/users/two-factor-required",
    access: "users:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const required = (await ctx.body()).required;
      if (typeof required !== "boolean") throw new HttpError(400, MESSAGES.badJson);
      await ctx.services.twoFactor.setAdminsRequired(required, { actor: session.user, ip: ctx.client.ip });
      ctx.send(200, { required });
    },
  },
];
