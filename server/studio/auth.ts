import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { plural } from "#core/lib/format.ts";
import type { SessionInfo, SessionUser } from "#core/studio/api.ts";
import { permissionsOf } from "#core/studio/roles.ts";
import { LOGIN_PATTERN, normalizeLogin } from "#core/studio/rules.ts";
import type { AuditLog } from "./audit.ts";
import type { StudioConfig } from "./config.ts";
import { sessionIdFrom } from "./cookie.ts";
import { HttpError, MESSAGES } from "./http.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import type { ActiveSession, SessionStore } from "./sessions.ts";
import type { Throttle } from "./throttle.ts";
import type { UserRecord, UserStore } from "./users.ts";
import type { Challenges } from "./two-factor/challenges.ts";
import type { CodeCheck, TwoFactorStore } from "./two-factor/store.ts";

/**
 * Signing in and out. An unknown login and a wrong password get the same
 * status, the same body and about the same time: the password is always
 * checked, against a dummy hash when there is no such account. Tries are
 * throttled per login and per address before any check (throttle.ts).
 */
export const AUTH_MESSAGES = {
  wrong: "Неверный логин или пароль",
  throttled: (seconds: number) => `Слишком много неудачных попыток входа. Попробуйте снова через ${waitText(seconds)}.`,
  currentWrong: "Текущий пароль не\u00a0подходит",
  blocked: "Учётная запись заблокирована. Обратитесь к\u00a0администратору.",
  codeRequired: "Введите код из\u00a0приложения или код восстановления",
  codeWrong: "Неверный код. Введите шесть цифр, которые сейчас показывает приложение, или код восстановления.",
  codeReplayed: "Этот код уже использован. Дождитесь следующего кода в\u00a0приложении.",
  codeUnreadable: "Код приложения не\u00a0удалось проверить: ключ шифрования на\u00a0сервере сменился. Войдите с\u00a0кодом восстановления или попросите администратора отключить второй фактор.",
  stepOver: "Время на\u00a0ввод кода истекло. Войдите заново: логин и\u00a0пароль.",
} as const;

/** The message at the code's field for a code that was not taken. */
export const codeRefusal = (check: Exclude<CodeCheck, "totp" | "recovery">): string =>
  check === "replayed" ? AUTH_MESSAGES.codeReplayed : check === "unreadable" ? AUTH_MESSAGES.codeUnreadable : AUTH_MESSAGES.codeWrong;

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return `${seconds}\u00a0${plural(seconds, ["секунду", "секунды", "секунд"])}`;
  return `${minutes}\u00a0${plural(minutes, ["минуту", "минуты", "минут"])}`;
}

export type Client = { ip: string; addressKey: string };

/** `mustSetUpSecondFactor`: an admin whom the studio requires a second factor of, who has none yet. */
export function sessionInfo(user: SessionUser, config: Pick<StudioConfig, "origin" | "brand">, mustSetUpSecondFactor = false): SessionInfo {
  return {
    user: { id: user.id, login: user.login, name: user.name, role: user.role },
    permissions: [...permissionsOf(user.role)],
    site: { origin: config.origin, brand: config.brand },
    ...(mustSetUpSecondFactor ? { mustSetUpSecondFactor: true as const } : {}),
  };
}

/** A sign-in's outcome: a session, or (a second factor on) the second step's id, no session yet. */
export type SignedIn = { sessionId: string; user: SessionUser; mustSetUpSecondFactor: boolean } | { secondStep: string };

/**
 * The throttle's key for a login: itself when it could be one, else a digest (no stray bytes, NUL
 * above all, which PostgreSQL refuses in text, and no megabyte-long keys reach the store).
 */
const accountKey = (login: string) => {
  const normalized = normalizeLogin(login);
  return LOGIN_PATTERN.test(normalized) ? normalized : `#${createHash("sha256").update(normalized).digest("hex").slice(0, 32)}`;
};

type AuthDeps = { users: UserStore; sessions: SessionStore; throttle: Throttle; audit: AuditLog; config: StudioConfig; twoFactor: TwoFactorStore; challenges: Challenges };

export function createAuth(deps: AuthDeps) {
  const { users, sessions, throttle, audit, twoFactor, challenges } = deps;

  /** Runs a check under the throttle (counted before it runs, taken back when it passes). Throws 429 when at the limit. */
  async function throttled<T>(key: string, client: Client, check: () => Promise<T>, passed: (result: T) => boolean): Promise<T> {
    const decision = await throttle.begin(key, client.addressKey);
    if (!decision.allowed) {
      throw new HttpError(429, AUTH_MESSAGES.throttled(decision.retryAfterSeconds), undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    }
    const result = await check();
    if (passed(result)) await throttle.succeeded(decision.attempt);
    return result;
  }

  /** Checks a password under the throttle; false when wrong. */
  const checkThrottled = (login: string, password: string, hash: string | null, client: Client) =>
    throttled(accountKey(login), client, () => verifyPassword(password, hash), (ok) => ok);

  /** The session of a sign-in that passed every check: never one from before it (fixation). */
  async function openSession(user: UserRecord, client: Client, previous: ActiveSession | null, secondFactor?: "totp" | "recovery") {
    if (previous) await sessions.end(previous.idHash);
    const sessionId = await sessions.create(user.id, client.ip);
    await audit.write({ action: "session.sign-in", actor: { id: user.id, login: user.login }, target: user.login, details: secondFactor ? { secondFactor } : {}, ip: client.ip });
    const mustSetUpSecondFactor = !secondFactor && twoFactor.mustSetUp(user.role, false, await twoFactor.adminsRequired());
    return { sessionId, user, mustSetUpSecondFactor };
  }

  return {
    /** The session the request carries, with its user, or null. */
    async current(req: IncomingMessage): Promise<ActiveSession | null> {
      const id = sessionIdFrom(req);
      return id ? sessions.find(id) : null;
    },

    /** Signs in; returns the new session's id (for the cookie) and the user, or the second step's id. 401 or 429 otherwise. */
    async signIn(login: string, password: string, client: Client, previous: ActiveSession | null): Promise<SignedIn> {
      const normalized = normalizeLogin(login);
      const user = LOGIN_PATTERN.test(normalized) ? await users.find(normalized) : null;
      const ok = await checkThrottled(normalized, password, user?.passwordHash ?? null, client);
      if (!ok || !user) {
        await audit.write({
          action: "session.sign-in-failed",
          actor: null,
          target: LOGIN_PATTERN.test(normalized) ? normalized : null,
          details: { reason: user ? "wrong-password" : "unknown-login" },
          ip: client.ip,
        });
        throw new HttpError(401, AUTH_MESSAGES.wrong);
      }
      // Told only to whoever knows the password: a wrong one gets the same answer as for any login.
      if (user.blockedAt !== null) {
        await audit.write({ action: "session.sign-in-failed", actor: null, target: user.login, details: { reason: "blocked" }, ip: client.ip });
        throw new HttpError(403, AUTH_MESSAGES.blocked);
      }
      if (needsRehash(user.passwordHash)) await users.upgradeHash(user.id, await hashPassword(password));
      if ((await twoFactor.state(user.id)).enabled) return { secondStep: await challenges.create(user.id) };
      return openSession(user, client, previous);
    },

    /**
     * The second step: the code of the app or a recovery code, for the sign-in whose password
     * was right. Throttled like passwords, on a count of its own (a right password does not
     * wipe wrong codes out); a wrong, replayed or unreadable code is refused at its field.
     */
    async signInWithCode(secondStep: string | null, code: string, client: Client, previous: ActiveSession | null): Promise<SignedIn> {
      const login = secondStep ? await challenges.find(secondStep) : null;
      const user = login ? await users.find(login) : null;
      if (!secondStep || !user) throw new HttpError(401, AUTH_MESSAGES.stepOver);
      if (user.blockedAt !== null) throw new HttpError(403, AUTH_MESSAGES.blocked);
      const check = await throttled(`2fa:${user.login}`, client, () => twoFactor.check(user.id, code), (result) => result === "totp" || result === "recovery");
      if (check !== "totp" && check !== "recovery") {
        await audit.write({ action: "session.sign-in-failed", actor: null, target: user.login, details: { reason: `${check}-code` }, ip: client.ip });
        throw new HttpError(422, MESSAGES.invalid, { code: codeRefusal(check) });
      }
      await challenges.end(secondStep);
      return openSession(user, client, previous, check);
    },

    async signOut(session: ActiveSession, client: Client): Promise<void> {
      await sessions.end(session.idHash);
      await audit.write({ action: "session.sign-out", actor: { id: session.user.id, login: session.user.login }, target: session.user.login, ip: client.ip });
    },

    /**
     * Checks the signed-in user's current password, throttled like a sign-in but per user from
     * any address: whoever holds the session may change addresses, and locks out no one else.
     */
    async confirmPassword(session: ActiveSession, password: string, client: Client): Promise<boolean> {
      return checkThrottled(session.user.login, password, session.user.passwordHash, { ...client, addressKey: `session:${session.user.id}` });
    },

    /** Checks a code of the signed-in user's second factor (taking it), throttled as the second step of a sign-in is. */
    async confirmCode(session: ActiveSession, code: string, client: Client): Promise<CodeCheck> {
      const check = () => twoFactor.check(session.user.id, code);
      return throttled(`2fa:${session.user.login}`, { ...client, addressKey: `session:${session.user.id}` }, check, (result) => result === "totp" || result === "recovery");
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
