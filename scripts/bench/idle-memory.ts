/**
 * `npm run bench:memory [-- --runs 5 --articles 5000 --dir <checkout>…]`: the production
 * server's resident memory at rest after warm-up (decision 012's figure). Each
 * run starts the built server as `npm start` does, sends 55 requests (the home
 * page, lists, a service, two searches, a 404, a form, the studio's sign-in),
 * leaves it idle for 10 s and reads VmRSS. Several checkouts (each with its
 * build and release) are measured in turn, run by run, so a before-and-after
 * comparison shares the machine's moment. Prints the median per checkout; the
 * studio's own process (decision 034), a child of the server, beside it.
 * With `--articles N`, each checkout serves a copy of its content with N
 * synthetic articles more, published once before the runs (minutes at 5,000).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { prepareSite, type Site } from "./studio-load/site.ts";
import { rssMb, startSite } from "./support.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, articles: { type: "string", default: "0" }, dir: { type: "string", multiple: true } } });
const runs = Number(values.runs);
const articles = Number(values.articles);
const dirs = (values.dir ?? ["."]).map((dir) => resolve(dir));
const PATHS = ["/", "/services/", "/services/seo/", "/search/?q=seo", "/search/?q=аналитика", "/nope/", "/forms/project/", "/academy/", "/projects/", "/career/", "/studio/"];
const IDLE_MS = 10_000;

const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
/** The server's child processes' memory together (the studio's; none before decision 034). */
const childrenMb = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(/\s+/)
    .filter(Boolean)
    .reduce((sum, child) => sum + rssMb(Number(child)), 0);

// Each checkout's copy with the synthetic articles, published once; its server is started anew for each run.
const copies = new Map<string, Site>();
if (articles > 0) {
  for (const dir of dirs) {
    const site = await prepareSite(dir, articles);
    await site.server.stop();
    copies.set(dir, site);
  }
}
const start = (dir: string) => {
  const copy = copies.get(dir);
  return copy ? startSite(copy.sandbox.dir, { ...copy.env, LOG_LEVEL: "warn" }, dir) : startSite(mkdtempSync(join(tmpdir(), "idle-memory-")), { LOG_LEVEL: "warn" }, dir);
};

const results = new Map<string, { rss: number[]; peak: number[]; studio: number[] }>(dirs.map((dir) => [dir, { rss: [], peak: [], studio: [] }]));
for (let run = 1; run <= runs; run++) {
  for (const dir of dirs) {
    const site = await start(dir);
    try {
      for (let round = 0; round < 5; round++) {
        for (const path of PATHS) await (await fetch(site.url + path, { redirect: "manual" })).arrayBuffer();
      }
      await new Promise((done) => setTimeout(done, IDLE_MS));
      const measured = results.get(dir)!;
      measured.rss.push(rssMb(site.servingPid));
      measured.peak.push(peakMb(site.servingPid));
      measured.studio.push(childrenMb(site.servingPid));
      console.log(`run ${run} ${dir}: ${measured.rss.at(-1)!.toFixed(1)} MB resident, ${measured.peak.at(-1)!.toFixed(1)} MB peak, studio ${measured.studio.at(-1)!.toFixed(1)} MB`);
    } finally {
      await site.stop();
    }
  }
}
for (const copy of copies.values()) rmSync(copy.sandbox.dir, { recursive: true, force: true });
console.log(`\n${articles > 0 ? `With ${articles} synthetic articles more.\n` : ""}`);
console.log("| checkout | site's server at rest, median | runs | peak, median | studio's process at rest, median |\n| --- | --- | --- | --- | --- |");
for (const [dir, { rss, peak, studio }] of results) {
  const apart = median(studio) > 0 ? `${median(studio).toFixed(1)} MB` : "— (in the server's process)";
  console.log(`| ${dir} | ${median(rss).toFixed(1)} MB | ${rss.map((x) => x.toFixed(1)).join(", ")} | ${median(peak).toFixed(1)} MB | ${apart} |`);
}
