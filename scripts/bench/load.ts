/**
 * Load benchmark, side by side in one run: our production server and nginx
 * (the reference) on the same prerendered file, then our server-rendered page
 * and a redirect. wrk, 50 connections, 10 s each, after a short warm-up. Besides
 * wrk's figures, each row has the serving process's CPU time per request.
 *
 *   npm run bench:load                 # needs a build, Debian's nginx and wrk
 *   npm run bench:load -- --rounds 3       # the table shows each scenario's median round
 *   npm run bench:load -- --seconds 30 --connections 100 --threads 2
 *   npm run bench:load -- --before /tmp/old   # also a checkout built at an earlier commit, same run
 *
 * Our rate limit is off here: this measures the server, not the limiter.
 * Results: docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cpuMicros, rssMb, type Running, startNginx, startSite, wrk, type WrkResult } from "./support.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    // One wrk thread leaves the other core of a 2-core machine to the server under test.
    threads: { type: "string", default: "1" },
    // Rounds repeat every scenario in turn; the table shows each one's median round.
    rounds: { type: "string", default: "1" },
    // Another checkout (built, with its own build/ and content/): its server on the prerendered page, beside ours.
    before: { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const threads = Number(values.threads);
const rounds = Number(values.rounds);
const PAGE = "/services/";
// Other work on the machine skews every figure: recorded with the results.
const loadBefore = loadavg()[0] ?? 0;

const workDir = mkdtempSync(join(tmpdir(), "bench-load-"));
const site = await startSite(workDir, { RATE_LIMIT_PER_MINUTE: "0" });
const nginx = await startNginx(workDir);
const before = values.before ? await startSite(workDir, { RATE_LIMIT_PER_MINUTE: "0" }, values.before) : null;

/** A round's wrk figures and the serving process's CPU time per request in it (µs, user + system). */
type Run = WrkResult & { cpuUs: number };
type Row = { name: string; server: string; runs: Run[]; result: Run };
const rows: Row[] = [];
async function measure(name: string, server: string, target: Running, path: string, headers: string[] = []) {
  const url = target.url + path;
  await wrk(url, { connections, threads, seconds: 3, headers }); // warm-up
  const cpuBefore = cpuMicros(target.servingPid);
  const measured = await wrk(url, { connections, threads, seconds, headers });
  const result = { ...measured, cpuUs: (cpuMicros(target.servingPid) - cpuBefore) / measured.requests };
  let row = rows.find((r) => r.name === name && r.server === server);
  if (!row) rows.push((row = { name, server, runs: [], result }));
  row.runs.push(result);
  row.result = middle(row.runs, (run) => run.rps);
  console.error(`${server.padEnd(6)} ${name.padEnd(38)} ${Math.round(result.rps)} req/s, p99 ${result.p99Ms} ms, ${result.cpuUs.toFixed(1)} µs CPU/request`);
}

/** The middle item by `key` (the lower of the two middle ones for an even count); items is never empty. */
function middle<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

try {
  for (let round = 1; round <= rounds; round += 1) {
    await measure("prerendered page", "nginx", nginx, PAGE);
    await measure("prerendered page", "ours", site, PAGE);
    if (before) await measure("prerendered page", "ours, --before build", before, PAGE);
    await measure("prerendered page, gzip", "nginx", nginx, PAGE, ["Accept-Encoding: gzip"]);
    await measure("prerendered page, gzip", "ours", site, PAGE, ["Accept-Encoding: gzip"]);
    await measure("server-rendered page (/search/?q=seo)", "ours", site, "/search/?q=seo", ["Accept-Encoding: gzip"]);
    await measure("redirect (/services → /services/)", "ours", site, "/services");
  }
  const siteRss = rssMb(site.process.pid ?? 0);

  const nginxRps = (name: string) => rows.find((r) => r.server === "nginx" && r.name === name)?.result.rps;
  console.log(
    `\nwrk, ${threads} thread(s), ${connections} connections, ${seconds} s each, ${rounds} round(s), loopback, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average before the run ${loadBefore.toFixed(1)}\n`,
  );
  console.log("| scenario | server | req/s | vs nginx | p50 ms | p99 ms | errors | non-2xx/3xx | req/s of every round | CPU µs per request (median of rounds) |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const { name, server, result, runs } of rows) {
    const reference = nginxRps(name);
    const ratio = server.startsWith("ours") && reference ? `${Math.round((result.rps / reference) * 100)} %` : "";
    console.log(
      `| ${name} | ${server} | ${Math.round(result.rps)} | ${ratio} | ${result.p50Ms.toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${result.errors} | ${result.non2xx3xx} | ${runs.map((r) => Math.round(r.rps)).join(", ")} | ${middle(runs, (r) => r.cpuUs).cpuUs.toFixed(1)} |`,
    );
  }
  console.log(`\nour server's RSS after the run: ${siteRss.toFixed(0)} MB`);

  const ours = rows.find((r) => r.server === "ours" && r.name === "prerendered page")?.result;
  const reference = nginxRps("prerendered page") ?? Number.POSITIVE_INFINITY;
  const failures = [
    ours && ours.rps < reference / 2 ? "prerendered throughput below half of nginx's" : null,
    ours && ours.p99Ms >= 20 ? "prerendered p99 at or above 20 ms" : null,
    rows.some((r) => r.runs.some((run) => run.errors > 0 || run.non2xx3xx > 0)) ? "errors" : null,
  ].filter(Boolean);
  console.log(failures.length ? `\nFAIL: ${failures.join(", ")}` : "\nPASS: at least half of nginx's throughput, p99 under 20 ms, no errors");
  process.exitCode = failures.length ? 1 : 0;
} finally {
  await Promise.all([site.stop(), nginx.stop(), before?.stop()]);
  rmSync(workDir, { recursive: true, force: true });
}
