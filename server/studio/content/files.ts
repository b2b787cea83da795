import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { z } from "zod";
import {
  COLLECTION_CATALOG,
  type CollectionName,
  DOCUMENT_CATALOG,
  type EditableType,
  hasBody,
  isCollectionName,
  isDocumentName,
  SINGLE,
  TABLE_CATALOG,
} from "#core/content/catalog.ts";
import { SLUG_MAX, SLUG_PATTERN } from "#core/content/fields.ts";
import { hashBytes } from "#core/content/load.server.ts";
import { LEGAL_PAGES } from "#core/content/schemas/legal.ts";
import type { RedirectsValues } from "#core/content/schemas/redirects.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "../../releases/tables.ts";
import { fileFacts, identityOf, settled } from "./file-facts.ts";

/**
 * Content files as the studio reads and writes them. A path is never taken
 * from the client: the type picks a folder from the catalog and the slug must
 * be a slug (legal pages: one of theirs), so nothing can name a file outside
 * the content folder. Values are the files' own (before typography and
 * Markdown rendering), which is what a form edits and a file stores.
 */
export type Values = Record<string, unknown>;
export type StoredEntry = { values: Values; hash: string };

/** An entry's title for people: its name, title or client, else its slug. */
export const titleOf = (values: Values, slug: string) => String(values.name ?? values.title ?? values.client ?? slug);

/** Whether `slug` may name an entry of `type` (a document or table: only SINGLE). */
export function validSlug(type: EditableType, slug: string): boolean {
  if (!isCollectionName(type)) return slug === SINGLE;
  if (type === "legal") return (LEGAL_PAGES as readonly string[]).includes(slug);
  return slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
}

/** The files of an entry, under the content folder (a table has two). */
export function entryFiles(type: EditableType, slug: string): string[] {
  if (!validSlug(type, slug)) throw new Error(`not an entry: ${type}/${slug}`);
  if (isCollectionName(type)) return [`${COLLECTION_CATALOG[type].folder}/${slug}.md`];
  if (isDocumentName(type)) return [DOCUMENT_CATALOG[type].file];
  return [...TABLE_CATALOG[type].files];
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function readText(contentDir: string, path: string): string | null {
  const file = join(contentDir, path);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** The hash of an entry's files (their texts as entryFiles lists them) as a release records them. */
export const textsHash = (texts: ReadonlyArray<string | null>) => (texts.length === 1 ? hashBytes(texts[0] ?? "") : hashBytes(texts.map((t) => t ?? "").join("\0")));

/** The hash of an entry's files as a release records them: what an editor started from. */
export function entryHash(contentDir: string, type: EditableType, slug: string): string | null {
  const texts = entryFiles(type, slug).map((path) => readText(contentDir, path));
  return texts.every((t) => t === null) ? null : textsHash(texts);
}

/**
 * Entries' values as last parsed, by the hash of their files' bytes: the same
 * bytes parse the same, and parsing (YAML) is most of what a list of 5,000
 * articles costs (docs/studio.md, «At scale»). Bounded; a copy goes out, so
 * no caller can change what the next one reads.
 */
const parsed = new Map<string, Values>();
const PARSED_MAX = 20_000;

function remember(key: string, values: Values): Values {
  if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
  parsed.set(key, values);
  return values;
}

/** An entry's values as kept (shared: never to be changed), or null when it does not exist. */
function parsedEntry(contentDir: string, type: EditableType, slug: string): { values: Values; hash: string } | null {
  const texts = entryFiles(type, slug).map((path) => readText(contentDir, path));
  if (texts.every((t) => t === null)) return null;
  const hash = textsHash(texts);
  const key = `${type}/${slug}/${hash}`;
  return { values: parsed.get(key) ?? remember(key, valuesOf(type, slug, texts) as Values), hash };
}

/** Reads an entry's values, or null when it does not exist (an unreadable file reads as empty). */
export function readEntry(contentDir: string, type: EditableType, slug: string): StoredEntry | null {
  const entry = parsedEntry(contentDir, type, slug);
  return entry ? { values: structuredClone(entry.values), hash: entry.hash } : null;
}

/**
 * A collection entry's values when the hash of its one file is already known
 * (a list hashes every file first): no second read, no parse of a version
 * seen before. Shared, so read-only.
 */
export function knownEntryValues(contentDir: string, type: CollectionName, slug: string, hash: string): Readonly<Values> {
  const key = `${type}/${slug}/${hash}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  const texts = entryFiles(type, slug).map((path) => readText(contentDir, path));
  // Changed since it was hashed: parsed as it is now, kept under its own hash.
  return remember(`${type}/${slug}/${textsHash(texts)}`, (valuesOf(type, slug, texts) ?? {}) as Values);
}

/**
 * Parses every collection entry into the cache above, a few at a time between
 * other work, so a server's first content list does not pay for all of them
 * (2.1 s at 5,000 articles: docs/studio.md, «At scale»). Resolves when done or
 * stopped; an entry that cannot be read is left to the list that asks for it.
 */
export async function warmEntries(contentDir: string, stopped: () => boolean = () => false): Promise<number> {
  let count = 0;
  for (const type of Object.keys(COLLECTION_CATALOG) as CollectionName[]) {
    const slugs = listSlugs(contentDir, type);
    for (let i = 0; i < slugs.length; i += WARM_BATCH) {
      // setImmediate: requests that arrived meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped() || parsed.size + WARM_BATCH > PARSED_MAX) return count;
      for (const slug of slugs.slice(i, i + WARM_BATCH)) {
        try {
          parsedEntry(contentDir, type, slug);
          // And its file's hash, which every list asks for (file-facts.ts).
          fileFacts(join(contentDir, `${COLLECTION_CATALOG[type].folder}/${slug}.md`));
          count++;
        } catch {
          // Removed or unreadable since the folder was listed.
        }
      }
    }
  }
  return count;
}
const WARM_BATCH = 50;

/** An entry's values from the texts of its files (as entryFiles lists them; null: absent), or null when it has none. */
export function valuesOf(type: EditableType, slug: string, texts: ReadonlyArray<string | null>): Values | null {
  if (texts.every((t) => t === null)) return null;
  if (isCollectionName(type)) {
    const match = FRONTMATTER.exec(texts[0] ?? "");
    const data = match ? safeYaml(match[1] ?? "") : {};
    const body = (match?.[2] ?? "").trim();
    return { ...data, slug, ...(hasBody(type) || body !== "" ? { body } : {}) };
  }
  if (isDocumentName(type)) return safeYaml(texts[0] ?? "");
  return tablesOf(texts[0] ?? null, texts[1] ?? null);
}

function safeYaml(source: string): Values {
  try {
    const data = parseYaml(source) as unknown;
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Values) : {};
  } catch {
    return {};
  }
}

/** The rows of a redirects table as the studio shows them (comments and blank lines left out). */
export function redirectRows(csv: string): Array<{ from: string; to: string }> {
  return csv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [from = "", to = ""] = line.split(",").map((cell) => cell.trim());
      return { from, to };
    });
}

function tablesOf(redirectsCsv: string | null, routeRules: string | null): RedirectsValues {
  const redirects = redirectRows(redirectsCsv ?? "from,to\n");
  let rules: RedirectsValues["rules"] = [];
  try {
    const json = JSON.parse(routeRules ?? "{}") as Record<string, { redirect: string; status?: 301 | 302 | 307 | 308 }>;
    rules = Object.entries(json).map(([pattern, rule]) => ({ pattern, redirect: rule.redirect, ...(rule.status ? { status: rule.status } : {}) }));
  } catch {
    rules = [];
  }
  return { redirects, rules };
}

/** The keys of an object schema in their order (the file keeps the schema's order). */
function schemaKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Values in the schema's key order; keys the schema does not know are left out. */
function ordered(schema: z.ZodType, values: Values, skip: readonly string[] = []): Values {
  const out: Values = {};
  for (const key of schemaKeys(schema)) if (!skip.includes(key) && values[key] !== undefined) out[key] = values[key];
  return out;
}

const yaml = (value: unknown) => stringifyYaml(value, { lineWidth: 0 });

/** The files' text for an entry's values: frontmatter + Markdown, YAML, or the tables' CSV and JSON. */
export function serializeEntry(type: EditableType, values: Values): Map<string, string> {
  if (isCollectionName(type)) {
    const { folder, schema } = COLLECTION_CATALOG[type];
    const body = typeof values.body === "string" ? values.body.trim() : "";
    return new Map([[`${folder}/${String(values.slug)}.md`, `---\n${yaml(ordered(schema, values, ["slug", "body"]))}---\n${body ? `${body}\n` : ""}`]]);
  }
  if (isDocumentName(type)) {
    const { file, schema } = DOCUMENT_CATALOG[type];
    return new Map([[file, yaml(ordered(schema, values))]]);
  }
  const tables = values as RedirectsValues;
  const csv = ["from,to", ...tables.redirects.map((row) => `${row.from},${row.to}`)].join("\n") + "\n";
  const rules = Object.fromEntries(tables.rules.map((rule) => [rule.pattern, { redirect: rule.redirect, ...(rule.status && rule.status !== 301 ? { status: rule.status } : {}) }]));
  return new Map([
    [REDIRECTS_FILE, csv],
    [ROUTE_RULES_FILE, `${JSON.stringify(rules, null, 2)}\n`],
  ]);
}

/** Written under a temporary name, then renamed: a reader never sees half a file. */
export function writeContentFile(contentDir: string, path: string, text: string | Buffer): void {
  const file = join(contentDir, path);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

export function removeContentFile(contentDir: string, path: string): void {
  rmSync(join(contentDir, path), { force: true });
}

/** What is known of a collection's folder while its identity (inode, times) stays the same. */
type FolderFacts = { identity: string; slugs: readonly string[]; hashes: ReadonlyArray<readonly [string, string]> | null };
const folders = new Map<string, FolderFacts>();

/**
 * A collection's folder as last read. Its times change whenever a name in it is added, removed or
 * renamed, and every write to the content does one of these: the studio writes a file aside and
 * renames it over the old one (writeContentFile), and git replaces a file it checks out (removes
 * and creates it). So while the folder is the same, so are its names and their bytes, unless a
 * file is edited in place outside the studio and git: a list of 5,000 articles read 5,000 names
 * (12 ms) and asked `stat` of 5,000 files (65 ms) on every request. A folder changed in the last
 * two seconds is read each time (file-facts.ts, git's "racy" rule).
 */
function folderFacts(contentDir: string, type: CollectionName, now: number): FolderFacts {
  const dir = join(contentDir, COLLECTION_CATALOG[type].folder);
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) return { identity: "", slugs: [], hashes: [] };
  const identity = identityOf(stats);
  const known = folders.get(dir);
  if (known?.identity === identity) return known;
  const slugs = readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -3))
    .filter((slug) => validSlug(type, slug))
    .sort();
  const facts: FolderFacts = { identity, slugs, hashes: null };
  if (settled(stats, now)) folders.set(dir, facts);
  else folders.delete(dir);
  return facts;
}

/** Slugs of a collection's entries, from its folder's file names. */
export function listSlugs(contentDir: string, type: CollectionName, now = Date.now()): readonly string[] {
  return folderFacts(contentDir, type, now).slugs;
}

/** Every content file a release loads, with the hash of its bytes (as `contentFiles` of a release). */
export function contentFileHashes(contentDir: string, now = Date.now()): Record<string, string> {
  const files: Record<string, string> = {};
  for (const type of Object.keys(COLLECTION_CATALOG) as CollectionName[]) {
    const folder = folderFacts(contentDir, type, now);
    // Kept by each file's identity (file-facts.ts): only what changed is read and hashed again.
    folder.hashes ??= folder.slugs.flatMap((slug) => {
      const path = `${COLLECTION_CATALOG[type].folder}/${slug}.md`;
      const facts = fileFacts(join(contentDir, path), now);
      return facts ? [[path, facts.hash] as const] : [];
    });
    for (const [path, hash] of folder.hashes) files[path] = hash;
  }
  for (const { file } of Object.values(DOCUMENT_CATALOG)) {
    const facts = fileFacts(join(contentDir, file), now);
    if (facts) files[file] = facts.hash;
  }
  return files;
}
