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

function describe(file: string, error: z.ZodError): ContentError {
  const where = relative(process.cwd(), file);
  const lines = error.issues.map((issue) => `  ${where}: поле "${issue.path.join(".") || "(весь файл)"}": ${issue.message}`);
  return new ContentError(`Ошибки в содержимом:\n${lines.join("\n")}`);
}

function validate<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw describe(file, result.error);
  return result.data;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parsed files by their path under the content folder, each with the hash of the bytes it was parsed from. */
export type FileCache = ReadonlyMap<string, { hash: string; value: unknown }>;

/** What a load may reuse (`cache`) and where it records each file it read (`files`: path → hash). */
export type LoadOptions = { cache?: FileCache | undefined; files?: Record<string, string> };

export function hashBytes(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 22);
}

/**
 * The YAML parser, required on first use: the process that serves the site reads releases, never
 * content files, and without it holds 9 MB less (docs/benchmarks.md, idle memory).
 */
const require = createRequire(import.meta.url);
let yaml: typeof Yaml | null = null;

function parseYamlSource(source: string, file: string): unknown {
  try {
    yaml ??= require("yaml") as typeof Yaml;
    return yaml.parse(source);
  } catch (error) {
    throw new ContentError(`${relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
}

function readMarkdownEntry(source: string, file: string, withBody: boolean): Record<string, unknown> {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new ContentError(`${relative(process.cwd(), file)}: нет блока полей между строками ---`);
  const data = parseYamlSource(match[1] ?? "", file);
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ContentError(`${relative(process.cwd(), file)}: блок полей между строками --- должен быть списком «поле: значение»`);
  }
  const body = match[2] ?? "";
  // A type without a text after its fields (a landing) gets none, unless the file has one: then its schema refuses it.
  return { ...data, slug: basename(file, ".md"), ...(withBody || body.trim() !== "" ? { body } : {}) };
}

/** Reads one file; parses and validates it unless the cache holds it with the same bytes. */
function loadFile<T>(root: string, path: string, options: LoadOptions, parse: (source: string, file: string) => T): T {
  const file = join(root, path);
  const bytes = readFileSync(file);
  const hash = hashBytes(bytes);
  if (options.files) options.files[path] = hash;
  const cached = options.cache?.get(path);
  if (cached?.hash === hash) return cached.value as T;
  return parse(bytes.toString("utf8"), file);
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
  if (!existsSync(join(root, folder))) return entries;
  for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith(".md")).sort()) {
    try {
      entries.push(loadFile(root, `${folder}/${name}`, options, (source, file) => validate(schema, readMarkdownEntry(source, file, withBody), file)));
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
  return loadFile(root, path, options, (source, file) => validate(schema, parseYamlSource(source, file), file));
}
