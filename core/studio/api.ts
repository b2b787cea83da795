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

/** A kept publication, as «Публикации» lists it. */
export type ReleaseSummary = {
  id: string;
  createdAt: string;
  author: string;
  message: string;
  /** Entries that changed ("articles/slug", "company"); empty when every page was rendered anew. */
  changed: string[];
  /** Why every page was rendered, if so. */
  full: string | null;
  pages: { rendered: number; reused: number; removed: number };
  seconds: number;
};

/** A publication under way or just finished. */
export type PublishJobView = {
  id: string;
  startedAt: number;
  state: "running" | "published" | "refused" | "failed";
  progress: string[];
  release?: ReleaseSummary;
  error?: string;
};

export type ScheduledView = {
  id: string;
  at: number;
  message: string;
  by: string;
  state: "pending" | "running" | "published" | "failed" | "cancelled";
  release?: string;
  error?: string;
};

/** GET /studio/api/releases */
export type ReleasesPage = { live: string | null; releases: ReleaseSummary[]; job: PublishJobView | null; scheduled: ScheduledView[] };

export type FieldChangeView = { field: string; before: string | null; after: string | null };
export type LineChangeView = { kind: "same" | "added" | "removed" | "gap"; text: string };
/** GET /studio/api/releases/:id/diff */
export type ReleaseDiff = {
  files: Array<{ path: string; status: "added" | "changed" | "removed"; title: string | null; fields: FieldChangeView[]; lines: LineChangeView[] }>;
};
