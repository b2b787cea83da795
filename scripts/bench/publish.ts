/**
 * Publication benchmark (not part of the tests): how long content releases
 * take, side by side in one run, on copies of the content (the project's
 * content/ and releases are never touched).
 *
 *   npm run bench:publish                        # the demo site: 5 one-article releases
 *   npm run bench:publish -- --articles 5000     # also a site with 5,000 synthetic articles (an article and a landing published alone)
 *   npm run bench:publish -- --before /tmp/old
 *       # …and the full build of a checkout from before releases (built there) on the demo's content
 *   npm run bench:publish -- --articles 5000 --before /tmp/old --before-large
 *       # …and that build on the 5,000 articles too (about half an hour on 2 cores)
 *   npm run bench:publish -- --load              # publications and rollbacks under wrk load
 *   npm run bench:publish -- --uploads 40
 *       # …and the first publication of an article showing 40 pictures just uploaded in the
 *       # studio (their copies drawn at upload, as the studio does), beside the one-article
 *       # publication; and once as before, the copies drawn by the release (issue 52)
 *
 * Needs the code build (`npm run build`); `--load` needs Debian's wrk.
 * Prints Markdown rows for docs/releases.md.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { liveRelease, makeSandbox, releaseRecord, runPublish, type Sandbox } from "../../tests/support/releases.ts";
import { addArticles } from "../search-scale/corpus.ts";
import { measureUnderLoad } from "./publish-load.ts";
import { measureUploads } from "./publish-uploads.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    articles: { type: "string", default: "0" },
    before: { type: "string" },
    "before-large": { type: "boolean", default: false },
    load: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    uploads: { type: "string", default: "0" },
    "upload-rounds": { type: "string", default: "3" },
  },
});
const rounds = Number(values.rounds);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const rows: string[] = [];
const sandboxes: Sandbox[] = [];

function publishOrFail(sandbox: Sandbox, args: string[], env: Record<string, string> = {}) {
  return runPublish(sandbox, args, env).then((run) => {
    if (run.code !== 0) throw new Error(`publish ${args.join(" ")} failed:\n${run.output}`);
    const id = liveRelease(sandbox.releasesDir) as string;
    return { ...run, record: releaseRecord(sandbox.releasesDir, id) };
  });
}

/**
 * Changes one entry's title (an article, a landing), `rounds` times, publishing that entry after
 * each: the release's own time and the command's; returns the median of the release's.
 */
async function oneEntryRounds(sandbox: Sandbox, label: string, folder: "academy" | "landings", file: string): Promise<number> {
  const what = folder === "academy" ? "one article's title" : "one landing's title";
  const path = join(sandbox.contentDir, folder, file);
  const original = readFileSync(path, "utf8");
  const own: number[] = [];
  const command: number[] = [];
  const steps: string[] = [];
  let rendered = "";
  for (let round = 1; round <= rounds; round++) {
    writeFileSync(path, original.replace(/^title: (["']?)/m, `title: $1Правка ${round} — `));
    // That entry alone, as «Опубликовать» in its editor does (decision 030).
    const run = await publishOrFail(sandbox, ["--message", `Правка заголовка ${round}`, `--entry=${folder}/${file}`]);
    own.push(run.record.seconds);
    command.push(run.seconds);
    steps.push(JSON.stringify(run.record.steps));
    rendered = `${run.record.pages.rendered} of ${run.record.pages.rendered + run.record.pages.reused}`;
    console.error(`  ${label}, round ${round}: ${s(run.record.seconds)} (command ${s(run.seconds)}), pages rendered ${rendered}`);
  }
  // The steps of the round whose time is the median.
  const middle = own.indexOf(median(own));
  rows.push(`| ${label}: ${what} | ${s(median(own))} (command ${s(median(command))}) | ${rendered} | median of ${rounds}; steps of that round: ${steps[middle]} |`);
  return median(own);
}

/** The full build of a checkout from before releases, on the same content: the comparison the issue asks for. */
function buildBefore(checkout: string, content: string): number {
  rmSync(join(checkout, "content"), { recursive: true, force: true });
  cpSync(content, join(checkout, "content"), { recursive: true, filter: (source) => !source.includes(".git") });
  const started = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: checkout, stdio: ["ignore", "ignore", "inherit"], maxBuffer: 1 << 30 });
  return (performance.now() - started) / 1000;
}

console.error(`load average at start: ${loadavg()[0]?.toFixed(2)}`);
try {
  // The demo site, starting from the suite's live release where there is one.
  const demo = makeSandbox();
  sandboxes.push(demo);
  const first = await publishOrFail(demo, ["--message", "Первая публикация копии"]);
  console.error(`demo: first release ${s(first.record.seconds)} (${first.record.full ?? "exact"})`);
  const academy = readdirSync(join(demo.contentDir, "academy")).sort();
  const ordinary = await oneEntryRounds(demo, "demo site", "academy", academy[0] as string);
  const pictures = Number(values.uploads);
  if (pictures > 0) {
    const publish = (args: string[]) => publishOrFail(demo, args);
    rows.push(...(await measureUploads({ sandbox: demo, article: academy[1] as string, pictures, rounds: Number(values["upload-rounds"]), ordinary, publish })));
  }
  const demoFull = await publishOrFail(demo, ["--full", "--message", "Все страницы заново"]);
  rows.push(`| demo site: full release (every page rendered) | ${s(demoFull.record.seconds)} | ${demoFull.record.pages.rendered} of ${demoFull.record.pages.rendered} | same run |`);
  if (values.before) {
    const seconds = buildBefore(values.before, demo.contentDir);
    rows.push(`| demo site: \`npm run build\` before releases (${values.before}) | ${s(seconds)} | all | same run |`);
  }
  if (values.load) rows.push(...(await measureUnderLoad(demo)));

  const count = Number(values.articles);
  if (count > 0) {
    const large = makeSandbox({ seedReleases: false });
    sandboxes.push(large);
    addArticles(large.contentDir, count);
    execFileSync("git", ["-C", large.contentDir, "add", "-A"]);
    const cold = await publishOrFail(large, ["--message", `${count} статей`]);
    const pages = cold.record.pages.rendered;
    rows.push(`| ${count} articles: first release (images and pictures drawn) | ${s(cold.record.seconds)} | ${pages} of ${pages} | steps: ${JSON.stringify(cold.record.steps)} |`);
    const full = await publishOrFail(large, ["--full", "--message", "Все страницы заново"]);
    rows.push(`| ${count} articles: full release (every page rendered, drawings cached) | ${s(full.record.seconds)} | ${full.record.pages.rendered} of ${pages} | steps: ${JSON.stringify(full.record.steps)} |`);
    await oneEntryRounds(large, `${count} articles`, "academy", "synthetic-02500.md");
    // A marketer's campaign page (issue 59): its own page and its variants' are what change.
    await oneEntryRounds(large, `${count} articles`, "landings", "ads-audit.md");
    if (values.before && values["before-large"]) {
      const seconds = buildBefore(values.before, large.contentDir);
      rows.push(`| ${count} articles: \`npm run build\` before releases (${values.before}) | ${s(seconds)} | all | same run |`);
    }
  }
  console.log(["| what | time | pages rendered | notes |", "|---|---|---|---|", ...rows].join("\n"));
} finally {
  for (const sandbox of sandboxes) {
    if (values.keep) console.error(`kept ${sandbox.dir}`);
    else rmSync(sandbox.dir, { recursive: true, force: true });
  }
}
