import type { Db, Row } from "../../leads/db.ts";
import { ADMIN_ROLE, type Role } from "#core/studio/roles.ts";
import type { AuditLog } from "../audit.ts";
import { clock } from "../../clock.ts";
import type { ChangeContext } from "../users.ts";
import { newRecoveryCode, newSecret, RECOVERY_CODES, recoveryHash, stepOf, totpInput } from "./codes.ts";
import { seal, unseal } from "./seal.ts";

/**
 * Each account's second factor in the store: its secret sealed with the configuration's key,
 * the last time step a code was taken at (a code is taken once: RFC 6238 §5.2), its recovery
 * codes hashed, and the switch that makes it required of admins. Turning it on takes a code of
 * the new secret; every change is one transaction with its journal entry.
 */
export type TwoFactorState = { enabled: boolean; recoveryLeft: number; adminsRequired: boolean };
/** How a code offered at sign-in fared. `unreadable`: the secret was sealed with another key. */
export type CodeCheck = "totp" | "recovery" | "replayed" | "wrong" | "unreadable";
type Person = { id: number; login: string; role?: Role };

/** A row of app_settings (server/settings/): the studio's own switch, not one of «Настройки»'s values. */
const ADMINS_SWITCH = "switch.admins-two-factor";

type FactorRow = Row & { secret: string | null; pending_secret: string | null; enabled_at: number | null; last_step: number };

/** `keyOf`: the two-factor key, asked for when a secret is first sealed or opened (the key file is made then, not when the store is). */
export function createTwoFactorStore(db: Db, audit: AuditLog, keyOf: () => Buffer) {
  const row = async (tx: Db, userId: number) => (await tx.query<FactorRow>("SELECT * FROM studio_two_factor WHERE user_id = $1", [userId]))[0] ?? null;

  /** Takes the code's step unless it (or a later one) was taken already: one statement, so two tries at once cannot both win. */
  async function takeStep(tx: Db, userId: number, step: number): Promise<boolean> {
    return (await tx.query("UPDATE studio_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id", [userId, step])).length > 0;
  }

  async function writeRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.query("DELETE FROM studio_recovery_codes WHERE user_id = $1", [userId]);
    for (const code of codes) await tx.query("INSERT INTO studio_recovery_codes (user_id, code_hash) VALUES ($1, $2)", [userId, recoveryHash(code)]);
    return codes;
  }

  async function adminsRequired(tx: Db = db): Promise<boolean> {
    const [found] = await tx.query<Row & { value: string }>("SELECT value FROM app_settings WHERE key = $1", [ADMINS_SWITCH]);
    return found?.value === "on";
  }

  return {
    adminsRequired: () => adminsRequired(),

    async state(userId: number): Promise<TwoFactorState> {
      const found = await row(db, userId);
      const [left] = await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM studio_recovery_codes WHERE user_id = $1 AND used_at IS NULL", [userId]);
      return { enabled: found?.enabled_at != null, recoveryLeft: Number(left?.n ?? 0), adminsRequired: await adminsRequired() };
    },

    /** Logins whose second factor is on (the users' list). */
    async enabledLogins(): Promise<string[]> {
      const rows = await db.query<Row & { login: string }>("SELECT u.login FROM studio_two_factor t JOIN studio_users u ON u.id = t.user_id WHERE t.enabled_at IS NOT NULL ORDER BY u.login");
      return rows.map((r) => r.login);
    },

    /** A new secret to set up (replacing one being set up); what is on stays on until the new one is confirmed. */
    async begin(userId: number): Promise<string> {
      const secret = newSecret();
      await db.query(
        "INSERT INTO studio_two_factor (user_id, pending_secret) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET pending_secret = excluded.pending_secret",
        [userId, seal(secret, keyOf())],
      );
      return secret;
    },

    /** Turns it on with a code of the secret being set up; the new recovery codes, or null when the code is not right. */
    async confirm(user: Person, code: string, by: ChangeContext, now = clock.now()): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const found = await row(tx, user.id);
        const secret = found?.pending_secret ? unseal(found.pending_secret, keyOf()) : null;
        const digits = totpInput(code);
        const step = secret && digits ? stepOf(secret, digits, now) : null;
        if (!found?.pending_secret || step === null) return null;
        await tx.query("UPDATE studio_two_factor SET secret = pending_secret, pending_secret = NULL, enabled_at = $2, last_step = $3 WHERE user_id = $1", [user.id, now, step]);
        const codes = await writeRecoveryCodes(tx, user.id);
        await audit.write({ action: "two-factor.enable", actor: by.actor, target: user.login, ip: by.ip, at: now }, tx);
        return codes;
      });
    },

    /** A code offered at sign-in (or to turn it off): six digits of the app, or a recovery code, each taken once. */
    async check(userId: number, code: string, now = clock.now()): Promise<CodeCheck> {
      return db.transaction(async (tx) => {
        const found = await row(tx, userId);
        if (!found?.secret || found.enabled_at === null) return "wrong";
        const digits = totpInput(code);
        if (digits) {
          const secret = unseal(found.secret, keyOf());
          if (secret === null) return "unreadable";
          const step = stepOf(secret, digits, now);
          if (step === null) return "wrong";
          return (await takeStep(tx, userId, step)) ? "totp" : "replayed";
        }
        const hash = recoveryHash(code);
        if (!hash) return "wrong";
        const used = await tx.query("UPDATE studio_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id", [userId, hash, now]);
        return used.length > 0 ? "recovery" : "wrong";
      });
    },

    /** New recovery codes, the old ones void. */
    async regenerate(user: Person, by: ChangeContext, now = clock.now()): Promise<string[]> {
      return db.transaction(async (tx) => {
        const codes = await writeRecoveryCodes(tx, user.id);
        await audit.write({ action: "two-factor.recovery-codes", actor: by.actor, target: user.login, ip: by.ip, at: now }, tx);
        return codes;
      });
    },

    /** Turns it off: by its owner (`two-factor.disable`) or by an admin or the console for them (`two-factor.reset`). False when it was off. */
    async disable(user: Person, by: ChangeContext, now = clock.now()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const found = await row(tx, user.id);
        await tx.query("DELETE FROM studio_recovery_codes WHERE user_id = $1", [user.id]);
        await tx.query("DELETE FROM studio_two_factor WHERE user_id = $1", [user.id]);
        if (found?.enabled_at == null) return false;
        const own = by.actor?.id === user.id;
        await audit.write({ action: own ? "two-factor.disable" : "two-factor.reset", actor: by.actor, target: user.login, details: by.via ? { via: by.via } : {}, ip: by.ip, at: now }, tx);
        return true;
      });
    },

    async setAdminsRequired(required: boolean, by: ChangeContext, now = clock.now()): Promise<void> {
      await db.transaction(async (tx) => {
        if ((await adminsRequired(tx)) === required) return;
        await tx.query(
          "INSERT INTO app_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
          [ADMINS_SWITCH, required ? "on" : "off", now, by.actor?.login ?? null],
        );
        await audit.write({ action: "two-factor.required", actor: by.actor, target: null, details: { required }, ip: by.ip, at: now }, tx);
      });
    },

    /** Whether this person must set up a second factor before anything else. */
    mustSetUp: (role: Role, enabled: boolean, required: boolean) => role === ADMIN_ROLE && required && !enabled,
  };
}

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;
