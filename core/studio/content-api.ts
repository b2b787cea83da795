/**
 * The JSON of the content editor's API (server/studio/api/content.ts).
 * Values are an entry's fields as its file holds them (before typography):
 * what the form edits and the schema checks.
 */
export type Values = Record<string, unknown>;

/** Who else has an entry open (a heartbeat within the last ~15 s). */
export type Editor = { login: string; name: string; seenAt: number };

/**
 * POST /content/:type/:slug/presence: who else has the entry open, and, when the editor's
 * version (`baseHash` of the beat) is no longer the file's, the file's version and who saved it
 * (hash null: deleted).
 */
export type PresenceResult = { editors: Editor[]; saved?: { hash: string | null; by: { name: string; at: number } | null } };

export type ChangeState = "added" | "changed" | "deleted" | null;

/**
 * An entry's own state (decision 030), from what is saved and what is on the
 * site: never published, published as saved, published with saved changes
 * not yet on the site, taken off the site, or deleted but still on the site.
 * A planned publication that carries it is `scheduledAt`, beside the state.
 */
export type EntryState = "draft" | "published" | "changed" | "withdrawn" | "deleted";

export const ENTRY_STATE_LABELS: Record<EntryState, string> = {
  draft: "Черновик",
  published: "Опубликовано",
  changed: "Опубликовано, есть неопубликованные правки",
  withdrawn: "Снято с\u00a0публикации",
  deleted: "Удалено, пока на\u00a0сайте",
};

export type EntryLife = { state: EntryState; scheduledAt: number | null };

/** GET /content: every editable type with its entries' count and unpublished changes. */
export type ContentOverview = {
  types: Array<{ type: string; title: string; kind: "collection" | "document" | "table"; count: number; unpublished: number }>;
  /** Whether a release exists to compare with. */
  released: boolean;
};

export type ListedEntry = {
  slug: string;
  title: string;
  /** Values of the type's filter fields (for the list's filters). */
  facets: Record<string, unknown>;
  unpublished: ChangeState;
  life: EntryLife;
  /** Names of others who have it open. */
  openBy: string[];
  /** When this person's draft of it was saved, if there is one. */
  draftAt: number | null;
  /** The saved file's hash: what a change from the list (to «Корзина») starts from. */
  hash: string;
  /** Who saved it last and when (ms), from the saved line's history (null before any save was recorded). */
  changedBy: string | null;
  changedAt: number | null;
};

/** GET /content/:type (a collection): its entries, and the options of its reference filters. */
export type EntryList = {
  type: string;
  title: string;
  one: string;
  entries: ListedEntry[];
  /** Entries deleted since the live release (still published). */
  deleted: string[];
  /** Entries of this collection in «Корзина». */
  trashed?: number;
  /** Entries of referenced collections for selects: type → [{ value, label }]. */
  options: Record<string, Array<{ value: string; label: string }>>;
};

/** A reference to an entry from another one, or from the navigation or the redirect tables. */
/** A place that names an entry: a field of another entry, or (kind "link") a link inside its text. */
export type Reference = { type: string; slug: string; title: string; field: string; kind?: "field" | "link" };

/** GET /content/:type/:slug */
export type EntryData = {
  type: string;
  slug: string;
  /** null for a new entry (GET of a slug that does not exist yet answers 404). */
  values: Values;
  /** The hash of the files the editor starts from: saving over anything else is a conflict. */
  hash: string;
  draft: { values: Values; baseHash: string | null; updatedAt: number } | null;
  editors: Editor[];
  unpublished: ChangeState;
  life: EntryLife;
  /** Whether this person may publish (content:publish). */
  canPublish: boolean;
  /** The public address of the entry, if it has one. */
  path: string | null;
  /** Who saved it last, and when: before a publication, whose change goes live. */
  savedBy: Saver | null;
  /** Everyone whose saves are not yet on the site, newest first, one per person (its publication names those who are not you). */
  savers: Saver[];
  /** Options of reference fields: target → [{ value, label }] (services, industries, cases, team, page). */
  options: Record<string, Array<{ value: string; label: string }>>;
};

/** PUT /content/:type/:slug — a save. `renamedFrom`: the slug it had (its file is removed; `redirect` leads from its address). */
export type SaveRequest = {
  values: Values;
  /** The hash the editor started from; null for a new entry. */
  baseHash: string | null;
  renamedFrom?: string;
  redirect?: { to: string } | null;
  /** Save even though the file changed since (the person chose «оставить моё» after seeing both). */
  overwrite?: boolean;
};

export type SaveResult = { ok: true; slug: string; hash: string; unpublished: ChangeState; life: EntryLife; redirected: string | null; message: string };

/**
 * 409 of a save: the file changed since the editor loaded it. With who saved the version in the
 * file (`by`) and the version the editor started from (`base`, when the history still has it),
 * for the editor's three-way merge.
 */
export type Conflict = {
  ok: false;
  conflict: true;
  message: string;
  theirs: Values | null;
  theirsHash: string | null;
  by: { name: string; at: number } | null;
  base: Values | null;
};

/** 422 of a save or delete: field errors and problems elsewhere (other entries, tables). */
export type Refusal = { ok: false; message: string; errors?: Record<string, string>; problems?: string[]; references?: Reference[] };

/** POST /content/:type/:slug/delete */
export type DeleteRequest = { baseHash: string; redirect?: { to: string } | null };

/** POST /content/uploads (raw image body): the stored file and the Markdown to insert. */
/** POST /content/uploads: the stored image, its alt text from «Медиа» ("" for a new one) and the Markdown that shows it. */
export type UploadResult = { file: string; width: number; height: number; alt: string; markdown: string };

/** POST /content/preview */
export type PreviewRequest = { markdown: string; nestedUnder?: number };
export type PreviewResult = { html: string };

/** GET /content/changes: saved but not published. */
/** Who saved an entry last (on the saved line), and when: a studio login, or null for a commit made elsewhere. */
export type Saver = { name: string; login: string | null; at: number };

export type UnpublishedList = {
  changes: Array<{ path: string; type: string; slug: string | null; change: "added" | "changed" | "deleted"; key: string; title: string; life: EntryLife; savedBy: Saver | null; savers: Saver[] }>;
};

/** GET /content/:type/:slug/pending: the entry as the site shows it and as it is saved (null: absent there). */
export type PendingChange = { live: Values | null; saved: Values | null };

/** What happened to an entry in one commit of its history (decision 032). */
export type VersionAction = "save" | "delete" | "restore" | "publish" | "rollback" | "other";
export type VersionEvent = { commit: string; at: number; action: VersionAction; by: { name: string; login: string | null }; note: string };
/**
 * One version of an entry: its content as of `commit` (the newest event of
 * it), with every event that left it so (saved, then published…), newest first.
 */
export type EntryVersion = {
  commit: string;
  events: VersionEvent[];
  /** The entry did not exist in this version (deleted). */
  removed: boolean;
  /** The version is what is saved now / what is on the site now. */
  saved: boolean;
  live: boolean;
};
/** GET /content/:type/:slug/history */
export type EntryHistory = {
  type: string;
  slug: string;
  title: string;
  versions: EntryVersion[];
  /** What is saved now (the base a restore replaces); null when the entry is deleted. */
  hash: string | null;
  /** Referenced entries' titles, to show references by title. */
  options: Record<string, Array<{ value: string; label: string }>>;
};
/** GET /content/:type/:slug/history/:commit: the version's values and the one before it (null: none, or absent). */
export type EntryVersionData = { commit: string; values: Values | null; previous: { commit: string; values: Values | null } | null };
/** POST /content/:type/:slug/history/:commit/restore */
export type RestoreRequest = { baseHash: string | null };

/** GET /content/overview: the studio's first page, for those who edit and publish. */
export type ContentFigures = {
  /** Saved entries not on the site yet: all of them, and those this person saved last. */
  unpublished: number;
  mine: number;
  /** Publications planned and not yet made; the next one's moment. */
  scheduled: number;
  nextAt: number | null;
  /** The site's last publication. */
  last: { message: string; at: number; author: string } | null;
};

/** GET /content/icons: the names of the site's icons (/assets/icons/<name>.svg), for the icon picker. */
export type IconList = { icons: string[] };

/** GET /content/used-values?type=…&field=…: the values a list field (tags) has across the collection, most used first. */
export type UsedValues = { values: Array<{ value: string; count: number }> };
