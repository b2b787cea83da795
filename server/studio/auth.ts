import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { plural } from "#core/lib/format.ts";
import type { SessionInfo, SessionUser } from "#core/studio/api.ts";
import { permissionsOf } from "#core/studio/roles.ts";
import { LOGIN_PATTERN, normalizeLogin } from "#core/studio/rules.ts";
import type { AuditLog } from "./audit.ts";
import type { StudioConfig } from "./config.ts";
import { sessionIdFrom } from "./cookie.ts";
import { HttpError } from "./http.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import type { ActiveSession, SessionStore } from "./sessions.ts";
import type { Throttle } from "./throttle.ts";
import type { UserStore } from "./users.ts";

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
} as const;

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return `${seconds}\u00a0${plural(seconds, ["секунду", "секунды", "секунд"])}`;
  return `${minutes}\u00a0${plural(minutes, ["минуту", "минуты", "минут"])}`;
}

export type Client = { ip: string; addressKey: string };

export function sessionInfo(user: SessionUser, config: Pick<StudioConfig, "origin" | "brand">): SessionInfo {
  return {
    user: { id: user.id, login: user.login, name: user.name, role: user.role },
    permissions: [...permissionsOf(user.role)],
    site: { origin: config.origin, brand: config.brand },
  };
}

/**
 * The throttle's key for a login: itself when it could be one, else a digest (no stray bytes, NUL
 * above all, which PostgreSQL refuses in text, and no megabyte-long keys reach the store).
 */
const accountKey = (login: string) => {
  const normalized = normalizeLogin(login);
  return LOGIN_PATTERN.test(normalized) ? normalized : `#${createHash("sha256").update(normalized).digest("hex").slice(0, 32)}`;
};

export function createAuth(deps: { users: UserStore; sessions: SessionStore; throttle: Throttle; audit: AuditLog; config: StudioConfig }) {
  const { users, sessions, throttle, audit } = deps;

  /** Checks a password under the throttle; false when wrong. Throws 429 when at the limit. */
  async function checkThrottled(login: string, password: string, hash: string | null, client: Client): Promise<boolean> {
    const decision = await throttle.begin(accountKey(login), client.addressKey);
    if (!decision.allowed) {
      throw new HttpError(429, AUTH_MESSAGES.throttled(decision.retryAfterSeconds), undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    }
    const ok = await verifyPassword(password, hash);
    if (ok) await throttle.succeeded(decision.attempt);
    return ok;
  }

  return {
    /** The session the request carries, with its user, or null. */
    async current(req: IncomingMessage): Promise<ActiveSession | null> {
      const id = sessionIdFrom(req);
      return id ? sessions.find(id) : null;
    },

    /** Signs in; returns the new session's id (for the cookie) and the user. 401 or 429 otherwise. */
    async signIn(login: string, password: string, client: Client, previous: ActiveSession | null): Promise<{ sessionId: string; user: SessionUser }> {
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
      // Never continue a session from before the sign-in (fixation): a new id, the old one ends.
      if (previous) await sessions.end(previous.idHash);
      const sessionId = await sessions.create(user.id, client.ip);
      await audit.write({ action: "session.sign-in", actor: { id: user.id, login: user.login }, target: user.login, ip: client.ip });
      return { sessionId, user };
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
  };
}

export type Auth = ReturnType<typeof createAuth>;
