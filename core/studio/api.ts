import type { Permission, Role } from "./roles.ts";

/**
 * The JSON the studio's API speaks (server/studio/api/), one type per answer.
 * Errors are `{ ok: false, message, errors? }` with a 4xx or 5xx status;
 * `errors` names fields (the request's keys) with a Russian message each.
 */
export type ApiError = { ok: false; message: string; errors?: Record<string, string> };

export type SessionUser = { id: number; login: string; name: string; role: Role };

/** How the studio names a person: by name, by login only where no name was given. */
export const person = (user: { login: string; name: string }): string => user.name.trim() || user.login;

/** GET/POST /studio/api/session */
/** Who is signed in, what they may do, and the site they run (its origin and the brand its titles end with). */
export type SessionInfo = {
  user: SessionUser;
  permissions: Permission[];
  site: { origin: string; brand: string };
  /** An admin without a second factor while the studio requires one of admins: nothing else until it is set up. */
  mustSetUpSecondFactor?: true;
};

/** POST /studio/api/session when the password was right and a code is due (no session yet). */
export type SecondStep = { secondStep: true };

/** GET /studio/api/profile/two-factor: the person's own second factor. */
export type TwoFactorInfo = { enabled: boolean; recoveryLeft: number; adminsRequired: boolean; isAdmin: boolean };

/** POST /studio/api/profile/two-factor/setup: a secret to set up, shown once. `qr`: a data URL of an SVG. */
export type TwoFactorSetup = { secret: string; uri: string; qr: string };

/** The recovery codes, shown once (turning it on, making new ones). */
export type RecoveryCodes = { recoveryCodes: string[] };

export type RoleInfo = { id: Role; label: string; description: string };

/** `blockedAt`: when the account was blocked (it cannot sign in), null while active. */
export type UserRow = SessionUser & { createdAt: number; updatedAt: number; blockedAt: number | null };

/**
 * GET /studio/api/users. `owners`: the active accounts that may own requests (whom a blocked or
 * removed user's requests can go to); `owned`: how many requests each login owns (absent: none).
 */
export type UserList = {
  users: UserRow[];
  roles: RoleInfo[];
  owners: Array<{ login: string; name: string }>;
  owned: Record<string, number>;
  /** Logins whose second factor is on, and whether admins must have one. */
  twoFactor: string[];
  adminsTwoFactor: boolean;
};

export type AuditEntry = {
  id: number;
  at: number;
  actorLogin: string | null;
  /** The person's name as the studio knows it now (absent: a user since removed; the login is shown then). */
  actorName?: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  /** What the target is, in words, and the studio page about it (null: none, or it is gone). */
  about?: { label: string; href: string | null } | null;
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
  /** What was chosen: content files, or "all" (everything saved). */
  entries: string[] | "all";
  /** Content files it took off the site. */
  withdrawn: string[];
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
  /** The set's entries ("articles/slug"), or "all": everything saved at that moment. */
  entries: string[] | "all";
  by: string;
  state: "pending" | "running" | "published" | "failed" | "cancelled";
  release?: string;
  error?: string;
};

/** GET /studio/api/releases */
export type ReleasesPage = {
  live: string | null;
  releases: ReleaseSummary[];
  /** Rollbacks, new first: rows of the history beside the publications. */
  rollbacks: RollbackView[];
  job: PublishJobView | null;
  scheduled: ScheduledView[];
  /** Whether this person may publish everything saved at once. */
  canPublishAll: boolean;
  /** Titles of the entries the publications and plans name ("articles/slug" → its title), as saved now. */
  titles: Record<string, string>;
};

/** A rollback: when, from which release to which, by whom. */
export type RollbackView = { at: string; from: string | null; to: string; author: string; message: string };

/** 409 of a publication whose entries need others that are not on the site yet. */
export type NeededEntries = { ok: false; message: string; needed: Array<{ key: string; title: string; because: string }> };

/**
 * GET /studio/api/releases/:id/diff: per entry the publication changed, its
 * versions before and after (the studio shows the difference field by field
 * with the schema's labels); files that are no entry (uploads) by name.
 */
export type ReleaseDiff = {
  entries: Array<{
    key: string;
    type: string;
    slug: string;
    title: string;
    status: "added" | "changed" | "removed";
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
  files: Array<{ path: string; status: "added" | "changed" | "removed" }>;
  /** Referenced entries' titles, to show references by title. */
  options: Record<string, Array<{ value: string; label: string }>>;
};
