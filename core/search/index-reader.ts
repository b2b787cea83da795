/**
 * Reads the index files (index-format.ts) as a query needs them: the
 * manifest once per page load, then only the chunks, lists and records it
 * asks for, each fetched once.
 */
import {
  type Chunk,
  type Directory,
  type DocRecord,
  type Entry,
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
  recordUrl,
  SEARCH_INDEX_URL,
  treeFileUrl,
  type TypoGroup,
  typoGroupKey,
} from "./index-format.ts";

/** The manifest with, for every id, the segment holding its live postings (-1: no page), and how many ids have a page. */
export type OpenIndex = { manifest: Manifest; owner: Int8Array; live: number };

/** Postings found for a lookup: their key (a term, or the second term of a pair), and the segment they came from. */
export type Found = { segment: number; key: string; value: Postings };

/** Chunks one lookup of a beginning may read past the first: typing further narrows the range. */
const MAX_PREFIX_CHUNKS = 2;

let opened: Promise<OpenIndex> | undefined;
const files = new Map<string, Promise<unknown>>();
const forgetters = new Set<() => void>();

/** Registers what to drop along with the manifest (answers computed from it). */
export function onIndexForgotten(forget: () => void): void {
  forgetters.add(forget);
}

/** Drops the manifest: record ids belong to one version of the index. */
function forgetIndex(): void {
  opened = undefined;
  for (const forget of forgetters) forget();
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`search: ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Fetched once per URL. A failure is fetched again next time, with the
 * manifest too: after a deploy the old index's files may be gone.
 */
function once<T>(url: string): Promise<T> {
  let pending = files.get(url) as Promise<T> | undefined;
  if (!pending) {
    pending = json<T>(url);
    pending.catch(() => {
      files.delete(url);
      forgetIndex();
    });
    files.set(url, pending);
  }
  return pending;
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
  return { manifest, owner, live };
}

/** The manifest, revalidated against the server once per page load (a publication brings a new one). */
export function openIndex(): Promise<OpenIndex> {
  opened ??= json<Manifest>(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`, { cache: "no-cache" }).then(open);
  opened.catch(forgetIndex);
  return opened;
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

async function chunkEntries(m: Manifest, segment: number, key: string, prefix: boolean): Promise<Entry[]> {
  const { chunks, dirs } = m.segments[segment] ?? {};
  if (chunks) return chunks;
  if (!dirs) return [];
  const read = await Promise.all(covering(dirs, key, prefix).map((i) => once<Directory>(treeFileUrl((dirs[i] as Entry)[1]))));
  return read.flat();
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

/** Postings of `term` or, with `prefix`, of every term it begins. */
export async function lookupTerms(m: Manifest, term: string, prefix: boolean): Promise<Found[]> {
  return (await lookupKeys(m, term, prefix)).filter((f): f is Found => Array.isArray(f.value) && !f.key.includes(PAIR_SEPARATOR));
}

/** Postings of `first` followed by `second` (or, with `prefix`, by a term `second` begins); keyed by the second term. */
export async function lookupPairs(m: Manifest, first: string, second: string, prefix: boolean): Promise<Found[]> {
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
}

/** The terms that become `form` with one letter left out. */
export async function lookupTypos(m: Manifest, form: string): Promise<string[]> {
  return (await lookupKeys(m, typoGroupKey(form), false)).flatMap(({ value }) => (value as TypoGroup)[form] ?? []);
}

/** The record of `id`: its list names it, then the record itself. */
export async function loadRecord(m: Manifest, id: number): Promise<DocRecord> {
  const list = await once<RecordList>(listUrl(m.lists[Math.floor(id / RECORDS_PER_LIST)] ?? ""));
  const hash = recordHash(list, id);
  if (!hash) throw new Error(`search: no record ${id}`);
  return once<DocRecord>(recordUrl(id, hash));
}
