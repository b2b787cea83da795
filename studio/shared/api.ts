import type { Permission, Role } from "./roles.ts";

/**
 * The JSON the studio's API speaks (server/studio/api/), one type per answer.
 * Errors are `{ ok: false, message, errors? }` with a 4xx or 5xx status;
 * `errors` names fields (the request's keys) with a Russian message each.
 */
export type ApiError = { ok: false; message: string; errors?: Record<string, string> };

export type SessionUser = { id: number; login: string; name: string; role: Role };

/** GET/POST /studio/api/session */
export type SessionInfo = { user: SessionUser; permissions: Permission[] };

export type RoleInfo = { id: Role; label: string; description: string };

export type UserRow = SessionUser & { createdAt: number; updatedAt: number };

/** GET /studio/api/users */
export type UserList = { users: UserRow[]; roles: RoleInfo[] };

export type AuditEntry = {
  id: number;
  at: number;
  actorLogin: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
};

/** GET /studio/api/audit?actor=&action=&from=YYYY-MM-DD&to=YYYY-MM-DD&page=N */
export type AuditPage = { entries: AuditEntry[]; page: number; pages: number; total: number; actions: Record<string, string> };
