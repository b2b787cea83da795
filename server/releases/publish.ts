import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { COLLECTIONS, loadContent } from "#core/content/index.server.ts";
import { prerenderPaths } from "#core/content/sitemap.server.ts";
import { type ContentSource, withContentSource } from "#core/content/source.server.ts";
import { buildMetaPath, LATEST_BUILD_PATH } from "#core/lib/build-identity.ts";
import { ogImagePath } from "#core/lib/og-image.ts";
import { inlineScriptHashes } from "../csp.ts";
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
  /** Public runtime configuration every page carries (server/runtime-config.ts). */
  headTag: string | null;
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

async function make(root: string, options: PublishOptions, say: (line: string) => void): Promise<ReleaseRecord> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const at = performance.now();
    steps[name] = Math.round(at - mark) / 1000;
    mark = at;
  };
  const now = options.now ?? new Date();
  const id = newReleaseId(now);
  const previous = readPrevious(root, currentRelease(root));
  const sameCode = previous?.record.code === options.code;

  say("Проверяем содержимое");
  // Rendered from what is on the site plus the chosen entries, never from the content folder as a whole.
  const was = readPublishedState(root);
  const published = await ensurePublished(root, options.contentDir, previous?.id ?? null);
  // The folder is the site's line's last commit, file for file: the commit needs only what this publication changes.
  const inStep = was.release !== null && was.release === previous?.id && was.commit !== null && was.commit === (await publishedHead(options.contentDir));
  const everythingSaved = options.entries === undefined || options.entries === "all" || !previous;
  // Marked as changing until the release is made: a maker that dies leaves it to be made again from the live release.
  writePublishedState(root, { release: null, commit: null });
  const applied = applySaved(published, options.contentDir, everythingSaved ? "all" : (options.entries as readonly string[]), options.withdraw, options.redirects);
  let loaded: ReturnType<typeof loadContent>;
  let tables: ContentTables;
  try {
    loaded = loadContent(published, sameCode && previous ? fileCache(previous.source) : undefined);
    const livePages = withContentSource({ content: loaded.content, images: {}, modified: {} }, () => prerenderPaths());
    tables = loadTables(published, livePages);
    checkNavigation(loaded.content.navigation, livePages);
    // What was on the site and is no longer, nor redirected: 410 (server/app.ts).
    const before = previous ? { pages: Object.keys(previous.state.pages), gone: previous.source.tables.gone ?? [] } : null;
    tables = { ...tables, gone: goneAddresses(before, livePages, tables) };
  } catch (error) {
    applied.undo();
    writePublishedState(root, { release: previous?.id ?? null, commit: previous?.record.commit ?? null });
    throw new PublishRefused((error as Error).message);
  }
  let commit: string | null;
  try {
    // Everything saved is also committed on the saved line, as before; the site's own line gets the publication.
    const saved = everythingSaved ? await commitContent(options.contentDir, options.author, options.message) : null;
    // Against the last commit of the site's line (or the saved line's, the first time), whatever happened in between.
    const base = (await publishedHead(options.contentDir)) ?? (await headCommit(options.contentDir));
    commit = await commitPublished(options.contentDir, {
      base,
      changes: inStep ? applied.changes : await differencesFrom(published, options.contentDir, base),
      alsoParent: saved,
      author: options.author,
      message: options.message,
      action: "publish",
    });
  } catch (error) {
    applied.undo();
    writePublishedState(root, { release: previous?.id ?? null, commit: previous?.record.commit ?? null });
    throw error;
  }
  lap("content");

  say("Рисуем изображения");
  const artwork = await drawArtwork(loaded.content, cacheDir(root, "images"));
  // Every upload's description (a page reads those of its covers); their copies are made once the pages say which they show.
  const described = readUploads(options.contentDir);
  lap("images");

  const config = configFingerprint(options.site, options.headTag);
  const full = !previous
    ? "первая публикация"
    : !sameCode
      ? "новая версия кода"
      : previous.record.config !== config
        ? "новая конфигурация"
        : options.full
          ? "по запросу"
          : null;
  let source: ContentSource = { content: loaded.content, images: artwork.images, modified: {}, uploads: described };
  const unchangedFile = (path: string) => sameCode && previous?.source.contentFiles[path] === loaded.files[path];
  const fingerprints = fingerprint(source, now, (collection, slug) => {
    const folder = COLLECTIONS[collection as keyof typeof COLLECTIONS]?.folder;
    return folder && unchangedFile(`${folder}/${slug}.md`) ? previous?.state.fingerprints.collections[collection]?.entries[slug] : undefined;
  });
  const changes = full !== null || !previous ? everything(full ?? "") : compare(previous.state.fingerprints, fingerprints);
  const modified = previous ? updateModified(previous.source.modified, changes, fingerprints, calendar(now).day) : {};
  source = { ...source, modified };
  fingerprints.modified = hashValue(modified);
  if (previous && full === null) changes.modified = fingerprints.modified !== previous.state.fingerprints.modified;
  lap("changes");

  const partial = partialDir(root, id);
  mkdirSync(partial, { recursive: true });
  const files = new ReleaseFiles(join(partial, "files"), previous ? { root: join(previous.dir, "files"), manifest: previous.state.files } : null);
  const paths = withContentSource(source, () => prerenderPaths());
  const render = createPageRenderer({ build: options.build, origin: options.site.origin, source, now, headTag: options.headTag, detachData: true });
  const search = new SearchRecords(loaded.content, previous ? { state: previous.search, dir: previous.dir } : null, id);
  const ogCache = cacheDir(root, "og");
  const pages: Record<string, PageState> = {};
  const renderedPaths: string[] = [];
  // Pictures are drawn while the next pages render: sharp encodes on Node's thread pool.
  const pictures = new PictureQueue(ogCache, options.site, files);
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

  const meta = { id, timestamp: now.getTime() };
  files.write(LATEST_BUILD_PATH, Buffer.from(JSON.stringify(meta)));
  files.write(buildMetaPath(id), Buffer.from(JSON.stringify({ ...meta, routeRules: tables.routeRules, prerendered: paths.filter((p) => p.endsWith("/")) })));
  // Tabs opened on the release before may still fetch its meta file, index chunks and images.
  const retired: string[] = [];
  const retiredBefore = new Set(previous?.state.retired);
  for (const url of Object.keys(previous?.state.files ?? {})) {
    if (files.has(url) || !RETIRABLE.some((prefix) => url.startsWith(prefix)) || retiredBefore.has(url)) continue;
    files.reuse(url);
    retired.push(url);
  }
  say("Сжимаем новые файлы");
  const quality = await files.compress();
  lap("compress");

  const state: ReleaseState = { fingerprints, pages, files: files.manifest, retired };
  const releaseSource: ReleaseSource = { ...source, tables, contentFiles: loaded.files };
  writeFileSync(join(partial, "state.json"), JSON.stringify(state));
  writeFileSync(join(partial, "source.json"), JSON.stringify(releaseSource));
  // What a serving process loads: the content, its entries' long texts apart (texts.ts), with the
  // files and each page's script hashes, so that it never parses state.json (the pages' reads).
  const apart = textsApart(releaseSource.content);
  const csp = Object.fromEntries(Object.entries(pages).flatMap(([path, page]) => (page.csp ? [[path, page.csp]] : [])));
  const { contentFiles: _contentFiles, ...servedSource } = releaseSource;
  const serving: ServingSource = { ...servedSource, content: apart.content, files: files.manifest, csp };
  writeFileSync(join(partial, SERVING_FILE), JSON.stringify(serving));
  writeFileSync(join(partial, CONTENT_FILES_FILE), JSON.stringify(releasedContent(releaseSource)));
  writeFileSync(join(partial, TEXTS_FILE), apart.texts);
  search.save(partial);
  writeFileSync(join(partial, "changed-urls.txt"), changedUrls(previous?.state.files ?? {}, files.manifest).join("\n"));
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

