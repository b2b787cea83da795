import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ReleaseState } from "../../server/releases/record.ts";
import { isReleaseId, type ReleaseRecord } from "../../server/releases/store.ts";
import { tempDir } from "./run.ts";

/** The releases the test suite's own server serves (`npm test` publishes them first). */
export const MAIN_RELEASES = resolve("data", "releases");

/**
 * A content folder and a releases folder of a test's own: the content is a
 * copy of content/ under a git repository of its own (publishing commits
 * there, never into the project), and the releases start as hard links of
 * the suite's live release and caches, so the first publication is an
 * exact one (nothing changed) instead of rendering and drawing everything.
 */
export type Sandbox = { dir: string; contentDir: string; releasesDir: string; env: Record<string, string> };

export function makeSandbox(options: { seedReleases?: boolean; checkout?: string } = {}): Sandbox {
  const dir = tempDir("releases-");
  const contentDir = join(dir, "content");
  const releasesDir = join(dir, "releases");
  // Another checkout's content and releases (a benchmark's before and after), or this one's.
  const checkout = resolve(options.checkout ?? ".");
  const mainReleases = join(checkout, "data", "releases");
  cpSync(join(checkout, "content"), contentDir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", ["-C", contentDir, ...args], { stdio: "pipe" });
  git("init", "-q");
  git("-c", "user.name=Тест", "-c", "user.email=test@localhost", "commit", "-q", "--allow-empty", "-m", "Начало");
  git("add", "-A");
  git("-c", "user.name=Тест", "-c", "user.email=test@localhost", "commit", "-q", "-m", "Содержимое сайта");
  mkdirSync(releasesDir, { recursive: true });
  const cache = join(mainReleases, ".cache");
  // Hard links: the sandbox shares the suite's drawings without copying them.
  if (existsSync(cache)) execFileSync("cp", ["-al", cache, join(releasesDir, ".cache")]);
  if (options.seedReleases !== false) {
    const live = liveRelease(mainReleases);
    if (live) {
      execFileSync("cp", ["-al", join(mainReleases, live), join(releasesDir, live)]);
      cpSync(join(mainReleases, "current"), join(releasesDir, "current"));
    }
  }
  return { dir, contentDir, releasesDir, env: { CONTENT_DIR: contentDir, RELEASES_DIR: releasesDir } };
}

/** The public files of the suite's live release (pages, feeds, pictures, index). */
export function liveFilesDir(): string {
  const id = liveRelease(MAIN_RELEASES);
  if (!id) throw new Error(`no release in ${MAIN_RELEASES}: run \`npm run publish\``);
  return join(MAIN_RELEASES, id, "files");
}

export function liveRelease(releasesDir: string): string | null {
  try {
    return readFileSync(join(releasesDir, "current"), "utf8").trim();
  } catch {
    return null;
  }
}

export function releaseRecord(releasesDir: string, id: string): ReleaseRecord {
  return JSON.parse(readFileSync(join(releasesDir, id, "release.json"), "utf8")) as ReleaseRecord;
}

export function releaseState(releasesDir: string, id: string): ReleaseState {
  return JSON.parse(readFileSync(join(releasesDir, id, "state.json"), "utf8")) as ReleaseState;
}

/**
 * A releases folder for servers started with another configuration (a counter id, an origin):
 * kept under data/ between runs, so the release made for that configuration is made once, and
 * apart from the suite's own, whose live release stays the one the suite's server serves.
 */
export function releasesFor(configuration: string): Record<string, string> {
  const dir = resolve("data", "test-releases", configuration);
  const cache = join(MAIN_RELEASES, ".cache");
  if (!existsSync(join(dir, ".cache")) && existsSync(cache)) {
    mkdirSync(dir, { recursive: true });
    execFileSync("cp", ["-al", cache, join(dir, ".cache")]);
  }
  return { RELEASES_DIR: dir };
}

/**
 * Makes the live release of `from` live in `to` as well (hard links: nothing is copied),
 * unless `from` has none. A sandbox whose server runs with the configuration of a shared
 * releases folder starts from that folder's release instead of making one of its own.
 * The copy names `commit`, the same content in the receiving side's own repository (the
 * history's diffs are read there); `only` removes the other releases of `to`, so that its
 * history is that one release, as it would be with one made at start.
 */
export function shareLiveRelease(from: string, to: string, options: { commit: string; only?: boolean }): boolean {
  const live = liveRelease(from);
  if (!live || live === liveRelease(to)) return false;
  if (!existsSync(join(to, live))) execFileSync("cp", ["-al", join(from, live), join(to, live)]);
  // A file of its own, not a write through the hard link into the other folder's record.
  const recordFile = join(to, live, "release.json");
  const record = { ...releaseRecord(to, live), commit: options.commit };
  rmSync(recordFile);
  writeFileSync(recordFile, JSON.stringify(record, null, 1));
  cpSync(join(from, "current"), join(to, "current"));
  if (options.only) {
    for (const name of readdirSync(to)) if (isReleaseId(name) && name !== live) rmSync(join(to, name), { recursive: true, force: true });
  }
  return true;
}

/** The commit a content folder's repository is at. */
export function contentCommit(contentDir: string): string {
  return execFileSync("git", ["-C", contentDir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
}

export type PublishRun = { code: number | null; output: string; seconds: number };

/** `npm run publish -- …args` against the sandbox, as a person would run it (with `checkout`'s build: this one's by default). */
export function runPublish(sandbox: Pick<Sandbox, "env">, args: string[] = [], env: Record<string, string> = {}, checkout = "."): Promise<PublishRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ["build/runtime/publish.js", ...args], {
    cwd: checkout,
    env: { ...process.env, ...sandbox.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on("exit", (code) => done({ code, output, seconds: (performance.now() - started) / 1000 })));
}
