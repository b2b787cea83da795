/**
 * The studio's reads at scale (not part of the tests): what a content list
 * (GET /content/:type), «Медиа» (GET /media) and a cover's picker cost when
 * the site has thousands of articles, on a copy of the content with N
 * synthetic articles and the images of «Медиа» used in some of them. The
 * functions the endpoints call, in this process: no HTTP, no session.
 *
 *   npm run bench:studio-scale [-- --articles 5000] [--images 5000] [--runs 7] [--published]
 *
 * `--images N`: «Медиа» holds N pictures (20 by default: the first twenty
 * stored through the image pool, the rest copies of them written as
 * uploads, a quarter described, named «foto-<n>.png»).
 *
 * `--published` publishes the copy first (about four minutes at 5,000
 * articles): the studio then starts from the release's parsed content, as it
 * does on a live site; without it the first run parses and renders all of it.
 *
 * Prints a Markdown table (the first run, then the median and the slowest of
 * the others) with the machine
 * and the load average, for docs/studio.md.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { mediaPage } from "../../server/studio/content/media-list.ts";
import { mediaPlaces } from "../../server/studio/content/media-places.ts";
import type { DraftStore } from "../../server/studio/content/drafts.ts";
import type { TrashStore } from "../../server/studio/content/trash.ts";
import { listEntries, readAhead, referenceOptions, usedValues } from "../../server/studio/content/entry-reads.ts";
import { entryVersions } from "../../server/studio/content/versions.ts";
import { entryHash, readEntry } from "../../server/studio/content/files.ts";
import { saveEntry } from "../../server/studio/content/service.ts";
import { storeUpload } from "../../server/studio/content/uploads.ts";
import { studioConfig } from "../../server/studio/config.ts";
import { createImagePool } from "../../server/studio/images/pool.ts";
import { makeSandbox, runPublish } from "../../tests/support/releases.ts";
import { longestStall } from "../../tests/support/stall.ts";
import { addArticles } from "../search-scale/corpus.ts";

const { values } = parseArgs({ options: { articles: { type: "string", default: "5000" }, images: { type: "string", default: "20" }, runs: { type: "string", default: "7" }, published: { type: "boolean", default: false } } });
const count = Number(values.articles);
const runs = Number(values.runs);

const sandbox = makeSandbox({ seedReleases: false });
try {
  addArticles(sandbox.contentDir, count);
  // Twenty images in «Медиа», each shown in a synthetic article's text.
  const files: string[] = [];
  const pool = createImagePool(studioConfig().images);
  for (let i = 0; i < 20; i++) {
    const bytes = await sharp({ create: { width: 400 + i, height: 300, channels: 3, background: { r: 10 * i, g: 90, b: 200 } } }).png().toBuffer();
    files.push((await storeUpload(sandbox.contentDir, bytes, { uploadedAt: Date.now(), alt: `Изображение ${i + 1}` }, { pool, owner: "bench" })).file);
  }
  pool.stop();
  const imageCount = Math.max(20, Number(values.images));
  for (let i = 20; i < imageCount; i++) {
    const from = files[i % 20] ?? "";
    const hash = i.toString(16).padStart(24, "a");
    copyFileSync(join(sandbox.contentDir, "uploads", from), join(sandbox.contentDir, "uploads", `${hash}.png`));
    const side = { width: 400, height: 300, format: "png", uploadedAt: Date.now() - i * 1000, name: `foto-${i}.png`, ...(i % 4 === 0 ? { alt: `Снимок ${i}` } : {}) };
    writeFileSync(join(sandbox.contentDir, "uploads", `${hash}.json`), `${JSON.stringify(side)}\n`);
  }
  const articles = readdirSync(join(sandbox.contentDir, "academy")).filter((name) => name.startsWith("synthetic-"));
  files.forEach((file, i) => {
    const path = join(sandbox.contentDir, "academy", articles[i * 37] ?? "");
    writeFileSync(path, `${readFileSync(path, "utf8")}\n![Изображение ${i + 1}](/uploads/${file})\n`);
  });
  const git = (...args: string[]) => execFileSync("git", ["-C", sandbox.contentDir, "-c", "user.name=Тест", "-c", "user.email=test@localhost", ...args], { stdio: "pipe" });
  git("add", "-A");
  git("commit", "-q", "-m", `${count} статей`);
  // A season of saves before the publication: 300 commits, each changing one article, every
  // thirtieth the same one, whose history is then read (an entry's history walks them all).
  const watched = join(sandbox.contentDir, "academy", articles[1] ?? "");
  for (let i = 0; i < 300; i++) {
    const path = i % 30 === 0 ? watched : join(sandbox.contentDir, "academy", articles[(i * 7919) % articles.length] ?? "");
    writeFileSync(path, `${readFileSync(path, "utf8")}\nПравка ${i + 1}.\n`);
    git("commit", "-q", "-a", "-m", `Правка ${i + 1}`);
  }
  const place = { contentDir: sandbox.contentDir, releasesDir: sandbox.releasesDir };
  if (values.published) {
    const run = await runPublish(sandbox, ["--message", `${count} статей`]);
    if (run.code !== 0) throw new Error(`publication failed: ${run.output.slice(-2000)}`);
  }

  const noRows = { naming: async () => [] };
  let asked = 0;
  // The first run apart: it is what the first visitor after a start (or after the files changed) waits.
  const time = async (what: () => unknown): Promise<{ first: number; median: number; slowest: number }> => {
    const ms: number[] = [];
    for (let r = 0; r < runs; r++) {
      const started = performance.now();
      await what();
      ms.push(performance.now() - started);
    }
    const rest = ms.slice(1).sort((a, b) => a - b);
    return { first: ms[0] ?? 0, median: rest[Math.floor(rest.length / 2)] ?? 0, slowest: rest[rest.length - 1] ?? 0 };
  };
  // Publishing 5,000 articles leaves the machine's load at 3 for a minute: the reads are timed once
  // it has settled (at most two minutes), as a studio is used long after a publication.
  for (const deadline = Date.now() + 120_000; (loadavg()[0] ?? 0) > 1 && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 5_000));
  const before = loadavg()[0] ?? 0;
  // What a studio server does in the background once it starts (server/studio/index.ts), before anyone lists.
  const warmStarted = performance.now();
  await readAhead(place);
  const warm = performance.now() - warmStarted;
  // A save as the editor sends it: another article each run (its text one line longer), checked
  // against the whole site and committed; and the longest the process's own timers then waited,
  // which every other request to the studio waits too.
  let saved = 0;
  let stallMs = 0;
  const save = async () => {
    const slug = (articles[(saved++ * 131) % articles.length] ?? "").slice(0, -3);
    const entry = readEntry(sandbox.contentDir, "articles", slug);
    if (!entry) throw new Error(`no article ${slug}`);
    const values = { ...entry.values, body: `${String(entry.values.body ?? "")}\n\nПравка при замере.` };
    const { result, stallMs: stalled } = await longestStall(saveEntry(place, { type: "articles", slug, values, baseHash: entryHash(sandbox.contentDir, "articles", slug) }));
    stallMs = Math.max(stallMs, stalled);
    if (!result.changed) throw new Error(`the save of ${slug} changed nothing`);
  };
  const saves = await time(save);
  const rows = [
    ["reading the content ahead after a start (`readAhead`: entries, the repository's upkeep, pages, every list; in the background)", { first: warm, median: Number.NaN, slowest: Number.NaN }],
    ["a content list: «Статьи Академии» (`listEntries`, GET /content/articles)", await time(() => listEntries(place, "articles"))],
    ["the same request's choices for reference fields (`referenceOptions`)", await time(() => referenceOptions(place))],
    ["the tags in use, for an article's tag field (`usedValues`, GET /content/used-values?type=articles&field=tags)", await time(() => usedValues(sandbox.contentDir, "articles", "tags"))],
    ["«Медиа»'s first page with where each image is used (`mediaPage`, GET /media)", await time(() => mediaPage(sandbox.contentDir, { q: "", filter: null, type: null, page: 1 }))],
    ["a picker's first page, without the uses (GET /media?uses=0)", await time(() => mediaPage(sandbox.contentDir, { q: "", filter: null, type: null, page: 1 }, false))],
    ["«Медиа» searched by an original file name (GET /media?q=foto-1234)", await time(() => mediaPage(sandbox.contentDir, { q: "foto-1234", filter: null, type: null, page: 1 }))],
    ["«Медиа»'s pictures without a description, PNG only (GET /media?filter=undescribed&type=png)", await time(() => mediaPage(sandbox.contentDir, { q: "", filter: "undescribed", type: "png", page: 2 }))],
    ["«Медиа»'s unused pictures (GET /media?filter=unused)", await time(() => mediaPage(sandbox.contentDir, { q: "", filter: "unused", type: null, page: 1 }))],
    // The store's two LIKE queries stand aside (a few rows): the content's and git's reads are what grow.
    // Another image each run: the answer for one image is kept until the history moves.
    ["where one image is needed (`mediaPlaces`, GET /media/:file/places: saved and live content, kept versions in git)", await time(() => mediaPlaces({ ...place, drafts: noRows as unknown as DraftStore, trash: noRows as unknown as TrashStore }, files[asked++ % files.length] ?? ""))],
    ["an entry's history, 10 of 300 commits its own (`entryVersions`, GET /content/articles/:slug/history)", await time(() => entryVersions(place, "articles", (articles[1] ?? "").slice(0, -3)))],
    ["an article saved (`saveEntry`, PUT /content/articles/:slug: the whole site checked with it, then committed)", saves],
    ["the longest the studio's other requests waited during those saves (its main thread busy)", { first: stallMs, median: Number.NaN, slowest: Number.NaN }],
  ] as const;
  const ms = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value).toLocaleString("en")} ms`);
  const cpu = cpus();
  console.log(
    [
      `Run ${new Date().toISOString()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, load average ${before.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after; ${articles.length} synthetic articles besides the demo content, ${imageCount} images in «Медиа»; ${values.published ? "published first" : "never published"}; ${runs} runs each, warm file cache.`,
      "",
      `| read | first run | median of the other ${runs - 1} | slowest of them |`,
      "| --- | ---: | ---: | ---: |",
      ...rows.map(([what, t]) => `| ${what} | ${ms(t.first)} | ${ms(t.median)} | ${ms(t.slowest)} |`),
    ].join("\n"),
  );
} finally {
  rmSync(sandbox.dir, { recursive: true, force: true });
}
