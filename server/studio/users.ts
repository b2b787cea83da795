import type { Db } from "../leads/db.ts";
import type { AuditLog } from "./audit.ts";
import type { SessionStore } from "./sessions.ts";
import { userAccounts } from "./user-accounts.ts";
import { userBlocking } from "./user-blocking.ts";
import { userSignIn } from "./user-sign-in.ts";

/**
 * Accounts. Every change is one transaction with its audit entry (and, for a
 * password change, a role change or a removal, the end of that user's
 * sessions), so the log never misses a change that happened. At least one
 * active admin always remains: removing, blocking or demoting the last one is refused.
 * A blocked account keeps its row (its name stays on past entries and comments) but
 * cannot sign in; blocking or removing someone who owns requests hands them to another
 * active owner in the same transaction, never leaving them without one.
 * The HTTP API and the command line (server/studio/command.ts) share this module.
 * What signing in needs (user-sign-in.ts), the accounts' management (user-accounts.ts) and
 * blocking or removing (user-blocking.ts) are modules of their own over the same rows (user-rows.ts).
 */
export { type Actor, type ChangeContext, type UserRecord, UserError } from "./user-rows.ts";

export function createUserStore(db: Db, audit: AuditLog, sessions: SessionStore) {
  return {
    ...userSignIn(db),
    ...userAccounts(db, audit, sessions),
    ...userBlocking(db, audit, sessions),
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
