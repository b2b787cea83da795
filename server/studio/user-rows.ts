import type { Db, Row } from "../leads/db.ts";
import type { UserRow } from "#core/studio/api.ts";
import { ADMIN_ROLE, type Role } from "#core/studio/roles.ts";

/** What the accounts' modules (users.ts) share: the row as stored, its refusals, and the reads every change starts from. */
export type Actor = { id: number; login: string } | null;
export type UserRecord = UserRow & { passwordHash: string };
/** Who changes something: a signed-in user, or the command line (actor null, via "console"). */
export type ChangeContext = { actor: Actor; ip: string | null; via?: "console" };

export class UserError extends Error {
  /** `self`: an admin blocking themself; `owner-needed`: they own requests and nobody was named to take them; `owner-invalid`: that person cannot. */
  readonly code: "exists" | "not-found" | "last-admin" | "self" | "owner-needed" | "owner-invalid";
  constructor(code: UserError["code"]) {
    super(code);
    this.code = code;
  }
}

export const via = (by: ChangeContext) => (by.via ? { via: by.via } : {});

export type DbRow = Row & { id: number; login: string; name: string; role: string; password_hash: string; created_at: number; updated_at: number; blocked_at: number | null };

export function toUser(row: DbRow): UserRecord {
  return {
    id: Number(row.id),
    login: row.login,
    name: row.name,
    role: row.role as Role,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    blockedAt: row.blocked_at === null ? null : Number(row.blocked_at),
  };
}

export const publicRow = ({ passwordHash: _, ...user }: UserRecord): UserRow => user;

/** Account changes one at a time on PostgreSQL too: the last-admin rule counts admins, then changes one. */
export async function locked<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7303)");
    return work(tx);
  });
}

export async function find(tx: Db, login: string): Promise<UserRecord | null> {
  const [row] = await tx.query<DbRow>("SELECT * FROM studio_users WHERE login = $1", [login]);
  return row ? toUser(row) : null;
}

export async function otherAdmins(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM studio_users WHERE role = $1 AND id <> $2 AND blocked_at IS NULL", [ADMIN_ROLE, userId]);
  return Number(row?.n ?? 0);
}

export async function existing(tx: Db, login: string): Promise<UserRecord> {
  const user = await find(tx, login);
  if (!user) throw new UserError("not-found");
  return user;
}
