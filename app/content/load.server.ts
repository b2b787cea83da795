import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { CONTENT_DIR } from "../config/paths.server.ts";

/**
 * Reads content files and validates them by their schema. An invalid file
 * stops the build (prerendering loads every collection) with a message naming
 * the file and the field.
 */

export class ContentError extends Error {
  override name = "ContentError";
}

function describe(file: string, error: z.ZodError): ContentError {
  const where = relative(process.cwd(), file);
  const lines = error.issues.map((issue) => `  ${where}: field "${issue.path.join(".") || "(root)"}": ${issue.message}`);
  return new ContentError(`Invalid content:\n${lines.join("\n")}`);
}

function validate<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw describe(file, result.error);
  return result.data;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function readYaml(file: string): unknown {
  try {
    return parseYaml(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
}

function readMarkdownEntry(file: string): Record<string, unknown> {
  const source = readFileSync(file, "utf8");
  const match = FRONTMATTER.exec(source);
  if (!match) throw new ContentError(`${relative(process.cwd(), file)}: missing --- frontmatter --- block`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    throw new ContentError(`${relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ContentError(`${relative(process.cwd(), file)}: frontmatter must be a mapping`);
  }
  return { ...data, slug: basename(file, ".md"), body: match[2] ?? "" };
}

/**
 * A folder of Markdown files, one entry each: frontmatter fields plus `slug`
 * (the file name) and `body` (the Markdown after the frontmatter).
 */
export function loadCollection<S extends z.ZodType>(folder: string, schema: S, root = CONTENT_DIR): Array<z.output<S>> {
  const dir = join(root, folder);
  const entries: Array<z.output<S>> = [];
  const errors: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md")).sort()) {
    const file = join(dir, name);
    try {
      entries.push(validate(schema, readMarkdownEntry(file), file));
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
export function loadDocument<S extends z.ZodType>(file: string, schema: S, root = CONTENT_DIR): z.output<S> {
  const path = join(root, file);
  return validate(schema, readYaml(path), path);
}

/** Caches a loader for the life of the process (content is part of the build). */
export function once<T>(load: () => T): () => T {
  let value: { current: T } | undefined;
  return () => {
    value ??= { current: load() };
    return value.current;
  };
}
