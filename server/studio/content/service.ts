import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type CollectionName, type EditableType, entryPath, hasOwnPage, isCollectionName, isEditableType, SECTION_PATHS } from "#core/content/catalog.ts";
import { withRenderedMarkdown } from "#core/content/present.server.ts";
import { publishedDir } from "../../releases/published.ts";
import { parseRedirectTable } from "../../redirect-table.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "../../releases/tables.ts";
import { type Author, type CommitAction, commitSaved } from "../../releases/history.ts";
import type { MediaUse } from "#core/studio/media-api.ts";
import { CHECK_MESSAGES, checkSite, EntryInvalid, renderEntryMarkdown, validateEntry } from "./check.ts";
import { entryFiles, entryHash, readEntry, redirectRows, removeContentFile, titleOf, validSlug, type Values, writeContentFile } from "./files.ts";
import { filesNaming, mediaAbout, mediaUses, removeMedia } from "./media.ts";
import { missingPictures } from "./pictures.ts";
import { withoutRedirectFrom, withRedirect } from "./references.ts";
import { atAddress, followed } from "./rename.ts";
import { type ContentPlace, readRedirects } from "./place.ts";

/**
 * The content editor's writes to the content folder: saving, renaming and
 * deleting with a redirect, restoring, replacing and removing uploads (what
 * the screens read is entry-reads.ts). Writes run one at a time in this
 * process (a save checks the whole site first), and each compares the hash its editor started from, so a change made meanwhile
 * (in another tab, on another server, by hand) is never silently overwritten.
 */

/** A save or delete found the entry changed since its editor loaded it. */
export class EntryConflict extends Error {
  readonly theirs: Values | null;
  readonly theirsHash: string | null;
  constructor(message: string, theirs: Values | null, theirsHash: string | null) {
    super(message);
    this.theirs = theirs;
    this.theirsHash = theirsHash;
  }
}

export const SAVE_MESSAGES = {
  conflict: "Пока вы редактировали, запись изменили. Сравните версии и выберите, что оставить.",
  gone: "Пока вы редактировали, запись удалили. Сохраните её как новую или закройте.",
  exists: "Запись с таким адресом уже есть",
  taken: "Адрес занят другой записью",
  saved: "Сохранено. На сайте изменения появятся после публикации.",
  unchanged: "Изменений нет: сохранять нечего.",
  deleted: "Запись перенесена в\u00a0«Корзину»: там её можно восстановить в\u00a0течение 30\u00a0дней. С\u00a0сайта она исчезнет после публикации.",
  notCollection: "Этот раздел — один документ: его можно править, но не удалять",
  noRedirectHere: "У этой записи нет своей страницы: перенаправление не нужно",
  redirected: (to: string) =>
    `Адрес занят: с\u00a0него перенаправляют на\u00a0${to}. Выберите другой адрес или уберите это перенаправление в\u00a0разделе «Перенаправления»`,
  ruled: (pattern: string) => `Адрес занят правилом перенаправления ${pattern}: такая страница не\u00a0откроется. Выберите другой адрес`,
  ledHere: (rows: readonly string[]) =>
    `На\u00a0адрес этой записи ведут перенаправления: ${rows.join(", ")}. Без\u00a0страницы они поведут в\u00a0никуда: отметьте «Перенаправлять…» и\u00a0выберите страницу, куда им вести, или сначала уберите их в\u00a0разделе «Перенаправления».`,
} as const;

let queue: Promise<unknown> = Promise.resolve();
/** One write at a time in this process: the check, the hash comparison and the write belong together. */
function serialized<T>(work: () => T | Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

export type SaveInput = {
  type: string;
  slug: string;
  values: unknown;
  baseHash: string | null;
  renamedFrom?: string | undefined;
  redirectTo?: string | undefined;
  /** Who saves: the author of the save's commit in the entry's history (none: git's own). */
  by?: Author | undefined;
  /** What the history calls this save: a restored version says which («Восстановлена версия от …»). */
  note?: { action: CommitAction; message: string } | undefined;
};
export type Saved = { slug: string; hash: string; changed: boolean; redirected: string | null };

/**
 * Validates and writes an entry (never publishes). Refusals: EntryInvalid
 * (fields, or the site would not publish), EntryConflict (changed meanwhile).
 */
export async function saveEntry(place: ContentPlace, input: SaveInput): Promise<Saved> {
  const rendered = await renderEntryMarkdown(input, place.contentDir, input.by?.email ?? "");
  return serialized(async () => {
    const { saved, record } = withRenderedMarkdown(rendered, () => saveRendered(place, input));
    await record?.();
    return saved;
  });
}

/**
 * What a save does while its Markdown is the rendered one (checks and writes, or a refusal); the
 * history's commit comes after (`record`), as git answers, still before the next save.
 */
function saveRendered(place: ContentPlace, input: SaveInput): { saved: Saved; record?: () => Promise<void> } {
  const valid = validateEntry({ type: input.type, slug: input.slug, values: input.values });
  const { type, slug } = valid;
  // A picture gone from «Медиа» (a version restored after it was deleted) would publish a page without it.
  const missing = missingPictures(place.contentDir, valid.values);
  if (Object.keys(missing).length > 0) throw new EntryInvalid(CHECK_MESSAGES.fields, missing);
  const writes = new Map<string, string | null>(valid.files);
  let redirected: string | null = null;
  const renamed = input.renamedFrom !== undefined && input.renamedFrom !== slug ? input.renamedFrom : null;
  if (renamed !== null) {
    if (!isCollectionName(type) || !validSlug(type, renamed)) throw new EntryInvalid(SAVE_MESSAGES.exists, { slug: SAVE_MESSAGES.exists });
    if (entryHash(place.contentDir, type, slug) !== null) throw new EntryInvalid(CHECK_MESSAGES.fields, { slug: SAVE_MESSAGES.taken });
    assertBase(place, type, renamed, input.baseHash);
    for (const path of entryFiles(type, renamed)) writes.set(path, null);
    for (const [path, text] of followed(place, type, renamed, slug)) if (!writes.has(path)) writes.set(path, text);
    if (input.redirectTo && hasOwnPage(type)) {
      const from = entryPath(type, renamed);
      writes.set(REDIRECTS_FILE, withRedirect(readRedirects(place) ?? "from,to\n", from, input.redirectTo));
      redirected = from;
    }
  } else {
    const current = entryHash(place.contentDir, type, slug);
    if (input.baseHash === null && current !== null) throw new EntryInvalid(SAVE_MESSAGES.exists, { slug: SAVE_MESSAGES.exists });
    if (input.baseHash !== null) assertBase(place, type, slug, input.baseHash);
  }
  if (isCollectionName(type) && hasOwnPage(type) && (renamed !== null || input.baseHash === null)) {
    const taken = addressTaken(place, entryPath(type, slug), writes.get(REDIRECTS_FILE) ?? readRedirects(place));
    if (taken) throw new EntryInvalid(CHECK_MESSAGES.fields, { slug: taken });
  }
  const unchanged = renamed === null && [...valid.files].every(([path, text]) => readText(place, path) === text);
  if (unchanged) return { saved: { slug, hash: entryHash(place.contentDir, type, slug) as string, changed: false, redirected } };
  try {
    checkSite(place.contentDir, place.releasesDir, writes, [...valid.files.keys()]);
  } catch (error) {
    throw renamed === null ? error : atAddress(error);
  }
  apply(place, writes);
  const title = titleOf(valid.values as Values, slug);
  const message = input.note?.message ?? (renamed !== null ? `Адрес изменён: ${renamed} → ${slug} («${title}»)` : `Сохранено: «${title}»`);
  return {
    saved: { slug, hash: entryHash(place.contentDir, type, slug) as string, changed: true, redirected },
    record: () => recordSave(place, writes, input.by, message, input.note?.action ?? "save"),
  };
}

/**
 * Why a new address cannot be a page: an old address the redirect table
 * sends elsewhere, or one a route rule catches. Said at the address field,
 * with what to do; null when it is free.
 */
function addressTaken(place: ContentPlace, path: string, redirectsCsv: string | null): string | null {
  try {
    const to = redirectsCsv === null ? undefined : parseRedirectTable(redirectsCsv).get(path);
    if (to !== undefined) return SAVE_MESSAGES.redirected(to);
  } catch {
    // A broken table is the site check's to report.
  }
  let rules: Record<string, unknown> = {};
  try {
    rules = JSON.parse(readFileSync(join(place.contentDir, ROUTE_RULES_FILE), "utf8")) as Record<string, unknown>;
  } catch {
    rules = {};
  }
  for (const pattern of Object.keys(rules)) {
    const caught = pattern.endsWith("/**") ? path.startsWith(pattern.slice(0, -2)) : pattern === path;
    if (caught) return SAVE_MESSAGES.ruled(pattern);
  }
  return null;
}

/**
 * Points every content file that shows the image `from` at `to` instead (a
 * file replaced in «Медиа»): one save in the history, checked like any save;
 * the entries then wait for publication like any saved change. `from` stays
 * in «Медиа», unused, so older versions that show it can still be restored.
 */
export function replaceUpload(place: ContentPlace, input: { from: string; to: string; by?: Author | undefined }): Promise<{ files: string[] }> {
  return serialized(async () => {
    const writes = new Map<string, string | null>();
    for (const [path, text] of filesNaming(place.contentDir, input.from)) writes.set(path, text.replaceAll(`/uploads/${input.from}`, `/uploads/${input.to}`));
    if (writes.size === 0) return { files: [] };
    checkSite(place.contentDir, place.releasesDir, writes, [...writes.keys()]);
    apply(place, writes);
    await recordSave(place, writes, input.by, `Изображение заменено: ${input.from} → ${input.to}`, "save");
    return { files: [...writes.keys()] };
  });
}

/**
 * Deletes an image from «Медиа» unless something uses it, checked and done
 * in one step with saves (none can start using it in between): null when it
 * went; else what still uses it — entries as saved, or, when none does, the
 * site as published (`live`), whose next publication would need it — or
 * "gone" when `file` is not (or no longer) exactly one of «Медиа»'s images.
 */
/**
 * Deletes an image of «Медиа» that nothing saved or live shows (checked again
 * here, under the content lock: a save may have taken it up since the caller
 * looked further), after `keep` has put it in «Корзина»: a failure there
 * leaves the image where it was.
 */
export function removeUpload(place: ContentPlace, file: string, keep: (file: string) => Promise<void>): Promise<{ uses: MediaUse[]; live: boolean } | "gone" | null> {
  return serialized(async () => {
    if (!mediaAbout(place.contentDir, file)) return "gone";
    const uses = mediaUses(place.contentDir, [file]).get(file) ?? [];
    if (uses.length > 0) return { uses, live: false };
    const published = publishedDir(place.releasesDir);
    const live = existsSync(published) ? (mediaUses(published, [file]).get(file) ?? []) : [];
    if (live.length > 0) return { uses: live, live: true };
    await keep(file);
    return removeMedia(place.contentDir, file) ? null : "gone";
  });
}

/** What a deleted entry leaves for «Корзина»: its files' texts and the address a 301 was added from. */
export type Kept = { files: Record<string, string>; redirected: string | null };

/**
 * Deletes a collection's entry, with a 301 from its address to `redirectTo` when given;
 * the redirects that led to its address lead there too, in the same write (no row leads
 * to a deleted page, no chain). Without `redirectTo` such rows refuse the delete, naming
 * them. `everPublished: false`: the address was never on the site and gets no 301 of its
 * own, only those rows are led on. `keep` (the trash) gets its files' texts once every
 * check has passed, before they are removed: if it fails, nothing is deleted.
 */
export function deleteEntry(
  place: ContentPlace,
  input: {
    type: string;
    slug: string;
    baseHash: string;
    redirectTo?: string | undefined;
    everPublished?: boolean | undefined;
    by?: Author | undefined;
    keep?: ((kept: Kept) => Promise<void>) | undefined;
  },
): Promise<{ redirected: string | null }> {
  return serialized(async () => {
    const { type, slug } = input;
    if (!isEditableType(type) || !isCollectionName(type)) throw new EntryInvalid(SAVE_MESSAGES.notCollection, {});
    if (!validSlug(type, slug)) throw new EntryInvalid(SAVE_MESSAGES.notCollection, {});
    assertBase(place, type, slug, input.baseHash);
    const writes = new Map<string, string | null>(entryFiles(type, slug).map((path) => [path, null]));
    let redirected: string | null = null;
    const address = hasOwnPage(type) ? entryPath(type, slug) : null;
    const table = readRedirects(place);
    const led = address === null || table === null ? [] : redirectRows(table).filter((row) => row.to === address && row.from !== address);
    if (input.redirectTo) {
      if (address === null) throw new EntryInvalid(SAVE_MESSAGES.noRedirectHere, {});
      const own = input.everPublished !== false;
      if (own) redirected = address;
      if (own || led.length > 0) writes.set(REDIRECTS_FILE, withRedirect(table ?? "from,to\n", address, input.redirectTo, own));
    } else if (led.length > 0) {
      throw new EntryInvalid(SAVE_MESSAGES.ledHere(led.map((row) => `${row.from} → ${row.to}`)), {});
    }
    const title = titleOf(readEntry(place.contentDir, type, slug)?.values ?? {}, slug);
    checkSite(place.contentDir, place.releasesDir, writes, []);
    if (input.keep) await input.keep({ files: Object.fromEntries(entryFiles(type, slug).map((path) => [path, readText(place, path) ?? ""])), redirected });
    apply(place, writes);
    await recordSave(place, writes, input.by, `Удалено: «${title}»`, "delete");
    return { redirected };
  });
}

export const RESTORE_MESSAGES = {
  taken: (path: string) => `Адрес ${path} уже занят другой записью. Восстановите эту под другим адресом.`,
  nothing: "В\u00a0«Корзине» у\u00a0этой записи нет файлов: восстанавливать нечего",
} as const;

/**
 * Writes an entry from «Корзина» back to the content folder, at `slug` (its own
 * address or another free one), checked like a save; a saved 301 from that
 * address is dropped (it is a page again). Refusals: EntryInvalid (the address
 * is taken, or the site would not publish with it).
 */
export function restoreEntry(
  place: ContentPlace,
  input: { type: string; slug: string; from: string; files: Readonly<Record<string, string>>; by?: Author | undefined },
): Promise<{ slug: string }> {
  return serialized(async () => {
    const { type, slug } = input;
    if (!isEditableType(type) || !isCollectionName(type) || !validSlug(type, slug) || !validSlug(type, input.from)) throw new EntryInvalid(SAVE_MESSAGES.notCollection, {});
    const address = hasOwnPage(type) ? entryPath(type, slug) : slug;
    if (entryHash(place.contentDir, type, slug) !== null) throw new EntryInvalid(RESTORE_MESSAGES.taken(address), { slug: RESTORE_MESSAGES.taken(address) });
    const target = entryFiles(type, slug);
    const writes = new Map<string, string | null>();
    for (const [i, path] of entryFiles(type, input.from).entries()) {
      const text = input.files[path];
      if (text !== undefined) writes.set(target[i] as string, text);
    }
    if (writes.size === 0) throw new EntryInvalid(RESTORE_MESSAGES.nothing, {});
    const redirects = readRedirects(place);
    if (hasOwnPage(type) && redirects !== null) {
      const without = withoutRedirectFrom(redirects, address);
      if (without !== redirects) writes.set(REDIRECTS_FILE, without);
    }
    checkSite(place.contentDir, place.releasesDir, writes, target);
    apply(place, writes);
    const title = titleOf(readEntry(place.contentDir, type, slug)?.values ?? {}, slug);
    await recordSave(place, writes, input.by, `Восстановлено из «Корзины»: «${title}»`, "save");
    return { slug };
  });
}

/** The default target of a 301 from a deleted entry: its section's list. */
export const defaultRedirect = (type: CollectionName) => SECTION_PATHS[type];

function assertBase(place: ContentPlace, type: EditableType, slug: string, baseHash: string | null): void {
  const current = entryHash(place.contentDir, type, slug);
  if (current === baseHash) return;
  const theirs = readEntry(place.contentDir, type, slug);
  throw new EntryConflict(current === null ? SAVE_MESSAGES.gone : SAVE_MESSAGES.conflict, theirs?.values ?? null, current);
}

function readText(place: ContentPlace, path: string): string | null {
  try {
    return readFileSync(join(place.contentDir, path), "utf8");
  } catch {
    return null;
  }
}

/** Git's own committer when a save names nobody (the command line, tests of the service). */
const NOBODY: Author = { name: "Ориентир", email: "studio@localhost" };

/**
 * The save as a commit of the entries' history (SAVED_REF). The files are
 * already written: a history that cannot be written (git missing or broken)
 * must not turn a done save into an error, so it is said on stderr and the
 * save stands.
 */
async function recordSave(place: ContentPlace, writes: ReadonlyMap<string, string | null>, by: Author | undefined, message: string, action: CommitAction): Promise<void> {
  try {
    await commitSaved(place.contentDir, { changes: writes, author: by ?? NOBODY, message, action });
  } catch (error) {
    process.stderr.write(`content history: the save is not recorded (${(error as Error).message.split("\n")[0]})\n`);
  }
}

function apply(place: ContentPlace, writes: ReadonlyMap<string, string | null>): void {
  for (const [path, text] of writes) {
    if (text === null) removeContentFile(place.contentDir, path);
    else writeContentFile(place.contentDir, path, text);
  }
}
