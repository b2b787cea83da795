import { COLLECTION_CATALOG, DOCUMENT_CATALOG, entryOfFile, type EditableType, typeInfo } from "#core/content/catalog.ts";
import { z } from "zod";
import { EntryInvalid } from "./check.ts";
import { readEntry } from "./files.ts";

/**
 * A site check's problem lines as a person reads them: an entry by its title
 * and kind, a field by its label, a table by its name and row; never a file
 * path or a field key (decision 031: a rename's refusal is said at «Адрес»).
 */
const FIELD = /^content\/(.+?): поле "([^"]*)": (.*)$/;
const TABLE_ROW = /^content\/redirects\.csv:(\d+): (.*)$/;
const IN_FILE = /^content\/([^:\s]+): (.*)$/;

function label(type: EditableType, field: string): string {
  const json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { title?: string }> };
  const [top = "", ...rest] = field.split(".");
  const title = json.properties?.[top]?.title ?? top;
  const index = rest.find((part) => /^\d+$/.test(part));
  return index === undefined ? `«${title}»` : `«${title}», №\u00a0${Number(index) + 1}`;
}

function place(contentDir: string, path: string): { name: string; type: EditableType | null } {
  const entry = entryOfFile(path);
  if (entry) {
    const values = readEntry(contentDir, entry.type, entry.slug)?.values ?? {};
    const title = String(values.name ?? values.title ?? values.client ?? entry.slug);
    return { name: `«${title}» (${COLLECTION_CATALOG[entry.type].one})`, type: entry.type };
  }
  const document = Object.entries(DOCUMENT_CATALOG).find(([, info]) => info.file === path);
  if (document) return { name: `«${document[1].title}»`, type: document[0] as EditableType };
  if (path === "redirects.csv" || path === "route-rules.json") return { name: "«Перенаправления»", type: null };
  return { name: "Содержимое сайта", type: null };
}

export function describeProblem(contentDir: string, line: string): string {
  const field = FIELD.exec(line);
  if (field) {
    const at = place(contentDir, field[1] as string);
    return `${at.name}, поле ${at.type ? label(at.type, field[2] as string) : `«${field[2]}»`}: ${field[3]}`;
  }
  const row = TABLE_ROW.exec(line);
  if (row) return `«Перенаправления», строка ${row[1]}: ${row[2]}`;
  const file = IN_FILE.exec(line);
  if (file) return `${place(contentDir, file[1] as string).name}: ${file[2]}`;
  return line.replace(/\bcontent\/\S+/g, "").trim();
}

/** A rename's site refusal, said at the address field, in people's words. */
export function atAddress(contentDir: string, error: unknown): unknown {
  if (!(error instanceof EntryInvalid) || error.problems.length === 0) return error;
  const problems = error.problems.map((line) => describeProblem(contentDir, line));
  return new EntryInvalid(error.message, { ...error.errors, slug: `С\u00a0новым адресом сайт не\u00a0опубликовать: ${problems.join("; ")}` }, problems);
}
