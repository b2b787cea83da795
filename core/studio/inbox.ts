import { FORM_KINDS, type FormKind } from "../forms/kinds.ts";
import type { Permission } from "./roles.ts";

/**
 * The inbox's vocabulary, shared by its server (server/studio/inbox/) and its
 * pages (studio/pages/inbox/): kinds of submission and the permission that
 * shows each, statuses, and the JSON of /studio/api/inbox and
 * /studio/api/personal-data (docs/inbox.md).
 */
export const KINDS: Record<FormKind, { label: string; permission: Permission }> = {
  project: { label: "Заявка на\u00a0проект", permission: "leads:projects" },
  subscribe: { label: "Подписка на\u00a0рассылку", permission: "leads:projects" },
  job: { label: "Отклик на\u00a0вакансию", permission: "leads:jobs" },
};

/** The kinds a set of permissions shows, in the forms' order. */
export function kindsFor(permissions: readonly Permission[]): FormKind[] {
  return FORM_KINDS.filter((kind) => permissions.includes(KINDS[kind].permission));
}

export const STATUSES = {
  new: "Новая",
  "in-progress": "В\u00a0работе",
  done: "Обработана",
  spam: "Спам",
} as const;
export type Status = keyof typeof STATUSES;

export function isStatus(value: unknown): value is Status {
  return typeof value === "string" && Object.hasOwn(STATUSES, value);
}

export const INBOX_PAGE_SIZE = 50;

/**
 * The list's filters as the page's address and the API's query carry them, every one optional:
 * kind, status, dates (YYYY-MM-DD, Moscow days, both included), the source page's path, the UTM
 * source, and a search by name, e-mail or phone. `page` is the list's page number.
 */
export const FILTER_NAMES = ["kind", "status", "from", "to", "source", "utm", "q"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** One line of the list: who, what, when, and what needs attention. */
export type InboxItem = {
  id: string;
  kind: FormKind;
  createdAt: number;
  status: Status;
  name: string;
  email: string;
  phone: string;
  /** The position applied for (applications), the company (requests). */
  subject: string;
  page: string;
  utmSource: string | null;
  hasFile: boolean;
  /** A delivery was dead-lettered: nobody got this submission by webhook or e-mail. */
  undelivered: boolean;
};

/** GET /studio/api/inbox?kind=&status=&from=&to=&source=&utm=&q=&page=N */
export type InboxPage = { items: InboxItem[]; total: number; page: number; pages: number; kinds: FormKind[] };

export type Delivery = {
  id: number;
  channel: "webhook" | "mail" | "confirm";
  status: "pending" | "delivered" | "dead";
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
};

export type StatusChange = { at: number; actorLogin: string | null; from: Status; to: Status };

export type ConsentRecord = { at: string; ip: string; purposes: string[]; documents: { agreement: string; privacy: string } };

/** GET /studio/api/inbox/:id (every view is written to the audit log). */
export type InboxDetail = {
  id: string;
  kind: FormKind;
  createdAt: number;
  status: Status;
  fields: Record<string, unknown>;
  page: string;
  utm: Record<string, string>;
  ip: string;
  consent: ConsentRecord;
  file: { name: string; type: string; size: number } | null;
  deliveries: Delivery[];
  history: StatusChange[];
};

/**
 * POST /studio/api/personal-data/search: what is held about one e-mail or phone, with what an
 * admin needs to tell it is the right person before deleting: the name, the page or the vacancy,
 * the start of the message, the CV's name.
 */
export type PersonalDataReport = {
  submissions: Array<{
    id: string;
    kind: FormKind;
    createdAt: number;
    status: Status;
    name: string;
    /** The vacancy (applications) or the company (requests). */
    subject: string;
    page: string;
    /** The message or covering letter, its first words. */
    excerpt: string;
    fileName: string | null;
    hasFile: boolean;
    deliveries: number;
    statusChanges: number;
  }>;
  subscriptions: Array<{ status: string; requestedAt: number; confirmedAt: number | null }>;
};

/**
 * POST /studio/api/personal-data/delete: what was deleted (counts only), and whether its bytes
 * also left the store's files (false: the rows are gone, the wipe is to be repeated; docs/inbox.md).
 */
export type PersonalDataDeletion = { submissions: number; files: number; deliveries: number; subscriptions: number; statusChanges: number; wiped: boolean };

/** GET /studio/api/personal-data/retention */
export type RetentionInfo = {
  days: number;
  lastRun: { at: number; submissions: number; subscriptions: number } | null;
  /** When the oldest submission that retention deletes reaches its age; null when there is none. */
  nextDeletion: number | null;
  /** The server's time of the answer (whether the next deletion is overdue). */
  now: number;
};
