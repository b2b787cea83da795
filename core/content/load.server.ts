import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Yaml from "yaml";
import { basename, join, relative } from "node:path";
import type { z } from "zod";
import { CONTENT_DIR } from "../config/folders.server.ts";
import "./present.server.ts";

/**
 * Reads content files and validates them by their schema. An invalid file
 * stops a release (every collection is loaded before anything renders) with a
 * message naming the file and the field.
 */

export class ContentError extends Error {
  override name = "ContentError";
}

function describe(where: string, error: z.ZodError): ContentError {
  const lines = error.issues.map((issue) => `  ${where}: поле "${issue.path.join(".") || "(весь файл)"}": ${issue.message}`);
  return new ContentError(`Ошибки в содержимом:\n${lines.join("\n")}`);
}

function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw describe(where, result.error);
  return result.data;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parsed files by their path under the content folder, each with the hash of the bytes it was parsed from. */
export type FileCache = ReadonlyMap<string, { hash: string; value: unknown }>;

/**
 * Changes laid over the folder (path under it → text, null for a file removed): what a load of the
 * folder would find once they are written. The studio checks a save so, without copying the folder
 * (at 5,000 articles a copy took 1.2–1.8 s of a save, every other studio request waiting).
 */
export type Overlay = ReadonlyMap<string, string | null>;

/**
 * What a load may reuse (`cache`), where it records each file it read (`files`: path → hash), the
 * changes it reads as if written (`overlay`), what its messages call the folder (`shownAs`; by
 * default its path from the working directory), and the hashes of files known without reading
 * them (`knownHashes`: the studio keeps them by what `stat` says; a file whose known hash is the
 * cache's is not read).
 */
export type LoadOptions = {
  cache?: FileCache | undefined;
  files?: Record<string, string>;
  overlay?: Overlay | undefined;
  shownAs?: string | undefined;
  knownHashes?: Readonly<Record<string, string>> | undefined;
};

export function hashBytes(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 22);
}

/**
 * The YAML parser, required on first use: the process that serves the site reads releases, never
 * content files, and without it holds 9 MB less (docs/benchmarks.md, idle memory).
 */
const require = createRequire(import.meta.url);
let yaml: typeof Yaml | null = null;

function parseYamlSource(source: string, where: string): unknown {
  try {
    yaml ??= require("yaml") as typeof Yaml;
    return yaml.parse(source);
  } catch (error) {
    throw new ContentError(`${where}: ${(error as Error).message}`);
  }
}

function readMarkdownEntry(source: string, where: string, withBody: boolean): Record<string, unknown> {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new ContentError(`${where}: нет блока полей между строками ---`);
  const data = parseYamlSource(match[1] ?? "", where);
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ContentError(`${where}: блок полей между строками --- должен быть списком «поле: значение»`);
  }
  const body = match[2] ?? "";
  // A type without a text after its fields (a landing) gets none, unless the file has one: then its schema refuses it.
  return { ...data, slug: basename(where, ".md"), ...(withBody || body.trim() !== "" ? { body } : {}) };
}

/** A file as messages name it: under `shownAs`, or its path from the working directory. */
const shown = (root: string, path: string, options: LoadOptions): string => (options.shownAs === undefined ? relative(process.cwd(), join(root, path)) : `${options.shownAs}/${path}`);

/** Reads one file (or its text in the overlay); parses and validates it unless the cache holds it with the same bytes. */
function loadFile<T>(root: string, path: string, options: LoadOptions, parse: (source: string, where: string) => T): T {
  const laid = options.overlay?.get(path);
  const where = shown(root, path, options);
  if (laid === null) throw new ContentError(`${where}: файл удалён`);
  const cached = options.cache?.get(path);
  const known = laid === undefined ? options.knownHashes?.[path] : undefined;
  if (known !== undefined && cached?.hash === known) {
    if (options.files) options.files[path] = known;
    return cached.value as T;
  }
  const bytes = laid ?? readFileSync(join(root, path));
  const hash = hashBytes(bytes);
  if (options.files) options.files[path] = hash;
  if (cached?.hash === hash) return cached.value as T;
  return parse(typeof bytes === "string" ? bytes : bytes.toString("utf8"), where);
}

/** The Markdown files of a folder, by name, with the overlay's added and removed ones. */
function markdownNames(root: string, folder: string, overlay: Overlay | undefined): string[] {
  const names = new Set(existsSync(join(root, folder)) ? readdirSync(join(root, folder)).filter((n) => n.endsWith(".md")) : []);
  for (const [path, text] of overlay ?? []) {
    const name = path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : null;
    if (name === null || name.includes("/") || !name.endsWith(".md")) continue;
    if (text === null) names.delete(name);
    else names.add(name);
  }
  return [...names].sort();
}

/**
 * A folder of Markdown files, one entry each: frontmatter fields plus `slug`
 * (the file name) and `body` (the Markdown after the frontmatter).
 */
export function loadCollection<S extends z.ZodType>(folder: string, schema: S, root = CONTENT_DIR, options: LoadOptions = {}): Array<z.output<S>> {
  const entries: Array<z.output<S>> = [];
  const errors: string[] = [];
  const withBody = "body" in ((schema as unknown as { shape?: object }).shape ?? {});
  // A collection newer than the content folder (a volume made before it existed) has no entries yet.
  for (const name of markdownNames(root, folder, options.overlay)) {
    try {
      entries.push(loadFile(root, `${folder}/${name}`, options, (source, where) => validate(schema, readMarkdownEntry(source, where, withBody), where)));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push(error.message);
    }
  }
  // Report every broken file at once, not only the first.
  if (errors.length > 0) throw new ContentError(errors.join("\n"));
  return entries;
}

/** One YAML file validated as a whole. */
export function loadDocument<S extends z.ZodType>(path: string, schema: S, root = CONTENT_DIR, options: LoadOptions = {}): z.output<S> {
  return loadFile(root, path, options, (source, where) => validate(schema, parseYamlSource(source, where), where));
}
