/**
 * `npm run bench:ab`: a change to the code build tried side by side with the
 * live site, before it is made. Lighthouse (as `npm run bench` runs it)
 * alternates between the live release (A) and a variant (B) served by a
 * second instance of the same server, so both meet the same moments of a
 * shared, noisy host; medians and every run are printed. The variant is one
 * or both of:
 *
 * - `--css TEXT`: the pages link a copy of the site's stylesheet with TEXT
 *   appended (e.g. a `content-visibility` rule);
 * - `--hint REGEXP`: the code build's JavaScript files whose names match get
 *   V8's explicit compile hint (`//# allFunctionsCalledOnLoad` as their first
 *   line: every function compiled while the file streams, off the page's
 *   thread, instead of on its first call).
 *
 * `--no-js` compares the zero-JS copies instead.
 *
 *   npm run bench:ab -- [--runs N] [--css TEXT] [--hint REGEXP] [--no-js] [/path …]
 *
 * Reads the live release and the code build (run `npm run build && npm run publish` first).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { COMPILE_HINT } from "../compile-hint.ts";
import { runLighthouse, startChromium } from "./lighthouse.ts";
import { startSite } from "./support.ts";
import { benchTemplates, median, releaseCopy, stripScripts } from "./zero-js.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 0) || 7;
const css = option("--css");
const hint = option("--hint");
const noJs = args.includes("--no-js");
const only = args.filter((a, i) => a.startsWith("/") && !["--css", "--hint"].includes(args[i - 1] ?? ""));
const paths = only.length > 0 ? only : benchTemplates().map((t) => t.path);
if (!css && !hint) throw new Error("nothing to compare: give --css TEXT and/or --hint REGEXP");

const ASSETS = join(CLIENT_DIR, "assets");
const work = mkdtempSync(join(tmpdir(), "bench-ab-"));

// B's code build: the same files hard-linked under a root of its own, the changed ones written anew.
const rootB = join(work, "root-b");
mkdirSync(rootB);
execFileSync("cp", ["-al", "build", join(rootB, "build")]);
for (const name of ["app", "content", "node_modules", "package.json", "public", "server"]) execFileSync("ln", ["-s", join(process.cwd(), name), join(rootB, name)]);
const assetsB = join(rootB, "build", "client", "assets");
/** Replaces a file of B's build (its compressed copies go: the server compresses it as it loads). */
function rewrite(file: string, text: string) {
  for (const variant of [file, `${file}.br`, `${file}.gz`]) rmSync(variant, { force: true });
  writeFileSync(file, text);
}
const stylesheet = readdirSync(ASSETS).find((f) => /^ui-.*\.css$/.test(f));
const variantSheet = "ui-variant.css";
if (css) {
  if (!stylesheet) throw new Error("no ui-*.css in the build");
  rewrite(join(assetsB, variantSheet), readFileSync(join(ASSETS, stylesheet), "utf8") + css);
}
// The build's own hint (the framework's chunk, scripts/compile-hint.ts) is left as it is: B would not differ there.
const hinted = hint
  ? readdirSync(assetsB).filter((f) => f.endsWith(".js") && new RegExp(hint).test(f) && !readFileSync(join(assetsB, f), "utf8").startsWith(COMPILE_HINT))
  : [];
if (hint && hinted.length === 0) throw new Error(`no JavaScript file matching ${hint} is without the compile hint: A and B would be the same`);
for (const file of hinted) rewrite(join(assetsB, file), COMPILE_HINT + readFileSync(join(assetsB, file), "utf8"));

const base = (html: string) => (noJs ? stripScripts(html) : html);
const releasesA = releaseCopy(work, "a", paths, base);
const releasesB = releaseCopy(work, "b", paths, (html) => (css && stylesheet ? base(html).replace(`/assets/${stylesheet}`, `/assets/${variantSheet}`) : base(html)));
const env = { RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn" };
// Whatever started is stopped, even when what follows it fails to start.
const started: Array<() => unknown> = [() => rmSync(work, { recursive: true, force: true })];
try {
  const siteA = await startSite(work, { ...env, DATA_DIR: join(work, "data-a"), RELEASES_DIR: releasesA });
  started.unshift(() => siteA.stop());
  const siteB = await startSite(work, { ...env, DATA_DIR: join(work, "data-b"), RELEASES_DIR: releasesB }, rootB);
  started.unshift(() => siteB.stop());
  const chrome = await startChromium(work);
  started.unshift(() => chrome.stop());
  console.log(`B: ${[css ? `stylesheet + ${JSON.stringify(css)}` : "", hinted.length > 0 ? `compile hint on ${hinted.join(", ")}` : ""].filter(Boolean).join("; ")}${noJs ? " (zero-JS copies)" : ""}; ${runs} runs each, alternating`);
  for (const path of paths) {
    const figures = { A: [] as Array<{ tbt: number; perf: number; lcp: number; cls: number }>, B: [] as Array<{ tbt: number; perf: number; lcp: number; cls: number }> };
    for (let run = 0; run < runs; run += 1) {
      for (const [copy, site] of [["A", siteA], ["B", siteB]] as const) {
        const { lhr } = await runLighthouse(site.url + path, chrome.port);
        figures[copy].push({
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
          perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
        });
      }
    }
    for (const copy of ["A", "B"] as const) {
      const of = (key: "tbt" | "perf" | "lcp" | "cls") => figures[copy].map((f) => f[key]);
      console.log(
        `${path} ${copy}: TBT ${Math.round(median(of("tbt")))} ms (${of("tbt").map(Math.round).join(" ")}), performance ${median(of("perf"))} (${of("perf").join(" ")}), ` +
          `LCP ${Math.round(median(of("lcp")))} ms, CLS at most ${Math.max(...of("cls")).toFixed(3)}; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
      );
    }
  }
} finally {
  for (const stop of started) await stop();
}
