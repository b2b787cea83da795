/**
 * How long the studio's git reads hold up the event loop that also answers
 * the site's visitors (issue 54; not part of the tests): on a copy of the
 * demo content (a repository of its own) with `--saves` saves on the
 * studio's saved line, the longest stall of the event loop
 * (`monitorEventLoopDelay`, per run: the median of the runs and the worst)
 * and the wall time of the reads behind an entry's
 * history, one of its versions and the overview, each `--runs` times, then
 * eight histories asked at once; and, for the release maker (which may
 * block: it runs in a process of its own), the wall time of a publication's
 * commit on the published line with twenty files changed. The functions the
 * endpoints call, in this process: no HTTP, no session. It runs unchanged on
 * a checkout from before the reads were asynchronous (it awaits either).
 *
 *   npm run bench:studio-git [-- --saves 300] [--runs 9]
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setImmediate as turn } from "node:timers/promises";
import { parseArgs } from "node:util";
import { commitPublished, commitSaved, headCommit } from "../../server/releases/history.ts";
import { lastChanges } from "../../server/releases/history-reads.ts";
import { listSlugs } from "../../server/studio/content/files.ts";
import { unpublished } from "../../server/studio/content/entry-reads.ts";
import { entryVersions, versionValues } from "../../server/studio/content/versions.ts";
import { makeSandbox } from "../../tests/support/releases.ts";

const { values } = parseArgs({ options: { saves: { type: "string", default: "300" }, runs: { type: "string", default: "9" } } });
const saves = Number(values.saves);
const runs = Number(values.runs);

type Row = { what: string; typical: number; worst: number; wall: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Per run, the longest stall of the event loop while the work ran; then their median (a busy
 * machine's own hiccups fall outside it) and the worst, and the median wall time.
 */
async function measure(what: string, work: () => unknown): Promise<Row> {
  const stalls: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < runs; r++) {
    await turn();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    // The monitor records from its second tick on (the first only starts its clock).
    await new Promise((done) => setTimeout(done, 5));
    const started = performance.now();
    await work();
    wall.push(performance.now() - started);
    // A stall at the very end is recorded when the monitor's timer next runs: before this one.
    await new Promise((done) => setTimeout(done, 5));
    delay.disable();
    stalls.push(delay.max / 1e6);
  }
  return { what, typical: median(stalls), worst: Math.max(...stalls), wall: median(wall) };
}

const sandbox = makeSandbox({ seedReleases: false });
try {
  const place = { contentDir: sandbox.contentDir, releasesDir: sandbox.releasesDir };
  const slugs = listSlugs(place.contentDir, "articles").slice(0, 20);
  const [slug = ""] = slugs;
  // A studio in use: saves spread over twenty articles, each on the saved line.
  for (let i = 0; i < saves; i++) {
    const path = `academy/${slugs[i % slugs.length]}.md`;
    await commitSaved(place.contentDir, {
      changes: new Map([[path, `${readFileSync(join(place.contentDir, path), "utf8")}\nПравка ${i + 1}.\n`]]),
      author: { name: "Анна", email: "anna@studio.invalid" },
      message: `Сохранено: правка ${i + 1}`,
      action: "save",
    });
  }
  const versions = await entryVersions(place, "articles", slug);
  const [newest, older] = versions;
  if (!newest || !older) throw new Error(`the history of ${slug} has fewer than two versions`);
  const before = loadavg()[0] ?? 0;
  const rows = [
    await measure("nothing: a 250 ms timer (the machine's own noise)", () => new Promise((done) => setTimeout(done, 250))),
    await measure("an entry's history (GET /content/articles/:slug/history: `entryVersions`)", () => entryVersions(place, "articles", slug)),
    await measure("a version beside the one before it (GET …/history/:commit: `versionValues` twice)", async () => {
      await Promise.all([versionValues(place, "articles", slug, newest.commit), versionValues(place, "articles", slug, older.commit)]);
    }),
    await measure("the overview (GET /content/overview: `unpublished`, `lastChanges`)", async () => {
      unpublished(place);
      await lastChanges(place.contentDir);
    }),
    await measure("the overview's git read alone (`lastChanges`, `git log -n2000`)", () => lastChanges(place.contentDir)),
    await measure("eight editors opening eight histories at once", () => Promise.all(slugs.slice(0, 8).map((s) => entryVersions(place, "articles", s)))),
    await measure("a publication's commit, twenty files changed (`commitPublished`, the release maker)", async () => {
      const changes = new Map(slugs.map((at) => [`academy/${at}.md`, Buffer.from(`${readFileSync(join(place.contentDir, `academy/${at}.md`), "utf8")}\n${Math.random()}\n`)]));
      await commitPublished(place.contentDir, { base: await headCommit(place.contentDir), changes, author: { name: "Анна", email: "anna@studio.invalid" }, message: "Публикация", action: "publish" });
    }),
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const cpu = cpus();
  console.log(
    [
      `Run ${new Date().toISOString()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, load average ${before.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after; the demo content with ${saves} saves on the saved line (${versions.length} versions of the entry read); ${runs} runs each.`,
      "",
      "| read | longest event-loop stall, median of the runs | the worst run's | wall time, median |",
      "| --- | ---: | ---: | ---: |",
      ...rows.map((row) => `| ${row.what} | ${ms(row.typical)} | ${ms(row.worst)} | ${ms(row.wall)} |`),
    ].join("\n"),
  );
} finally {
  rmSync(sandbox.dir, { recursive: true, force: true });
}
