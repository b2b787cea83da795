import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { liveRelease, releaseState, runPublish, type Sandbox } from "../../tests/support/releases.ts";
import { startSite, wrk } from "./support.ts";

/** Pages the sampler reads between (and during) the switches. */
const SAMPLED = ["/", "/academy/", "/services/", "/sitemap.xml", "/academy/rss.xml"];
const LOAD_SECONDS = 40;

/** The file a page address is served from. */
const fileOf = (path: string) => (path.endsWith("/") ? `${path}index.html` : path);
const hashOf = (body: Buffer) => createHash("sha1").update(body).digest("base64url").slice(0, 20);

/**
 * Publications and rollbacks while wrk loads the server: every failed
 * request counts, and a sampler checks that each body it gets is exactly the
 * file of the release its `X-Release-Id` names (never a mix of two).
 */
export async function measureUnderLoad(sandbox: Sandbox): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), "publish-load-"));
  const site = await startSite(work, { ...sandbox.env, RATE_LIMIT_PER_MINUTE: "0" });
  const article = join(sandbox.contentDir, "academy", "seo-audit-checklist-2026.md");
  const original = readFileSync(article, "utf8");
  const states = new Map<string, ReturnType<typeof releaseState>>();
  const seen = new Set<string>();
  let samples = 0;
  let mismatches = 0;
  let failedSamples = 0;
  let sampling = true;

  const sampler = (async () => {
    while (sampling) {
      for (const path of SAMPLED) {
        try {
          const res = await fetch(site.url + path, { headers: { "accept-encoding": "identity" } });
          const body = Buffer.from(await res.arrayBuffer());
          const id = res.headers.get("x-release-id") ?? "";
          if (res.status !== 200 || !id) {
            failedSamples += 1;
            continue;
          }
          seen.add(id);
          let state = states.get(id);
          if (!state) states.set(id, (state = releaseState(sandbox.releasesDir, id)));
          samples += 1;
          if (state.files[fileOf(path)]?.hash !== hashOf(body)) mismatches += 1;
        } catch {
          failedSamples += 1;
        }
      }
    }
  })();

  const load = wrk(`${site.url}/academy/seo-audit-checklist-2026/`, { connections: 50, seconds: LOAD_SECONDS, threads: 1 });
  const switches: string[] = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, 3_000));
  await pause();
  for (let round = 1; round <= 3; round++) {
    writeFileSync(article, original.replace(/^title: (["']?)/m, `title: $1Под нагрузкой ${round}: `));
    const run = await runPublish(sandbox, ["--message", `Под нагрузкой ${round}`]);
    switches.push(`publish ${run.code === 0 ? "ok" : "FAILED"} ${run.seconds.toFixed(1)} s`);
    await pause();
    if (round < 3) {
      const back = await runPublish(sandbox, ["--rollback"]);
      switches.push(`rollback ${back.code === 0 ? "ok" : "FAILED"} ${back.seconds.toFixed(1)} s`);
      await pause();
    }
  }
  const result = await load;
  sampling = false;
  await sampler;
  await site.stop();
  writeFileSync(article, original);
  console.error(`  under load: ${switches.join(", ")}; live ${liveRelease(sandbox.releasesDir)}`);
  return [
    `| under wrk load (50 connections, ${LOAD_SECONDS} s): 3 publications, 2 rollbacks | ${switches.join("; ")} | — | ` +
      `wrk: ${result.requests} requests, ${result.errors} socket errors, ${result.non2xx3xx} non-2xx/3xx; ` +
      `sampler: ${samples} bodies from ${seen.size} releases, ${mismatches} not matching their X-Release-Id, ${failedSamples} failed |`,
  ];
}
