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
  event: { label: "Регистрация на\u00a0событие", permission: "leads:projects" },
};

/** The kinds a set of permissions shows, in the forms' order. */
export function kindsFor(permissions: readonly Permission[]): FormKind[] {
  return FORM_KINDS.filter((kind) => permissions.includes(KINDS[kind].permission));
}

/**
 * The statuses every kind had before stages (migration 5 maps them to stages; subscriptions
 * keep them as their stages), and the labels a stage key has when no stage list is at hand.
 */
export const STATUSES: Readonly<Record<string, string>> = {
  new: "Новая",
  "in-progress": "В\u00a0работе",
  done: "Обработана",
  spam: "Спам",
  // The default stages' own, for what has no stage list at hand (the journal, the CSV file).
  qualification: "Квалификация",
  proposal: "КП отправлено",
  contract: "Договор",
  rejected: "Отказ",
  screening: "Скрининг",
  interview: "Интервью",
  offer: "Оффер",
  hired: "Принят",
  confirmed: "Подтверждена",
  attended: "Участвовал",
};

/** A stage's key: what the store and the addresses carry (its label is the admins' to change). */
export type Status = string;

/**
 * What a stage means for the work: still going (`open`), ended well (`won`: a contract, a hire) or
 * ended without it (`lost`: a refusal, spam). Moving a submission to a lost stage asks for a reason.
 */
export const OUTCOMES = { open: "в\u00a0работе", won: "успех", lost: "отказ" } as const;
export type Outcome = keyof typeof OUTCOMES;
export function isOutcome(value: unknown): value is Outcome {
  return typeof value === "string" && Object.hasOwn(OUTCOMES, value);
}

/** A stage of one kind: key, label, its place in the kind's order, and its outcome (`closed`: it ends the work, won or lost). */
export type Stage = { key: string; label: string; position: number; outcome: Outcome; closed: boolean };

/** A stage as admins send it and the defaults are written (`closed` follows from the outcome). */
export type StageInput = { key: string; label: string; outcome: Outcome };

/** The stages each kind starts with (migration 5 writes them; admins edit them in «Этапы»). */
export const DEFAULT_STAGES: Record<FormKind, StageInput[]> = {
  project: [
    { key: "new", label: "Новая", outcome: "open" },
    { key: "qualification", label: "Квалификация", outcome: "open" },
    { key: "proposal", label: "КП отправлено", outcome: "open" },
    { key: "contract", label: "Договор", outcome: "won" },
    { key: "rejected", label: "Отказ", outcome: "lost" },
    { key: "spam", label: "Спам", outcome: "lost" },
  ],
  job: [
    { key: "new", label: "Новый", outcome: "open" },
    { key: "screening", label: "Скрининг", outcome: "open" },
    { key: "interview", label: "Интервью", outcome: "open" },
    { key: "offer", label: "Оффер", outcome: "open" },
    { key: "hired", label: "Принят", outcome: "won" },
    { key: "rejected", label: "Отказ", outcome: "lost" },
  ],
  subscribe: [
    { key: "new", label: "Новая", outcome: "open" },
    { key: "in-progress", label: "В\u00a0работе", outcome: "open" },
    { key: "done", label: "Обработана", outcome: "won" },
    { key: "spam", label: "Спам", outcome: "lost" },
  ],
  event: [
    { key: "new", label: "Новая", outcome: "open" },
    { key: "confirmed", label: "Подтверждена", outcome: "open" },
    { key: "attended", label: "Участвовал", outcome: "won" },
    { key: "rejected", label: "Отказ", outcome: "lost" },
    { key: "spam", label: "Спам", outcome: "lost" },
  ],
};

/** Stage keys as the store keeps them: Latin letters, digits and dashes. */
export const STAGE_KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function isStatus(value: unknown): value is Status {
  return typeof value === "string" && STAGE_KEY.test(value);
}

export type Stages = Record<FormKind, Stage[]>;

/**
 * The reasons a kind's submission is lost for, as the team words them (edited beside the
 * stages); a loss takes one of them and, if wanted, a note of its own.
 */
export type LossReasons = Record<FormKind, string[]>;
export const DEFAULT_LOSS_REASONS: LossReasons = {
  project: ["Дорого", "Выбрали другое агентство", "Нет бюджета", "Перестали отвечать", "Не\u00a0наш профиль", "Спам или ошибка", "Другое"],
  job: ["Не\u00a0подходит опыт", "Кандидат отказался", "Выбрали другого кандидата", "Перестал отвечать", "Другое"],
  subscribe: ["Спам или ошибка", "Другое"],
  event: ["Не\u00a0пришёл", "Отменил регистрацию", "Нет мест", "Спам или ошибка", "Другое"],
};
/** A reason's label and a loss's note, at most. */
export const LOSS_REASON_MAX = 80;
export const LOSS_NOTE_MAX = 500;
export const LOSS_REASONS_MAX = 20;

/** A lost submission's reason (one of its kind's list when it was lost) and the note written with it. */
export type Loss = { reason: string; note: string | null };

/** The stages of the kinds a role may read: no other kind's pipeline is named to it. */
export type VisibleStages = Partial<Stages>;

export function visibleStages(stages: Stages, kinds: readonly FormKind[]): VisibleStages {
  return Object.fromEntries(kinds.map((kind) => [kind, stages[kind]]));
}

/** A stage's label, or its key when the kind has no such stage any more. */
export function stageLabel(stages: VisibleStages, kind: FormKind, key: string): string {
  return stages[kind]?.find((stage) => stage.key === key)?.label ?? STATUSES[key] ?? key;
}

/** A studio user who may own submissions of some kinds. */
export type Owner = { id: number; name: string; login: string; kinds: FormKind[] };

/** The list's orders: newest first (default), oldest first, by stage, by owner. */
export const SORTS = { new: "Сначала новые", old: "Сначала старые", stage: "По этапу", owner: "По ответственному" } as const;
export type Sort = keyof typeof SORTS;
export function isSort(value: unknown): value is Sort {
  return typeof value === "string" && Object.hasOwn(SORTS, value);
}

export const INBOX_PAGE_SIZE = 50;

/**
 * The list's filters as the page's address and the API's query carry them, every one optional:
 * kind, status, dates (YYYY-MM-DD, Moscow days, both included), the source page's path, the UTM
 * source, the landing and its variant, a search by name, e-mail, phone or number, the owner (`me`, `none` or a user's id) and
 * the order (SORTS). `page` is the list's page number.
 */
export const FILTER_NAMES = ["kind", "status", "from", "to", "source", "utm", "landing", "variant", "q", "owner", "sort"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** A request's landing (slug), the variant of its headline test (a, b, c) and its form's campaign label. */
export type InboxCampaign = { landing: string; variant: "a" | "b" | "c" | null; label: string | null };

/** One line of the list: who, what, when, and what needs attention. */
export type InboxItem = {
  id: string;
  /** The kind's own sequence: «Заявка №\u00a01042». */
  number: number | null;
  kind: FormKind;
  createdAt: number;
  status: Status;
  ownerId: number | null;
  ownerName: string | null;
  name: string;
  email: string;
  phone: string;
  /** The position applied for (applications), the company (requests). */
  subject: string;
  /** The services asked about and the budget chosen (requests; empty otherwise). */
  services: string[];
  budget: string;
  page: string;
  utmSource: string | null;
  /** Sent from a landing's form: the landing, the variant of its headline test, the form's label. */
  campaign: InboxCampaign | null;
  hasFile: boolean;
  /** A delivery was dead-lettered: nobody got this submission by webhook or e-mail. */
  undelivered: boolean;
};

/** GET /studio/api/inbox?kind=&status=&from=&to=&source=&utm=&q=&page=N */
export type InboxPage = {
  items: InboxItem[];
  total: number;
  page: number;
  pages: number;
  kinds: FormKind[];
  stages: VisibleStages;
  owners: Owner[];
  me: number;
  /** The site's landings, for the filter: slug and title. */
  landings: Array<{ value: string; label: string }>;
};

/** GET /studio/api/inbox/overview: what needs a person now, and submissions per week by source. */
export type InboxOverview = {
  now: number;
  /** In their kind's first stage. */
  fresh: number;
  /** In an open stage with nobody responsible. */
  unassigned: number;
  /** In an open stage, with nothing done for 24 hours (no stage, owner or comment). */
  untouched: number;
  /** The last 12 weeks (Monday to Sunday, Moscow time), oldest first. */
  weeks: Array<{ start: number; total: number; bySource: Record<string, number> }>;
  /** The sources shown apart, commonest first; the rest are «другие». */
  sources: string[];
  /** What came since the caller's previous sign-in (null before their second one). */
  sinceVisit: { at: number; count: number } | null;
};

/**
 * GET /studio/api/inbox/funnel?since=&until=: each kind's funnel for the submissions that came in a period (Moscow days, both included):
 * how many reached each open or won stage (the stage they are in, or one they passed through,
 * or a later one), how many were won and lost, the losses by reason and the outcomes by source.
 */
export type Funnel = {
  /** The period's first and last Moscow days, YYYY-MM-DD. */
  since: string;
  until: string;
  kinds: Array<{
    kind: FormKind;
    total: number;
    steps: Array<{ key: string; label: string; outcome: Outcome; reached: number }>;
    won: number;
    lost: number;
    reasons: Array<{ reason: string; count: number }>;
    sources: Array<{ source: string; total: number; won: number; lost: number }>;
  }>;
};

/** One internal comment on a submission. */
export type Comment = { id: number; at: number; authorLogin: string | null; authorName: string | null; body: string };

/** POST /studio/api/inbox/bulk: what changed, and the numbers left as they were (no such stage for their kind). */
export type BulkResult = { changed: number; skipped: string[] };

/**
 * Where an accepted submission goes: the CRM, the team's mailbox, (subscriptions) the subscriber,
 * (registrations) the registrant, or (assign) its new owner in the studio.
 */
export type Channel = "webhook" | "mail" | "confirm" | "attendee" | "assign";

export type Delivery = {
  id: number;
  channel: Channel;
  status: "pending" | "delivered" | "dead";
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
};

/** `actorName`: who changed it, by name (null: a user since removed, or the system; the login is said then). */
export type StatusChange = { at: number; actorLogin: string | null; actorName: string | null; from: Status; to: Status; reason: string | null; note: string | null };

export type ConsentRecord = { at: string; ip: string; purposes: string[]; documents: { agreement: string; privacy: string } };

/** GET /studio/api/inbox/:id (every view is written to the audit log). */
export type InboxDetail = {
  id: string;
  number: number | null;
  kind: FormKind;
  createdAt: number;
  status: Status;
  ownerId: number | null;
  ownerName: string | null;
  /** Who may be made responsible for it (leads:work and its kind). */
  owners: Owner[];
  stages: Stage[];
  /** Why it was lost, while it is in a lost stage. */
  loss: Loss | null;
  /** The reasons its kind may be lost for. */
  lossReasons: string[];
  comments: Comment[];
  fields: Record<string, unknown>;
  page: string;
  utm: Record<string, string>;
  /** The site the visit came from and its first page, when the form's page knew them. */
  visit: { referrer: string | null; landing: string | null };
  campaign: InboxCampaign | null;
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
    /** As typed (a phone's search may find two people: the name and the e-mail tell them apart). */
    email: string;
    /** The vacancy (applications) or the company (requests). */
    subject: string;
    page: string;
    /** The message or covering letter, its first words. */
    excerpt: string;
    fileName: string | null;
    hasFile: boolean;
    deliveries: number;
    statusChanges: number;
    /** The team's internal comments on it: about the person too, so shown, copied and deleted with it. */
    comments: number;
  }>;
  subscriptions: Array<{ status: string; requestedAt: number; confirmedAt: number | null }>;
};

/**
 * POST /studio/api/personal-data/delete: what was deleted (counts only), and whether its bytes
 * also left the store's files (false: the rows are gone, the wipe is to be repeated; docs/inbox.md).
 */
export type PersonalDataDeletion = {
  submissions: number;
  files: number;
  deliveries: number;
  subscriptions: number;
  statusChanges: number;
  comments: number;
  /** The bytes left the store's files too (server/leads/wipe.ts). */
  wiped: boolean;
  /** What the deletion cannot reach and until when (the write-ahead log, backups), in sentences. */
  remains: string[];
};

/** GET /studio/api/personal-data/retention */
export type RetentionInfo = {
  days: number;
  lastRun: { at: number; submissions: number; subscriptions: number } | null;
  /** When the oldest submission that retention deletes reaches its age; null when there is none. */
  nextDeletion: number | null;
  /** The server's time of the answer (whether the next deletion is overdue). */
  now: number;
};
