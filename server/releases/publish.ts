import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import type { RuntimeConfig } from "#core/config/env.server.ts";
import { COLLECTIONS, loadContent } from "#core/content/index.server.ts";
import { prerenderPaths } from "#core/content/sitemap.server.ts";
import { type ContentSource, withContentSource } from "#core/content/source.server.ts";
import { buildMetaPath, LATEST_BUILD_PATH } from "#core/lib/build-identity.ts";
import { ogImagePath } from "#core/lib/og-image.ts";
import { inlineScriptHashes } from "../csp.ts";
import { runtimeConfigTag } from "../runtime-config.ts";
import { drawArtwork } from "./artwork.ts";
import { doneLine } from "./report.ts";
import { readUploads } from "#core/content/uploads.server.ts";
import { encodeUploads, uploadsNamed } from "./uploads.ts";
import { calendar, compare, concerns, everything, fingerprint, hashValue, updateModified } from "./changes.ts";
import { type FileManifest, ReleaseFiles, releaseFile } from "./files.ts";
import { type Author, commitContent, commitPublished, headCommit, publishedHead } from "./history.ts";
import { applySaved, differencesFrom, ensurePublished, readPublishedState, writePublishedState } from "./published.ts";
import { describePage, type OgSite, PictureQueue } from "./og.ts";
import { configFingerprint, fileCache, type PageState, PublishRefused, type ReleaseSource, type ReleaseState } from "./record.ts";
import { createPageRenderer, HYDRATION_DATA_PREFIX } from "./render.ts";
import { readSearchState, SearchRecords, type SearchState } from "./search.ts";
import {
  acquireLock,
  cacheDir,
  currentRelease,
  newReleaseId,
  partialDir,
  pruneReleases,
  readRecord,
  type ReleaseRecord,
  releaseDir,
  removePartials,
  setCurrentRelease,
} from "./store.ts";
import { checkNavigation, type ContentTables, goneAddresses, loadTables } from "./tables.ts";
import { CONTENT_FILES_FILE, SERVING_FILE, type ServingSource, TEXTS_FILE, textsApart } from "./texts.ts";
import { releasedContent } from "./unpublished.ts";


export type PublishOptions = {
  /** The releases folder (server/releases/store.ts). */
  root: string;
  contentDir: string;
  /** The site's server build (build/runtime/index.js) and the code build's id. */
  build: ServerBuild;
  code: string;
  site: OgSite;
  /**
   * Public runtime configuration every page carries (server/runtime-config.ts). Its counter is the
   * one the environment fixes (PUBLIC_METRIKA_ID), or null: then the counter is `metrika`, or the
   * live release's.
   */
  runtime: RuntimeConfig;
  /** A new counter set on «Настройки» (null: none); absent: the live release's is kept. */
  metrika?: string | null;
  author: Author;
  message: string;
  /** Render every page even if nothing asks for it. */
  full?: boolean;
  /**
   * What to publish (decision 030): "all", everything saved (the command
   * line's default, an admin's «Опубликовать всё»), or these content files'
   * saved versions over what is on the site. Nothing else saved goes live.
   */
  entries?: readonly string[] | "all";
  /** Content files taken off the site. */
  withdraw?: readonly string[];
  /** 301s from withdrawn addresses, added to the published redirects table. */
  redirects?: ReadonlyArray<{ from: string; to: string }>;
  /** Releases kept for rollback. */
  keep: number;
  /** Checked once the lock is held: when the live release satisfies it, nothing is made (servers starting together). */
  unlessCurrent?: (record: ReleaseRecord) => boolean;
  /** Progress, one line at a time, in Russian (the CLI prints it; the studio shows it). */
  progress?: (line: string) => void;
  now?: Date;
};


/** Immutable files a tab opened on the previous release may still ask for. */
const RETIRABLE = ["/search-index/", "/assets/images/", HYDRATION_DATA_PREFIX, "/builds/meta/"];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/**
 * Public addresses whose response differs from the previous release's (new,
 * changed or gone): what a CDN that keeps pages for a while must purge. A page
 * is listed by its address, not its index.html.
 */
export function changedUrls(before: FileManifest, after: FileManifest): string[] {
  const urls = new Set<string>();
  const address = (path: string) => path.replace(/index\.html$/, "");
  for (const [path, entry] of Object.entries(after)) if (before[path]?.hash !== entry.hash) urls.add(address(path));
  for (const path of Object.keys(before)) if (!after[path]) urls.add(address(path));
  return [...urls].sort();
}


type Previous = { id: string; dir: string; record: ReleaseRecord; state: ReleaseState; source: ReleaseSource; search: SearchState };

function readPrevious(root: string, id: string | null): Previous | null {
  if (!id) return null;
  const dir = releaseDir(root, id);
  return {
    id,
    dir,
    record: readRecord(root, id),
    state: readJson<ReleaseState>(join(dir, "state.json")),
    source: readJson<ReleaseSource>(join(dir, "source.json")),
    search: readSearchState(dir),
  };
}


/**
 * Makes a release from the content on disk and switches every server to it.
 * Pages are rendered again only where what they read has changed (or
 * everything, for new code or configuration); everything else is taken over
 * from the previous release file by file. Nothing is visible until the
 * release is complete: it is made in a folder of its own, renamed when done,
 * and only then named in `current`. Throws PublishRefused (live release
 * untouched) when content or a table is broken.
 */
export async function publish(options: PublishOptions): Promise<ReleaseRecord> {
  const root = options.root;
  const say = options.progress ?? (() => {});
  const unlock = await acquireLock(root, 120_000);
  if (!unlock) throw new PublishRefused("Другая публикация ещё идёт: попробуйте через пару минут.");
  try {
    removePartials(root);
    const live = currentRelease(root);
    if (live && options.unlessCurrent?.(readRecord(root, live))) return readRecord(root, live);
    return await make(root, options, say);
  } finally {
    unlock();
  }
}

/** Seconds each phase of a publication took (release.json's `steps`). */
function stopwatch() {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  return {
    steps,
    lap(name: string) {
      const at = performance.now();
      steps[name] = Math.round(at - mark) / 1000;
      mark = at;
    },
  };
}

/**
 * The content of the release: what is on the site plus the chosen entries, checked (a broken
 * entry or table refuses the publication, the live release untouched) and committed on the
 * site's line.
 */
async function settleContent(root: string, options: PublishOptions, previous: Previous | null) {
  const sameCode = previous?.record.code === options.code;
  // Rendered from what is on the site plus the chosen entries, never from the content folder as a whole.
  const was = readPublishedState(root);
  const published = await ensurePublished(root, options.contentDir, previous?.id ?? null);
  // The folder is the site's line's last commit, file for file: the commit needs only what this publication changes.
  const inStep = was.release !== null && was.release === previous?.id && was.commit !== null && was.commit === (await publishedHead(options.contentDir));
  const everythingSaved = options.entries === undefined || options.entries === "all" || !previous;
  // Marked as changing until the release is made: a maker that dies leaves it to be made again from the live release.
  writePublishedState(root, { release: null, commit: null });
  const applied = applySaved(published, options.contentDir, everythingSaved ? "all" : (options.entries as readonly string[]), options.withdraw, options.redirects);
  const giveUp = () => {
    applied.undo();
    writePublishedState(root, { release: previous?.id ?? null, commit: previous?.record.commit ?? null });
  };
  let loaded: ReturnType<typeof loadContent>;
  let tables: ContentTables;
  try {
    loaded = loadContent(published, sameCode && previous ? fileCache(previous.source) : undefined);
    const livePages = withContentSource({ content: loaded.content, images: {}, modified: {} }, () => prerenderPaths());
    tables = loadTables(published, livePages);
    checkNavigation(loaded.content.navigation, livePages);
    // What was on the site and is no longer, nor redirected: 410 (server/pipeline.ts).
    const before = previous ? { pages: Object.keys(previous.state.pages), gone: previous.source.tables.gone ?? [] } : null;
    tables = { ...tables, gone: goneAddresses(before, livePages, tables) };
  } catch (error) {
    giveUp();
    throw new PublishRefused((error as Error).message);
  }
  try {
    // Everything saved is also committed on the saved line, as before; the site's own line gets the publication.
    const saved = everythingSaved ? await commitContent(options.contentDir, options.author, options.message) : null;
    // Against the last commit of the site's line (or the saved line's, the first time), whatever happened in between.
    const base = (await publishedHead(options.contentDir)) ?? (await headCommit(options.contentDir));
    const commit = await commitPublished(options.contentDir, {
      base,
      changes: inStep ? applied.changes : await differencesFrom(published, options.contentDir, base),
      alsoParent: saved,
      author: options.author,
      message: options.message,
      action: "publish",
    });
    return { loaded, tables, commit, everythingSaved };
  } catch (error) {
    giveUp();
    throw error;
  }
}

/**
 * Why every page is rendered again (new code or configuration, the first release, asked), or
 * null, and what changed since the previous release: the fingerprints pages are checked against.
 */
function findChanges(options: PublishOptions, previous: Previous | null, loaded: ReturnType<typeof loadContent>, base: ContentSource, now: Date, counter: string | null) {
  const sameCode = previous?.record.code === options.code;
  const config = configFingerprint(options.site, options.runtime);
  const full = !previous
    ? "первая публикация"
    : !sameCode
      ? "новая версия кода"
      : previous.record.config !== config
        ? "новая конфигурация"
        : (previous.record.metrikaId ?? null) !== counter
          ? "новый счётчик Метрики"
          : options.full
            ? "по запросу"
            : null;
  const unchangedFile = (path: string) => sameCode && previous?.source.contentFiles[path] === loaded.files[path];
  const fingerprints = fingerprint(base, now, (collection, slug) => {
    const folder = COLLECTIONS[collection as keyof typeof COLLECTIONS]?.folder;
    return folder && unchangedFile(`${folder}/${slug}.md`) ? previous?.state.fingerprints.collections[collection]?.entries[slug] : undefined;
  });
  const changes = full !== null || !previous ? everything(full ?? "") : compare(previous.state.fingerprints, fingerprints);
  const modified = previous ? updateModified(previous.source.modified, changes, fingerprints, calendar(now).day) : {};
  fingerprints.modified = hashValue(modified);
  if (previous && full === null) changes.modified = fingerprints.modified !== previous.state.fingerprints.modified;
  return { config, full, fingerprints, changes, source: { ...base, modified } satisfies ContentSource };
}

type Rendering = {
  options: PublishOptions;
  headTag: string | null;
  previous: Previous | null;
  source: ContentSource;
  changes: ReturnType<typeof compare>;
  partial: string;
  files: ReleaseFiles;
  search: SearchRecords;
  root: string;
  now: Date;
  say: (line: string) => void;
  full: string | null;
};

/**
 * Every page of the release: rendered again where what it read changed, taken over file by file
 * where it did not, each with its Open Graph picture and its search record.
 */
async function renderPages({ options, headTag, previous, source, changes, partial, files, search, root, now, say, full }: Rendering) {
  const paths = withContentSource(source, () => prerenderPaths());
  const render = createPageRenderer({ build: options.build, origin: options.site.origin, source, now, headTag, detachData: true });
  const pages: Record<string, PageState> = {};
  const renderedPaths: string[] = [];
  // Pictures are drawn while the next pages render: sharp encodes on Node's thread pool.
  const pictures = new PictureQueue(cacheDir(root, "og"), options.site, files);
  say(full ? `Отрисовываем все страницы (${full})` : "Отрисовываем изменившиеся страницы");
  for (const path of paths) {
    const before = previous?.state.pages[path];
    if (before && !concerns(before.deps, changes)) {
      for (const file of before.files) files.reuse(file);
      search.reused(path);
      // A state made before pages recorded their uploads: read from the files just taken over.
      pages[path] = before.uploads ? before : { ...before, uploads: uploadsNamed(before.files.map((file) => readFileSync(releaseFile(join(partial, "files"), file)))) };
      continue;
    }
    const page = await render(path);
    renderedPaths.push(path);
    // A page renders in promises alone; what React leaves for setImmediate (holding that page's
    // content scope) would pile up until the loop ends: 0.6 MB a page, out of memory at 5,000 articles.
    await new Promise((resume) => setImmediate(resume));
    for (const [url, body] of page.files) files.write(url, body);
    const state: PageState = { deps: page.deps, files: [...page.files.keys()], uploads: uploadsNamed(page.files.values()) };
    if (page.html !== null) {
      await pictures.add(ogImagePath(path), describePage(page.html, options.site));
      state.files.push(ogImagePath(path));
      state.csp = inlineScriptHashes(page.html);
      search.rendered(path, page.html);
    }
    pages[path] = state;
    if (renderedPaths.length % 500 === 0) say(`Отрисовано страниц: ${renderedPaths.length}`);
  }
  await pictures.add(ogImagePath(null), { title: options.site.brand, section: options.site.tagline });
  const drawn = await pictures.done();
  return { paths, pages, renderedPaths, drawn };
}

/** The build's meta files, and the previous release's immutable files a tab opened on it may still ask for. */
function carryOver(files: ReleaseFiles, previous: Previous | null, meta: { id: string; timestamp: number }, tables: ContentTables, paths: string[]): string[] {
  files.write(LATEST_BUILD_PATH, Buffer.from(JSON.stringify(meta)));
  files.write(buildMetaPath(meta.id), Buffer.from(JSON.stringify({ ...meta, routeRules: tables.routeRules, prerendered: paths.filter((p) => p.endsWith("/")) })));
  const retired: string[] = [];
  const retiredBefore = new Set(previous?.state.retired);
  for (const url of Object.keys(previous?.state.files ?? {})) {
    if (files.has(url) || !RETIRABLE.some((prefix) => url.startsWith(prefix)) || retiredBefore.has(url)) continue;
    files.reuse(url);
    retired.push(url);
  }
  return retired;
}

/** What a release folder holds beside its files: its state, its source, what a serving process loads, its search index. */
function writeReleaseFiles(partial: string, state: ReleaseState, releaseSource: ReleaseSource, search: SearchRecords, previous: Previous | null) {
  writeFileSync(join(partial, "state.json"), JSON.stringify(state));
  writeFileSync(join(partial, "source.json"), JSON.stringify(releaseSource));
  // What a serving process loads: the content, its entries' long texts apart (texts.ts), with the
  // files and each page's script hashes, so that it never parses state.json (the pages' reads).
  const apart = textsApart(releaseSource.content);
  const csp = Object.fromEntries(Object.entries(state.pages).flatMap(([path, page]) => (page.csp ? [[path, page.csp]] : [])));
  const { contentFiles: _contentFiles, ...servedSource } = releaseSource;
  const serving: ServingSource = { ...servedSource, content: apart.content, files: state.files, csp };
  writeFileSync(join(partial, SERVING_FILE), JSON.stringify(serving));
  writeFileSync(join(partial, CONTENT_FILES_FILE), JSON.stringify(releasedContent(releaseSource)));
  writeFileSync(join(partial, TEXTS_FILE), apart.texts);
  search.save(partial);
  writeFileSync(join(partial, "changed-urls.txt"), changedUrls(previous?.state.files ?? {}, state.files).join("\n"));
}

/** The publication's phases, each timed (release.json's `steps`): content, images, changes, pages, uploads, search, compress, write. */
/**
 * The Metrica counter the release's pages carry: the environment's where it fixes one, else the one
 * just set on «Настройки», else the live release's. So the counter lives with the releases: every
 * publication, a server's start and the command line keep it, and a rollback brings back the
 * counter the release was made with, its CSP with it.
 */
function counterOf(options: PublishOptions, previous: Previous | null): string | null {
  if (options.runtime.metrikaId !== null) return options.runtime.metrikaId;
  if (options.metrika !== undefined) return options.metrika;
  return previous?.record.metrikaId ?? null;
}

async function make(root: string, options: PublishOptions, say: (line: string) => void): Promise<ReleaseRecord> {
  const started = performance.now();
  const { steps, lap } = stopwatch();
  const now = options.now ?? new Date();
  const id = newReleaseId(now);
  const previous = readPrevious(root, currentRelease(root));

  say("Проверяем содержимое");
  const { loaded, tables, commit, everythingSaved } = await settleContent(root, options, previous);
  lap("content");

  say("Рисуем изображения");
  const artwork = await drawArtwork(loaded.content, cacheDir(root, "images"));
  // Every upload's description (a page reads those of its covers); their copies are made once the pages say which they show.
  const described = readUploads(options.contentDir);
  lap("images");

  const counter = counterOf(options, previous);
  const headTag = runtimeConfigTag({ ...options.runtime, metrikaId: counter });
  const { config, full, fingerprints, changes, source } = findChanges(options, previous, loaded, { content: loaded.content, images: artwork.images, modified: {}, uploads: described }, now, counter);
  lap("changes");

  const partial = partialDir(root, id);
  mkdirSync(partial, { recursive: true });
  const files = new ReleaseFiles(join(partial, "files"), previous ? { root: join(previous.dir, "files"), manifest: previous.state.files } : null);
  const search = new SearchRecords(loaded.content, previous ? { state: previous.search, dir: previous.dir } : null, id);
  const { paths, pages, renderedPaths, drawn } = await renderPages({ options, headTag, previous, source, changes, partial, files, search, root, now, say, full });
  for (const [url, file] of artwork.files) files.place(url, file);
  lap("pages");

  // Only the uploads a page of this release shows are encoded and published; the others stay in «Медиа» alone.
  const shown = new Set(Object.values(pages).flatMap((page) => page.uploads ?? []));
  const uploads = await encodeUploads(options.contentDir, cacheDir(root, "images"), shown, described);
  for (const [url, file] of uploads.files) files.place(url, file);
  lap("uploads");

  say("Обновляем поиск");
  const index = search.assemble();
  for (const [url, text] of index.files) files.write(url, Buffer.from(text));
  // Files of the previous index kept as they are: the base segment while it lives.
  for (const url of index.carried) files.reuse(url);
  lap("search");

  // Tabs opened on the release before may still fetch its meta file, index chunks and images.
  const retired = carryOver(files, previous, { id, timestamp: now.getTime() }, tables, paths);
  say("Сжимаем новые файлы");
  const quality = await files.compress();
  lap("compress");

  writeReleaseFiles(partial, { fingerprints, pages, files: files.manifest, retired }, { ...source, tables, contentFiles: loaded.files }, search, previous);
  const removed = Object.keys(previous?.state.pages ?? {}).filter((path) => !pages[path]).length;
  const record: ReleaseRecord = {
    id,
    createdAt: now.toISOString(),
    author: `${options.author.name} <${options.author.email}>`,
    message: options.message,
    commit,
    previous: previous?.id ?? null,
    code: options.code,
    config,
    metrikaId: counter,
    headTag,
    full,
    changed: full ? [] : changes.entries,
    entries: everythingSaved ? "all" : [...(options.entries as readonly string[])],
    withdrawn: [...(options.withdraw ?? [])],
    pages: { rendered: renderedPaths.length, reused: paths.length - renderedPaths.length, removed },
    rendered: full ? [] : renderedPaths,
    files: { written: files.written, reused: files.reused },
    drawn,
    uploads: { published: uploads.files.size, encoded: uploads.encoded },
    seconds: 0,
    steps: { ...steps, brotli: quality },
  };
  lap("write");
  record.seconds = Math.round(performance.now() - started) / 1000;
  record.steps = { ...steps, brotli: quality };
  writeFileSync(join(partial, "release.json"), JSON.stringify(record, null, 1));
  renameSync(partial, releaseDir(root, id));
  setCurrentRelease(root, id);
  writePublishedState(root, { release: id, commit });
  pruneReleases(root, options.keep);
  say(`Готово: ${doneLine(record.pages.rendered, record.pages.reused)}, ${record.seconds} с`);
  return record;
}

