import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, type EditableType, entryOfFile, isCollectionName, isEditableType, TABLE_CATALOG, typeInfo } from "#core/content/catalog.ts";
import { fieldLabel } from "#core/content/labels.ts";
import { SLUG_MAX } from "#core/content/fields.ts";
import { type Content, loadContent } from "#core/content/index.server.ts";
import { ContentError, type FileCache } from "#core/content/load.server.ts";
import { prerenderPaths } from "#core/content/sitemap.server.ts";
import { MARKDOWN_MESSAGES } from "#core/content/markdown.server.ts";
import { markdownIn, markdownKey, type RenderedMarkdown, type RenderedText } from "#core/content/present.server.ts";
import { withContentSource } from "#core/content/source.server.ts";
import { fileCache, type ReleaseSource } from "../../releases/record.ts";
import { currentRelease, releaseDir } from "../../releases/store.ts";
import { checkNavigation, checkTables, REDIRECTS_FILE, ROUTE_RULES_FILE } from "../../releases/tables.ts";
import { contentFileHashes, readEntry, serializeEntry, titleOf, validSlug, type Values } from "./files.ts";
import { renderOffThread } from "./markdown-off-thread.ts";

/**
 * Whether content can be published, checked with the code releases use: an
 * entry against its schema (its field errors), then the whole site with the
 * change applied — references between entries, the redirect tables against
 * the pages the site would have, the navigation's links. A save that passes
 * here cannot make the next publication fail.
 */

/** A refusal: errors by field path ("results.0.value"), and problems elsewhere (other entries, the tables). */
export class EntryInvalid extends Error {
  readonly errors: Record<string, string>;
  readonly problems: string[];
  constructor(message: string, errors: Record<string, string>, problems: string[] = []) {
    super(message);
    this.errors = errors;
    this.problems = problems;
  }
}

export const CHECK_MESSAGES = {
  fields: "Проверьте поля, отмеченные красным",
  site: "С этим изменением сайт не опубликовать",
  unknownType: "Такого раздела в студии нет",
  badSlug: "Адрес — только строчные латинские буквы, цифры и дефисы между ними",
  longSlug: `Адрес не\u00a0длиннее ${SLUG_MAX} знаков`,
  manyFields: "В\u00a0записи больше сотни полей: столько не\u00a0бывает, и\u00a0студия такого не\u00a0отправляет",
} as const;

export type EntryPayload = { type: string; slug: string; values: unknown };
/** An entry that passed its schema: what its files will hold, and what pages will read. */
export type ValidEntry = { type: EditableType; slug: string; values: Values; output: unknown; files: Map<string, string> };

/**
 * The editor's payload as a content entry, checked by its schema (Russian
 * messages). Throws EntryInvalid with field errors. For the studio's save and
 * for the preview and publication pages (docs/studio.md).
 */
export function validateEntry(payload: EntryPayload): ValidEntry {
  const { type, slug } = payload;
  if (!isEditableType(type)) throw new EntryInvalid(CHECK_MESSAGES.unknownType, {});
  if (!validSlug(type, slug)) throw new EntryInvalid(CHECK_MESSAGES.fields, { slug: slug.length > SLUG_MAX ? CHECK_MESSAGES.longSlug : CHECK_MESSAGES.badSlug });
  const values = entryValues(type, payload);
  if (!values) throw new EntryInvalid(CHECK_MESSAGES.manyFields, {});
  const result = typeInfo(type).schema.safeParse(values);
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join(".");
      errors[path] ??= issue.message;
    }
    throw new EntryInvalid(CHECK_MESSAGES.fields, errors);
  }
  return { type, slug, values, output: result.data, files: serializeEntry(type, values) };
}

/**
 * The payload's values as an entry holds them, or null when they have far
 * more fields than any entry has: refused as they are, since a copy of 60,000
 * takes a third of a second and their schema's check as long again.
 */
function entryValues(type: EditableType, payload: EntryPayload): Values | null {
  const given = typeof payload.values === "object" && payload.values !== null && !Array.isArray(payload.values) ? (payload.values as Values) : {};
  if (manyFields(given)) return null;
  return isCollectionName(type) ? { ...given, slug: payload.slug } : given;
}

/** More fields than any schema has (the most: 18), counted no further than that. */
const FIELDS_MAX = 100;

function manyFields(values: Values): boolean {
  let count = 0;
  for (const key in values) if (Object.hasOwn(values, key) && ++count > FIELDS_MAX) return true;
  return false;
}

/**
 * The entry's Markdown texts rendered in the worker, links strict, each
 * within the time limit (decision 025). Validate (and check the site) inside
 * `withRenderedMarkdown(rendered, …)`: a text's refusal becomes its field's
 * error, and the main thread renders none of them. After a text that took too
 * long the rest are not tried: the entry is refused anyway.
 */
/** `who`: the person it is for, whose texts take turns with everyone else's (markdown-off-thread.ts). */
export async function renderEntryMarkdown(payload: EntryPayload, contentDir: string, who = ""): Promise<RenderedMarkdown> {
  const texts = new Map<string, RenderedText>();
  const { type } = payload;
  if (!isEditableType(type)) return { texts, complete: true };
  const values = entryValues(type, payload);
  if (!values) return { texts, complete: false };
  const parse = { refused: false };
  const listed = markdownIn(() => (parse.refused = !typeInfo(type).schema.safeParse(values).success));
  // Refused even with its texts unrendered (a field over its limit, 250,000 tags): refused as it is, none rendered.
  // The form checks the same schema before it sends, so only a hand-made request gets here; a worker's start alone takes a second.
  if (parse.refused) return { texts, complete: false };
  for (const text of listed) {
    const key = markdownKey(text);
    if (texts.has(key)) continue;
    const rendered = await renderOffThread({ ...text, contentDir }, undefined, who);
    texts.set(key, rendered);
    if ("error" in rendered && rendered.error === MARKDOWN_MESSAGES.tooComplex) return { texts, complete: false };
  }
  return { texts, complete: true };
}

/** Parsed files of the last load, by path and hash: a check re-parses only what changed. */
let cache: FileCache | null = null;

function seedCache(releasesRoot: string): FileCache {
  const id = currentRelease(releasesRoot);
  if (!id) return new Map();
  try {
    return fileCache(JSON.parse(readFileSync(join(releaseDir(releasesRoot, id), "source.json"), "utf8")) as ReleaseSource);
  } catch {
    return new Map();
  }
}

function remember(loaded: { content: Content; files: Record<string, string> }): void {
  cache = fileCache({ content: loaded.content, contentFiles: loaded.files } as unknown as ReleaseSource);
}

/** The content as saved, loaded and checked (throws ContentError when it is already broken). */
export function loadSaved(contentDir: string, releasesRoot: string): Content {
  cache ??= seedCache(releasesRoot);
  const loaded = loadContent(contentDir, cache, { knownHashes: contentFileHashes(contentDir) });
  remember(loaded);
  return loaded.content;
}

/** A problem line of a ContentError: `  content/<path>: поле "<field>": <message>`. */
const PROBLEM = /^\s*content\/(.+?): поле "([^"]*)": (.*)$/;

/**
 * Checks the whole site with `writes` applied (path → new text, or null to
 * delete), as a release would load it: the content folder read with the
 * writes laid over it, nothing copied or written. `own` are the paths of the
 * entry being saved: problems there become its field errors; any other
 * becomes a problem naming its file. What passes is remembered, so the next
 * check parses only what changed after it.
 */
export function checkSite(contentDir: string, releasesRoot: string, writes: ReadonlyMap<string, string | null>, own: readonly string[]): void {
  cache ??= seedCache(releasesRoot);
  try {
    // The files' hashes as the studio keeps them (by `stat`): an unchanged file is not read again.
    const loaded = loadContent(contentDir, cache, { overlay: writes, shownAs: "content", knownHashes: contentFileHashes(contentDir) });
    const livePages = withContentSource({ content: loaded.content, images: {}, modified: {} }, () => prerenderPaths());
    const table = (path: string) => writes.get(path) ?? readFileSync(join(contentDir, path), "utf8");
    checkTables(table(REDIRECTS_FILE), table(ROUTE_RULES_FILE), livePages);
    checkNavigation(loaded.content.navigation, livePages);
    remember(loaded);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw refusal(error.message, own, contentDir);
  }
}

function refusal(message: string, own: readonly string[], contentDir: string): EntryInvalid {
  const errors: Record<string, string> = {};
  const problems: string[] = [];
  for (const line of message.split("\n")) {
    if (!line.startsWith("  ")) continue;
    const m = PROBLEM.exec(line);
    if (m && own.includes(m[1] as string)) errors[m[2] as string] ??= m[3] as string;
    else problems.push(m ? `${fileName(contentDir, m[1] as string)}, поле «${fieldOf(m[1] as string, m[2] as string)}»: ${m[3] as string}` : named(contentDir, line.trim()));
  }
  if (problems.length === 0 && Object.keys(errors).length === 0) problems.push(message);
  return new EntryInvalid(Object.keys(errors).length > 0 && problems.length === 0 ? CHECK_MESSAGES.fields : CHECK_MESSAGES.site, errors, problems);
}

/** The entry a content file holds, for a person: «Заголовок» (кейс), or the document's or tables' name. */
function fileName(contentDir: string, path: string): string {
  const entry = entryOfFile(path);
  if (entry) {
    const values = readEntry(contentDir, entry.type, entry.slug)?.values;
    return `${capitalized(COLLECTION_CATALOG[entry.type].one)} ${quoted(values ? titleOf(values, entry.slug) : entry.slug)}`;
  }
  const document = Object.values(DOCUMENT_CATALOG).find((d) => d.file === path);
  if (document) return `«${document.title}»`;
  if ((TABLE_CATALOG.redirects.files as readonly string[]).includes(path)) return `«${TABLE_CATALOG.redirects.title}»`;
  return path;
}

function fieldOf(path: string, field: string): string {
  const entry = entryOfFile(path);
  if (entry) return fieldLabel(entry.type, field);
  const document = Object.entries(DOCUMENT_CATALOG).find(([, d]) => d.file === path);
  return document ? fieldLabel(document[0] as EditableType, field) : field;
}

/** A problem line that names a content file: the file named as above. */
function named(contentDir: string, line: string): string {
  return line.replace(/^content\/([^:\s]+):\s*/, (_, path: string) => `${fileName(contentDir, path)}: `);
}

/** «…» around a title; quotes inside it become „…“, as Russian nests them. */
export const quoted = (title: string) => `«${title.replace(/«/g, "„").replace(/»/g, "“")}»`;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
