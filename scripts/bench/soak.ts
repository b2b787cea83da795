/**
 * Soak: five minutes of mixed load on our production server (prerendered
 * pages, page data, server-rendered pages, a 404, redirects, assets, CSP
 * reports), watching its resident memory. Passes when memory at the end is
 * within 10 % of memory after the warm-up.
 *
 *   npm run bench:soak                      # 5 min; needs a build and Debian's wrk
 *   npm run bench:soak -- --minutes 1 --warmup 20
 *
 * Results: docs/benchmarks.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { rssMb, startSite, wrk } from "./support.ts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    warmup: { type: "string", default: "30" },
    connections: { type: "string", default: "50" },
  },
});
const totalSeconds = Number(values.minutes) * 60;
const warmupSeconds = Number(values.warmup);
const SAMPLE_EVERY_MS = 5_000;

// One request in each line of this list, in turn, on every connection.
const MIX = [
  ["GET", "/services/"],
  ["GET", "/"],
  ["GET", "/academy/"],
  ["GET", "/services/_.data"],
  ["GET", "/search/?q=seo"],
  ["GET", "/search/?q=analytics"],
  ["GET", "/no-such-page/"],
  ["GET", "/services"],
  ["GET", "/price"],
  ["GET", "/favicon.svg"],
  ["GET", "/services/?utm_source=soak"],
  ["POST", "/csp-report"],
];

const workDir = mkdtempSync(join(tmpdir(), "bench-soak-"));
const script = join(workDir, "mix.lua");
writeFileSync(
  script,
  `local requests = {}
local report = '{"csp-report":{"document-uri":"http://localhost/","effective-directive":"script-src-elem","blocked-uri":"inline"}}'
-- Formatted in init(): only then does wrk know the Host header.
init = function(args)
${MIX.map(
  ([method, path], i) =>
    `  requests[${i + 1}] = wrk.format("${method}", "${path}"${method === "POST" ? ', {["Content-Type"] = "application/csp-report"}, report' : ""})`,
).join("\n")}
end
local i = 0
request = function()
  i = i + 1
  return requests[(i % #requests) + 1]
end
`,
);

// The general limit is off (one address stands for every visitor); the CSP report
// limit stays, so most reports are answered 429, which exercises the limiter too.
const site = await startSite(workDir, { RATE_LIMIT_PER_MINUTE: "0" });
const pid = site.process.pid ?? 0;
const samples: { second: number; rss: number }[] = [];
const started = Date.now();
const sampler = setInterval(() => samples.push({ second: Math.round((Date.now() - started) / 1000), rss: rssMb(pid) }), SAMPLE_EVERY_MS);

try {
  const startRss = rssMb(pid);
  const load = wrk(site.url, { connections: Number(values.connections), seconds: totalSeconds, script });
  await new Promise((done) => setTimeout(done, warmupSeconds * 1000));
  const warmRss = rssMb(pid);
  const result = await load;
  const endRss = rssMb(pid);
  clearInterval(sampler);
  const peak = Math.max(...samples.map((s) => s.rss), endRss);
  const growth = ((endRss - warmRss) / warmRss) * 100;

  console.log(`\nsoak: ${values.minutes} min, ${values.connections} connections, ${MIX.length}-request mix, wrk\n`);
  console.log("| | value |\n| --- | --- |");
  console.log(`| requests | ${result.requests} (${Math.round(result.rps)} req/s) |`);
  console.log(`| socket errors / non-2xx-3xx | ${result.errors} / ${result.non2xx3xx} (404 and 429 by design) |`);
  console.log(`| latency p50 / p99 | ${result.p50Ms.toFixed(2)} / ${result.p99Ms.toFixed(2)} ms |`);
  console.log(`| RSS at start | ${startRss.toFixed(1)} MB |`);
  console.log(`| RSS after ${warmupSeconds} s warm-up | ${warmRss.toFixed(1)} MB |`);
  console.log(`| RSS peak | ${peak.toFixed(1)} MB |`);
  console.log(`| RSS at the end | ${endRss.toFixed(1)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %) |`);
  console.log(`\nRSS every ${SAMPLE_EVERY_MS / 1000} s (MB): ${samples.map((s) => s.rss.toFixed(0)).join(" ")}`);
  const pass = Math.abs(growth) <= 10 && result.errors === 0;
  console.log(pass ? "\nPASS: memory at the end within 10 % of memory after warm-up, no socket errors" : "\nFAIL");
  process.exitCode = pass ? 0 : 1;
} finally {
  clearInterval(sampler);
  await site.stop();
  rmSync(workDir, { recursive: true, force: true });
}
