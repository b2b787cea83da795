import type { Db, Row } from "../leads/db.ts";
import type { AuditEntry } from "#core/studio/api.ts";
import type { AuditAction } from "#core/studio/audit-actions.ts";

/**
 * The audit log: who did what, when, from which address. Append-only: this
 * module only inserts and reads, and the table refuses UPDATE and DELETE
 * itself (triggers of migration 2). The actor's login is copied into each
 * entry, so entries outlive a removed account.
 */
export type AuditWrite = {
  action: AuditAction;
  actor: { id: number; login: string } | null;
  /** What the action was about: a login, later an entry or a release. */
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  at?: number;
};

export type AuditFilter = { actor?: string; action?: AuditAction; from?: number; to?: number };

export const AUDIT_PAGE_SIZE = 50;

type AuditRow = Row & { id: number; at: number; actor_login: string | null; action: string; target: string | null; details: string; ip: string | null };

export function createAuditLog(db: Db) {
  return {
    async write(entry: AuditWrite, tx: Db = db): Promise<void> {
      await tx.query("INSERT INTO studio_audit (at, actor_id, actor_login, action, target, details, ip) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
        entry.at ?? Date.now(),
        entry.actor?.id ?? null,
        entry.actor?.login ?? null,
        entry.action,
        entry.target ?? null,
        JSON.stringify(entry.details ?? {}),
        entry.ip ?? null,
      ]);
    },

    /** Newest first, AUDIT_PAGE_SIZE a page (pages count from 1); `to` is exclusive. */
    async list(filter: AuditFilter = {}, page = 1): Promise<{ entries: AuditEntry[]; total: number; pages: number; page: number }> {
      const where: string[] = [];
      const params: (string | number)[] = [];
      const add = (sql: string, value: string | number) => {
        params.push(value);
        where.push(sql.replace("?", `$${params.length}`));
      };
      if (filter.actor) add("actor_login = ?", filter.actor);
      if (filter.action) add("action = ?", filter.action);
      if (filter.from !== undefined) add("at >= ?", filter.from);
      if (filter.to !== undefined) add("at < ?", filter.to);
      const clause = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
      const [counted] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM studio_audit ${clause}`, params);
      const total = Number(counted?.n ?? 0);
      const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.floor(page)), pages);
      const rows = await db.query<AuditRow>(
        `SELECT id, at, actor_login, action, target, details, ip FROM studio_audit ${clause} ORDER BY at DESC, id DESC LIMIT ${AUDIT_PAGE_SIZE} OFFSET ${(current - 1) * AUDIT_PAGE_SIZE}`,
        params,
      );
      return {
        total,
        pages,
        page: current,
        entries: rows.map((r) => ({
          id: Number(r.id),
          at: Number(r.at),
          actorLogin: r.actor_login,
          action: r.action,
          target: r.target,
          details: JSON.parse(r.details) as Record<string, unknown>,
          ip: r.ip,
        })),
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
