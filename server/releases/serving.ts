import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Env, runtimeConfig } from "#core/config/env.server.ts";
import type { Logger } from "../log.ts";
import type { StaticFile } from "../static-files.ts";
import { quietCompaction } from "./heap.ts";
import { type LiveRelease, loadRelease, watchCurrentRelease } from "./live.ts";
import { startPublishJob } from "./job.ts";
import { configFingerprint, madeBy } from "./record.ts";
import { siteOf } from "./site-config.ts";
import { acquireLock, currentRelease, readRecord, releasesRoot, removePartials } from "./store.ts";

export type Releases = {
  /** The release a request starting now is answered from. */
  current(): LiveRelease;
  stop(): void;
};

/** The code build's id (build/code.json, written by `npm run build`): releases record which code rendered them. */
export function readCodeId(buildDir: string): string {
  try {
    return (JSON.parse(readFileSync(join(buildDir, "code.json"), "utf8")) as { id: string }).id;
  } catch {
    throw new Error(`${join(buildDir, "code.json")} is missing: run \`npm run build\``);
  }
}

export type ServingOptions = {
  env: Env;
  buildDir: string;
  /** Where `publish.js` is (build/runtime): a release at start is made by it. */
  runtimeDir: string;
  /** The variables `env` was parsed from: the release maker's environment, so the release fits. */
  variables: NodeJS.ProcessEnv;
  codeFiles: ReadonlyMap<string, StaticFile>;
  log: Logger;
  /** Compact the heap at a quiet second after each switch (heap.ts): the site's process, not the studio's, whose editors would wait. */
  compactAfterSwitch?: boolean;
};

/**
 * What a server does with releases: at start it makes one if there is none,
 * or if the live one was rendered by other code or with another
 * configuration (its pages would name assets or an origin this server does
 * not have; the Metrica counter is the release's own, unless the environment fixes it); then it serves the live release and switches to each new one
 * as `current` changes, without a restart. A release made by other code (a
 * newer server during a rolling deploy) is left to the servers of that code.
 */
export async function startReleases(options: ServingOptions): Promise<Releases> {
  const { env, log } = options;
  const root = releasesRoot(env);
  const code = readCodeId(options.buildDir);
  const site = siteOf(env);
  const runtime = runtimeConfig(env);
  const config = configFingerprint(site, runtime);
  const fits = (id: string | null) => {
    if (!id) return false;
    return madeBy(readRecord(root, id), code, config, runtime.metrikaId);
  };

  // What a maker killed halfway left behind goes, unless a maker is at work right now.
  const unlock = await acquireLock(root);
  if (unlock) {
    const removed = removePartials(root);
    unlock();
    if (removed.length > 0) log.warn("removed an unfinished release", { folders: removed });
  }

  if (!fits(currentRelease(root))) {
    // Made by `npm run publish` in a process of its own, as the studio's are (job.ts): rendering
    // every page grows a heap to a few hundred MB, which a server would keep for its lifetime.
    const job = await startPublishJob({
      author: { name: "Ориентир", email: "publish@localhost" },
      message: "Публикация при запуске сервера",
      unlessCurrent: true,
      runtimeDir: options.runtimeDir,
      env: options.variables,
      onProgress: (line) => log.info("release", { step: line }),
    }).done;
    if (job.state !== "published" || !job.record) throw new Error(`no release could be made at start: ${job.error ?? job.state}`);
    log.info("release made at start", { id: job.record.id, seconds: job.record.seconds, pages: job.record.pages });
  }

  const first = currentRelease(root);
  if (!first) throw new Error(`no release in ${root}`);
  let live = loadRelease(root, first, options.codeFiles);
  // What the previous release and the parse leave behind goes back to the system (heap.ts).
  const compaction = options.compactAfterSwitch ? quietCompaction({ log }) : null;
  const stopWatching = watchCurrentRelease(root, (id) => {
    try {
      if (!fits(id)) {
        log.warn("release made by other code or configuration: not served here", { id });
        return;
      }
      const started = performance.now();
      live = loadRelease(root, id, options.codeFiles);
      log.info("serving release", { id, ms: Math.round(performance.now() - started) });
      compaction?.request("release switched");
    } catch (error) {
      log.error("could not load a release; serving the previous one", { id, error });
    }
  });
  log.info("serving release", { id: live.id });
  return {
    current: () => live,
    stop: () => {
      stopWatching();
      compaction?.stop();
    },
  };
}
