import { closeSync, openSync, readSync } from "node:fs";
import { COLLECTIONS } from "#core/content/index.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import type { FileManifest } from "./files.ts";
import type { ReleaseSource } from "./record.ts";

/**
 * The content a serving process keeps (serving.json) apart from the long texts of its entries
 * (texts.bin). The site's process renders a page on request now and then (a search, a list's
 * second page, an address with a query), and only then needs an article's body; held in memory,
 * the bodies of 5,000 articles took the resting process from 104 to 304 MB. Each long text is
 * read from the release's folder when a render asks for it: a few kilobytes from the page cache
 * (tens of microseconds), never the whole file.
 */

/** In a release's folder: the content a serving process loads, and the texts it reads as it renders. */
export const SERVING_FILE = "serving.json";
export const TEXTS_FILE = "texts.bin";

/**
 * What a release was made from, as the studio compares the content folder with it (unpublished.ts)
 * and its previews read it: the content files with their hashes, the tables' hashes, the team.
 * A few hundred KB at 5,000 articles, where source.json, which also holds it, is 65 MB.
 */
export const CONTENT_FILES_FILE = "content-files.json";
export type ReleasedContent = { files: Record<string, string>; tables: Record<string, string>; team: string[] };

/** serving.json: the release's source, long texts apart, with its files and each page's inline-script hashes. */
export type ServingSource = Omit<ReleaseSource, "contentFiles"> & { files: FileManifest; csp: Record<string, string[]> };

/** A field's text this long or longer is kept on disk (an article's body; a title or a description stays). */
export const TEXT_ON_DISK_CHARS = 2_048;

/** Where a text is in texts.bin: its byte offset and length. */
type TextRef = { $text: [number, number] };

const isRef = (value: unknown): value is TextRef =>
  typeof value === "object" && value !== null && Array.isArray((value as TextRef).$text) && (value as TextRef).$text.length === 2;

type Entries = Record<string, Array<Record<string, unknown>>>;

/** The content with each long text of a collection's entry replaced by where it is in the returned bytes. */
export function textsApart(content: ContentSource["content"]): { content: ContentSource["content"]; texts: Buffer } {
  const chunks: Buffer[] = [];
  let offset = 0;
  const slim: Entries = { ...(content as unknown as Entries) };
  for (const name of Object.keys(COLLECTIONS)) {
    const entries = slim[name];
    if (!Array.isArray(entries)) continue;
    slim[name] = entries.map((entry) => {
      const copy: Record<string, unknown> = { ...entry };
      for (const [key, value] of Object.entries(entry)) {
        if (typeof value !== "string" || value.length < TEXT_ON_DISK_CHARS) continue;
        const bytes = Buffer.from(value, "utf8");
        copy[key] = { $text: [offset, bytes.length] } satisfies TextRef;
        chunks.push(bytes);
        offset += bytes.length;
      }
      return copy;
    });
  }
  return { content: slim as unknown as ContentSource["content"], texts: Buffer.concat(chunks) };
}

/** Reads `length` bytes at `offset` of `file` as UTF-8 (opened per read: a release's folder may be removed after a switch). */
function readText(file: string, offset: number, length: number): string {
  const fd = openSync(file, "r");
  try {
    const bytes = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, bytes, read, length - read, offset + read);
      if (n === 0) throw new Error(`${file}: ended at ${offset + read}, ${length - read} bytes short`);
      read += n;
    }
    return bytes.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Where an entry's texts are: the file, and each text's place in it (kept out of sight, under symbols). */
const TEXTS_FILE_OF = Symbol("texts file");
const TEXT_PLACES = Symbol("text places");
type WithTexts = { [TEXTS_FILE_OF]: string; [TEXT_PLACES]: Record<string, [number, number]> };

/**
 * One getter per field name, shared by every entry: V8 then gives entries built in the same order
 * one hidden class. A getter made per entry (a closure over its offset) gave each of 5,000 articles
 * a hidden class, a descriptor array, a closure and a context of its own, ~2 MB of the site's process.
 */
const getters = new Map<string, (this: WithTexts) => string>();
function textGetter(key: string): (this: WithTexts) => string {
  let getter = getters.get(key);
  if (!getter) {
    getter = function (this: WithTexts) {
      const [offset, length] = this[TEXT_PLACES][key] as [number, number];
      return readText(this[TEXTS_FILE_OF], offset, length);
    };
    getters.set(key, getter);
  }
  return getter;
}

/**
 * Gives each entry of `content` (as parsed from serving.json) its long texts back, as properties
 * read from `file` when asked for: enumerable, so copying or serialising an entry reads them too.
 * An entry with texts on disk is made anew, its fields in their order (a data field turned into
 * an accessor in place would make V8 keep the entry as a dictionary).
 */
export function withTextsFrom(content: ContentSource["content"], file: string): ContentSource["content"] {
  const entries = content as unknown as Entries;
  for (const name of Object.keys(COLLECTIONS)) {
    const list = entries[name];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i] as Record<string, unknown>;
      if (!Object.values(entry).some(isRef)) continue;
      const made: Record<string | symbol, unknown> = {};
      const places: Record<string, [number, number]> = {};
      Object.defineProperty(made, TEXTS_FILE_OF, { value: file });
      Object.defineProperty(made, TEXT_PLACES, { value: places });
      for (const [key, value] of Object.entries(entry)) {
        if (isRef(value)) {
          places[key] = value.$text;
          Object.defineProperty(made, key, { enumerable: true, configurable: true, get: textGetter(key) });
        } else made[key] = value;
      }
      list[i] = made;
    }
  }
  return content;
}
