/**
 * Reads the index files (index-format.ts) as a query needs them: the
 * manifest once per page load, then only the chunks, lists and records it
 * asks for, each fetched once. The browser reads them over HTTP
 * (`browserIndex`); the server reads a release's files for the results it
 * renders into /search/?q=… (server/render.ts), one reader per release.
 */
import {
  type Chunk,
  type Directory,
  type DocRecord,
  type Entry,
  glossaryKey,
  glossaryUrl,
  listUrl,
  MANIFEST_FILE,
  type Manifest,
  NO_RECORD,
  PAIR_SEPARATOR,
  type PairGroup,
  pairGroupKey,
  type Postings,
  type RecordList,
  RECORDS_PER_LIST,
  recordHash,
  type SynonymGroup,
  recordUrl,
  SEARCH_INDEX_URL,
  treeFileUrl,
  type TypoGroup,
  typoGroupKey,
} from "./index-format.ts";

/** The manifest with, for every id, the segment holding its live postings (-1: no page), and how many ids have a page. */
/** `tableWords`: the one-word members of the synonym table, words the site knows though the pages may say them another way. */
export type OpenIndex = { manifest: Manifest; owner: Int8Array; live: number; tableWords: ReadonlySet<string> };

/** Postings found for a lookup: their key (a term, or the second term of a pair), and the segment they came from. */
export type Found = { segment: number; key: string; value: Postings };

/** Chunks one lookup of a beginning may read past the first: typing further narrows the range. */
const MAX_PREFIX_CHUNKS = 2;

/** Reads one index file by its URL; `fresh`: revalidated (the manifest, which a publication replaces). */
export type IndexFiles = (url: string, fresh: boolean) => Promise<unknown>;

export type IndexReader = {
  /** The manifest, opened once (in the browser, revalidated once per page load). */
  openIndex(): Promise<OpenIndex>;
  /** Registers what to drop along with the manifest (answers computed from it). */
  onIndexForgotten(forget: () => void): void;
  /** Postings of `term` or, with `prefix`, of every term it begins. */
  lookupTerms(m: Manifest, term: string, prefix: boolean): Promise<Found[]>;
  /** Postings of `first` followed by `second` (or, with `prefix`, by a term `second` begins); keyed by the second term. */
  lookupPairs(m: Manifest, first: string, second: string, prefix: boolean): Promise<Found[]>;
  /** The terms that become `form` with one letter left out. */
  lookupTypos(m: Manifest, form: string): Promise<string[]>;
  /** The record of `id`: its list names it, then the record itself. */
  loadRecord(m: Manifest, id: number): Promise<DocRecord>;
  /**
   * The glossary's groups with `term` as a member of its own, or as the first word of a member
   * («юзер» of «юзер эквизишн»): a word the pages lack that begins a phrase of the trade.
   */
  lookupGlossary(m: Manifest, term: string): Promise<SynonymGroup[]>;
};

/**
 * A reader over `read`. `keepFiles`: how many files read are kept for the
 * next lookups, the least recently used dropped first. A visitor's page keeps
 * every one (Infinity); a server keeps a bounded number, so memory does not
 * grow with what visitors search, while the lookups of one query (a word's
 * typo keys and beginnings ask for the same chunks again and again) read and
 * parse each file once.
 */
export function createIndexReader(read: IndexFiles, { keepFiles }: { keepFiles: number }): IndexReader {
  let opened: Promise<OpenIndex> | undefined;
  const files = new Map<string, Promise<unknown>>();
  const forgetters = new Set<() => void>();

  /** Drops the manifest: record ids belong to one version of the index. */
  function forgetIndex(): void {
    opened = undefined;
    for (const forget of forgetters) forget();
  }

  /**
   * Read once per URL while kept. A failure is read again next time, with the
   * manifest too: after a deploy the old index's files may be gone.
   */
  function once<T>(url: string): Promise<T> {
    let pending = files.get(url) as Promise<T> | undefined;
    if (pending) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      files.delete(url);
      files.set(url, pending);
      return pending;
    }
    pending = read(url, false) as Promise<T>;
    pending.catch(() => {
      files.delete(url);
      forgetIndex();
    });
    files.set(url, pending);
    for (const oldest of files.keys()) {
      if (files.size <= keepFiles) break;
      files.delete(oldest);
    }
    return pending;
  }

  async function chunkEntries(m: Manifest, segment: number, key: string, prefix: boolean): Promise<Entry[]> {
    const { chunks, dirs } = m.segments[segment] ?? {};
    if (chunks) return chunks;
    if (!dirs) return [];
    const found = await Promise.all(covering(dirs, key, prefix).map((i) => once<Directory>(treeFileUrl((dirs[i] as Entry)[1]))));
    return found.flat();
  }

  /** Every key of every segment that is `key` or, with `prefix`, begins with it, with its value. */
  async function lookupKeys(m: Manifest, key: string, prefix: boolean): Promise<Array<{ segment: number; key: string; value: Chunk[string] }>> {
    const perSegment = await Promise.all(
      m.segments.map(async (_, segment) => {
        const entries = await chunkEntries(m, segment, key, prefix);
        if (entries.length === 0) return [];
        const chunks = await Promise.all(covering(entries, key, prefix).map((i) => once<Chunk>(treeFileUrl((entries[i] as Entry)[1]))));
        const found: Array<{ segment: number; key: string; value: Chunk[string] }> = [];
        for (const chunk of chunks) {
          if (!prefix) {
            const value = chunk[key];
            if (value) found.push({ segment, key, value });
            continue;
          }
          for (const candidate in chunk) if (candidate.startsWith(key)) found.push({ segment, key: candidate, value: chunk[candidate] as Chunk[string] });
        }
        return found;
      }),
    );
    return perSegment.flat();
  }

  return {
    openIndex() {
      opened ??= (read(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`, true) as Promise<Manifest>).then(open);
      opened.catch(forgetIndex);
      return opened;
    },
    onIndexForgotten: (forget) => void forgetters.add(forget),
    async lookupTerms(m, term, prefix) {
      return (await lookupKeys(m, term, prefix)).filter((f): f is Found => Array.isArray(f.value) && !f.key.includes(PAIR_SEPARATOR));
    },
    async lookupPairs(m, first, second, prefix) {
      const found: Found[] = [];
      for (const { segment, value } of await lookupKeys(m, pairGroupKey(first), false)) {
        const group = value as PairGroup;
        if (!prefix) {
          if (group[second]) found.push({ segment, key: second, value: group[second] });
          continue;
        }
        for (const candidate in group) if (candidate.startsWith(second)) found.push({ segment, key: candidate, value: group[candidate] as Postings });
      }
      return found;
    },
    async lookupTypos(m, form) {
      return (await lookupKeys(m, typoGroupKey(form), false)).flatMap(({ value }) => (value as TypoGroup)[form] ?? []);
    },
    async lookupGlossary(m, term) {
      const hash = m.glossary?.[glossaryKey(term)];
      if (!hash) return [];
      const groups = await once<SynonymGroup[]>(glossaryUrl(hash));
      return groups.filter((group) => group.some((member) => member[0] === term));
    },
    async loadRecord(m, id) {
      const list = await once<RecordList>(listUrl(m.lists[Math.floor(id / RECORDS_PER_LIST)] ?? ""));
      const hash = recordHash(list, id);
      if (!hash) throw new Error(`search: no record ${id}`);
      return once<DocRecord>(recordUrl(id, hash));
    },
  };
}

function open(manifest: Manifest): OpenIndex {
  const owner = new Int8Array(manifest.docs);
  manifest.segments.forEach((segment, s) => {
    for (const id of segment.ids ?? []) owner[id] = s;
  });
  let live = manifest.docs;
  for (let id = 0; id < manifest.docs; id++) {
    if (manifest.kinds[id] !== NO_RECORD) continue;
    owner[id] = -1;
    live -= 1;
  }
  const tableWords = new Set(manifest.synonyms.flatMap((group) => group.flatMap((member) => (member.length === 1 ? member : []))));
  return { manifest, owner, live, tableWords };
}

/** Positions of the entries that can hold `key` (and, for a beginning, the keys it begins). */
function covering(entries: readonly Entry[], key: string, prefix: boolean): number[] {
  let low = 0;
  let high = entries.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((entries[mid] as Entry)[0] <= key) low = mid;
    else high = mid - 1;
  }
  const out = [low];
  if (!prefix) return out;
  for (let i = low + 1; i < entries.length && out.length <= MAX_PREFIX_CHUNKS; i += 1) {
    if (!(entries[i] as Entry)[0].startsWith(key)) break;
    out.push(i);
  }
  return out;
}

/** The index over HTTP, as a visitor's page reads it: the manifest revalidated once per page load. */
export const browserIndex = (): IndexReader =>
  createIndexReader(
    async (url, fresh) => {
      const response = await fetch(url, fresh ? { cache: "no-cache" } : undefined);
      if (!response.ok) throw new Error(`search: ${url} answered ${response.status}`);
      return response.json();
    },
    { keepFiles: Infinity },
  );
