import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SINGLE } from "#core/content/catalog.ts";
import { SearchGlossarySchema, SearchSynonymsSchema } from "#core/content/schemas/search.ts";
import { compileSynonyms } from "#core/search/assemble.ts";
import { createSearchEngine, type SearchEngine } from "#core/search/engine.ts";
import type { SynonymGroup } from "#core/search/index-format.ts";
import type { IndexReader } from "#core/search/index-reader.ts";
import type { SearchResultsPreview } from "#core/search/log.ts";
import { compilePins, type PinTable } from "#core/search/pins.ts";
import type { LiveRelease } from "../releases/live.ts";
import { releaseDir } from "../releases/store.ts";
import { releaseSearchIndex } from "../search-index.ts";
import { readEntry } from "./content/files.ts";

/** Results shown per column: the first page a visitor sees. */
const PREVIEW_RESULTS = 10;

/** What the preview needs of the site: the live release and the folder of releases. */
export type PreviewRelease = { live: LiveRelease; root: string };

/** The search's own words as saved (the next publication's), compiled as a release compiles them. */
type Vocabulary = { key: string; synonyms: SynonymGroup[]; glossary: SynonymGroup[]; pins: PinTable };

/**
 * A query's results now and after the next publication, for «Поиск по
 * сайту»: the live release's index, read by the site's own engine, once as
 * it is and once with the search's words as saved laid over it (synonyms,
 * the trade's glossary, pinned pages). The pages' own text is the live
 * release's: a page's saved change is indexed when it is published.
 *
 * A pin names a page by its address; its id is in the live release's search
 * state (search.json), read once per release, in the studio's process, never
 * the site's.
 */
export function createSearchPreview() {
  let ids: { release: string; table: Promise<Map<string, number>> } | null = null;
  let live: { release: string; engine: SearchEngine } | null = null;
  // Its key names the release too.
  let next: { key: string; engine: SearchEngine } | null = null;
  let vocabulary: Vocabulary | null = null;

  /** Page ids by address, or null when the release's search state cannot be read (asked again next time). */
  function idsOf(release: PreviewRelease): Promise<Map<string, number> | null> {
    if (ids?.release !== release.live.id) {
      const table = readFile(join(releaseDir(release.root, release.live.id), "search.json"), "utf8").then((text) => {
        const state = JSON.parse(text) as { index?: { pages?: Record<string, { id: number }> } | null };
        return new Map(Object.entries(state.index?.pages ?? {}).map(([url, page]) => [url, page.id]));
      });
      ids = { release: release.live.id, table };
    }
    const asked = ids;
    return asked.table.catch(() => {
      if (ids === asked) ids = null;
      return null;
    });
  }

  /** The saved synonyms and glossary (parsed once per version of their files); the live release's where a file does not validate. */
  async function savedVocabulary(release: PreviewRelease, contentDir: string): Promise<Vocabulary> {
    const synonymsFile = readEntry(contentDir, "searchSynonyms", SINGLE);
    const glossaryFile = readEntry(contentDir, "searchGlossary", SINGLE);
    const key = `${release.live.id} ${synonymsFile?.hash ?? ""} ${glossaryFile?.hash ?? ""}`;
    if (vocabulary?.key === key) return vocabulary;
    const published = release.live.source.content;
    const synonyms = SearchSynonymsSchema.safeParse(synonymsFile?.values);
    const glossary = SearchGlossarySchema.safeParse(glossaryFile?.values);
    const saved = synonyms.success ? synonyms.data : published.searchSynonyms;
    const table = await idsOf(release);
    const words: Vocabulary = {
      key: table ? key : `${key} without pins`,
      synonyms: compileSynonyms(saved.groups),
      glossary: compileSynonyms((glossary.success ? glossary.data : published.searchGlossary).groups),
      pins: compilePins(saved.pins, (url) => table?.get(url)),
    };
    // Without the ids the pins are missing: kept only when whole.
    if (table) vocabulary = words;
    return words;
  }

  /** The live index read with `words` in place of its own. */
  function overlaid(reader: IndexReader, words: Vocabulary): IndexReader {
    return {
      ...reader,
      openIndex: async () => {
        const open = await reader.openIndex();
        const { pins: _livePins, ...manifest } = open.manifest;
        return { ...open, manifest: { ...manifest, synonyms: words.synonyms, ...(Object.keys(words.pins).length > 0 ? { pins: words.pins } : {}) } };
      },
      // Made anew for each release and version of the words: nothing of another index to forget.
      onIndexForgotten: () => undefined,
      lookupGlossary: async (_manifest, term) => words.glossary.filter((group) => group.some((member) => member.length === 1 && member[0] === term)),
    };
  }

  async function results(engine: SearchEngine, query: string): Promise<SearchResultsPreview["now"]> {
    const outcome = await engine.search(query, null);
    const hits = await engine.loadHits(outcome, 0, PREVIEW_RESULTS);
    return {
      total: outcome.results.length,
      hits: hits.map((hit, i) => ({ url: hit.url, title: hit.title, pinned: outcome.pinned !== undefined && outcome.results[i]?.id === outcome.pinned })),
      ...(outcome.switched ? { switched: outcome.switched } : {}),
    };
  }

  return {
    async preview(release: PreviewRelease, contentDir: string, query: string): Promise<SearchResultsPreview> {
      const words = await savedVocabulary(release, contentDir);
      const reader = releaseSearchIndex(release.live);
      if (live?.release !== release.live.id) live = { release: release.live.id, engine: createSearchEngine(reader) };
      if (next?.key !== words.key) next = { key: words.key, engine: createSearchEngine(overlaid(reader, words)) };
      const [now, after] = await Promise.all([results(live.engine, query), results(next.engine, query)]);
      return { query, now, next: after };
    },
  };
}

export type SearchPreview = ReturnType<typeof createSearchPreview>;
