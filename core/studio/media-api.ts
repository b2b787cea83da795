import { inMoscow } from "../lib/moscow-time.ts";
/**
 * «Медиа»: the images uploaded into the content, as the studio's API gives
 * them (server/studio/api/media.ts) and its page shows them
 * (studio/pages/media.tsx).
 */

/** Where an image is used: an entry (by its title) and the field or text that shows it. */
export type MediaUse = { type: string; slug: string; title: string };

export type MediaItem = {
  /** `<hash>.<ext>` under content/uploads/: how Markdown names it (`/uploads/<file>`). */
  file: string;
  /** The file's name on the uploader's computer («foto-1.jpg»), found by the search; "" for a picture uploaded before names were kept. */
  name: string;
  width: number;
  height: number;
  bytes: number;
  /** What the image shows, for people who do not see it; offered as the alt text wherever it is inserted. */
  alt: string;
  caption: string;
  /** The point a crop keeps in view, 0–1 from the left and the top (the centre by default). */
  focal: { x: number; y: number };
  uploadedAt: number | null;
  uses: MediaUse[];
  /** The description came from a file this one replaced and nobody has saved it since: «Медиа» asks to check it. */
  checkAlt: boolean;
};

/**
 * GET /media?q=…&filter=…&type=…&page=…: the library, newest first, a page
 * of MEDIA_PAGE_SIZE at a time, found by alt text, caption, the original
 * file name or ours; `filter` "undescribed" (no alt text) or "unused" (no
 * saved entry shows it), `type` one of MEDIA_TYPES. With `uses=0` (the
 * pickers) each item's `uses` is left empty: finding them reads every
 * content file (and `filter=unused` needs them, so it is refused there).
 * GET /media/:file: one image, without its uses. GET /media/:file/thumb: its
 * small copy for the grids (a WebP MEDIA_THUMB_WIDTH wide at most), drawn
 * in the image pool at upload or when first asked, then kept.
 */
export const MEDIA_PAGE_SIZE = 48;
export const MEDIA_THUMB_WIDTH = 320;
export const MEDIA_FILTERS = ["undescribed", "unused"] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];
export const MEDIA_TYPES = ["jpg", "png", "webp", "avif"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_TYPE_NAMES: Record<MediaType, string> = { jpg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };
/** The longest search, and the last page a request may ask for (a page past the library's end is answered with its last). */
export const MEDIA_QUERY_MAX = 200;
export const MEDIA_PAGE_MAX = 10_000;
/** The longest original file name kept (the rest is cut). */
export const MEDIA_NAME_MAX = 200;

/** A page's query as the API reads it (GET /media). */
export type MediaQuery = { q: string; filter: MediaFilter | null; type: MediaType | null; page: number };

/** The small copy's address (long cached: a file's bytes never change under its name; `v` moves when the copy is drawn differently). */
export const mediaThumbPath = (file: string) => `/media/${file}/thumb?v=1`;

/**
 * An original file name as «Медиа» keeps it: without its folders, one line
 * without hidden controls, at most MEDIA_NAME_MAX characters; "" for none.
 */
export function originalName(raw: string | null | undefined): string {
  if (!raw) return "";
  const base = raw.split(/[\\/]/).pop() ?? "";
  return oneLine(base).replace(new RegExp(HIDDEN_CONTROLS.source, "gu"), "").slice(0, MEDIA_NAME_MAX).trim();
}
/**
 * GET /media/:file/places: everywhere an image is still needed, each a reason
 * it cannot be deleted — saved entries (`entries`), the live site's
 * (`live`), someone's draft, a kept version of an entry (the newest that
 * shows it, per entry whose saved text no longer does), an entry in
 * «Корзина». DELETE /media/:file answers 409 with the same when any is there.
 */
export type MediaPlaces = {
  entries: MediaUse[];
  live: MediaUse[];
  drafts: Array<MediaUse & { by: string }>;
  versions: Array<MediaUse & { at: number; kind: string }>;
  trash: Array<MediaUse & { deletedAt: number }>;
};

/** Whether an image is needed anywhere (MediaPlaces). */
export const isNeeded = (places: MediaPlaces) => Object.values(places).some((list: unknown[]) => list.length > 0);


/** A kept version as people name it: «версия от 29 ноября 2026 г. в 14:05, статья «Сквозная аналитика»». */
export const versionWords = (version: MediaPlaces["versions"][number]) => `версия от ${inMoscow(version.at, "dateTime")}, ${version.kind} «${version.title}»`;

/** Why an image cannot be deleted, in one sentence naming the first place that needs it. */
export function neededMessage(places: MediaPlaces): string {
  const [entry] = places.entries;
  if (entry) return `Изображение используется в\u00a0«${entry.title}»${places.entries.length > 1 ? " и\u00a0других записях" : ""}: сначала уберите его оттуда`;
  const [live] = places.live;
  if (live) return `Изображение ещё на\u00a0сайте: его показывает опубликованная версия «${live.title}». Опубликуйте запись без него, тогда его можно будет удалить`;
  const [draft] = places.drafts;
  if (draft) return `Изображение есть в\u00a0черновике «${draft.title}» (${draft.by}): пока черновик не\u00a0сохранён или не\u00a0отменён, удалить его нельзя`;
  const [version] = places.versions;
  if (version) return `Изображение показывает ${versionWords(version)}: пока эта версия хранится в\u00a0истории и\u00a0её можно вернуть, удалить изображение нельзя`;
  const [trashed] = places.trash;
  if (trashed) return `Изображение есть в\u00a0записи «${trashed.title}» в\u00a0«Корзине»: пока её можно восстановить, удалить изображение нельзя`;
  return "Изображение нигде не\u00a0используется";
}

/** DELETE /media/:file refused: why, and where the image is needed. */
export type MediaRefused = { ok: false; message: string; places: MediaPlaces };

/**
 * «Корзина» of «Медиа»: an image nothing needed when it was deleted, kept
 * TRASH_DAYS days with its description (core/studio/trash-api.ts), then removed.
 * GET /trash lists them as `pictures`; POST /trash/pictures/:file/restore puts
 * one back, POST /trash/pictures/:file/purge (admins) removes it for good.
 */
export type TrashedPicture = { file: string; width: number; height: number; alt: string; deletedBy: { login: string; name: string }; deletedAt: number; daysLeft: number };

/** One page of the library: `total` found by the query, `library` in «Медиа» at all, `page` of `pages` (at least 1). */
export type MediaList = { items: MediaItem[]; total: number; library: number; page: number; pages: number };

/**
 * POST /media/describe: several images described at once, each its own
 * alt text (a description is of one picture: one text for all would tell
 * those who do not see them nothing). At most MEDIA_PAGE_SIZE; the rest of
 * each image's description (caption, focal point) stays. Refused whole,
 * with each wrong one's error under `items.<i>.alt`, or saved whole.
 */
export type MediaDescribeMany = { items: Array<{ file: string; alt: string }> };

/**
 * POST /media/:file/alt: the alt text typed for a picture in a text, given
 * to «Медиа» as its description when it has none yet (otherwise nothing
 * changes): `taken` says which.
 */
export type MediaAltOffered = { taken: boolean };

/** PUT /media/:file */
export type MediaUpdate = { alt: string; caption?: string; focal?: { x: number; y: number } };

/**
 * POST /media/:file/replace (the new image as the body, like an upload):
 * every entry that showed `file` shows the new one, with its description;
 * `entries` are those changed, waiting for publication.
 */
export type MediaReplaced = { file: string; entries: MediaUse[]; message: string };

export const MEDIA_LIMITS = { alt: 300, caption: 500 } as const;

/**
 * Alt text and captions are one line of plain text (issue 53): line breaks
 * and tabs, typed or pasted into the field, are made single spaces (what
 * the field shows wrapped is one line anyway); the invisible characters
 * that can make a text read differently from what it says are refused at
 * the field — control characters and the bidi embeddings, overrides and
 * isolates that reorder what follows them (U+202A–U+202E, U+2066–U+2069).
 */
const LINE_BREAKS = /[ \t\n\v\f\r\u0085\u2028\u2029]*[\t\n\v\f\r\u0085\u2028\u2029][ \t\n\v\f\r\u0085\u2028\u2029]*/g;
const HIDDEN_CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** A description as one line: its line breaks and tabs made single spaces, its ends trimmed. */
export const oneLine = (text: string) => text.replace(LINE_BREAKS, " ").trim();

/** Whether a description (made one line) still holds a control or bidi-reordering character: refused at its field. */
export const hasHiddenControls = (text: string) => HIDDEN_CONTROLS.test(text);

export const MEDIA_TEXT_MESSAGE =
  "Уберите невидимые управляющие символы (например, смену направления текста): из\u00a0них описание читается не\u00a0так, как написано. Наберите его заново или вставьте как простой текст";

/**
 * Markdown that shows an image, for any editor's text (the upload's snippet,
 * the Markdown editor, the visual editor's output): the alt text made one line
 * without hidden controls, and every character Markdown or HTML could read
 * as markup escaped with a backslash, so whatever «Медиа» holds stays the
 * image's description and never becomes markup in the text it goes into.
 */
export function markdownImage(alt: string, src: string, title?: string | null): string {
  const text = oneLine(alt).replace(new RegExp(HIDDEN_CONTROLS.source, "gu"), "");
  // Brackets and an `&` that would start an entity as numeric references: marked reads `\[` in a
  // label as a bracket again. Every other character Markdown reads as markup behind a backslash.
  const escaped = text.replace(/[[\]]|&(?=#?\w+;)/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\\`*_<>~|]/g, "\\$&");
  const address = src.replace(/[()\\]/g, "\\$&").replace(/[\s<>]/g, encodeURIComponent);
  const titled = title ? ` "${oneLine(title).replace(/[\\"]/g, "\\$&")}"` : "";
  return `![${escaped}](${address}${titled})`;
}
