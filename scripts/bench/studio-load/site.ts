import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { makeSandbox, runPublish, type Sandbox } from "../../../tests/support/releases.ts";
import { addArticles } from "../../search-scale/corpus.ts";
import { type Running, startSite } from "../support.ts";
import type { Studio } from "./client.ts";

/**
 * One checkout's site for `bench:studio-load`: a copy of its content under a
 * repository of its own (the editors' saves commit there, never into the
 * checkout), with N synthetic articles if asked, published with the
 * checkout's own build; a data folder of its own; the production server
 * started on them as `npm start` does.
 */
export type Site = { checkout: string; sandbox: Sandbox; env: Record<string, string>; server: Running; studio: Studio };

/** The origin the releases are made for (SITE_ORIGIN's default): the studio takes writes only from it. */
const ORIGIN = "http://localhost:3000";

export async function prepareSite(checkout: string, articles: number): Promise<Site> {
  const dir = resolve(checkout);
  // Started from the checkout's live release and drawings: publishing the demo copy changes nothing.
  const sandbox = makeSandbox({ checkout: dir });
  try {
    if (articles > 0) {
      addArticles(sandbox.contentDir, articles);
      const git = (...args: string[]) => execFileSync("git", ["-C", sandbox.contentDir, "-c", "user.name=Тест", "-c", "user.email=test@localhost", ...args], { stdio: "pipe" });
      git("add", "-A");
      git("commit", "-q", "-m", `${articles} статей`);
    }
    const dataDir = join(sandbox.dir, "data");
    mkdirSync(dataDir);
    // No per-visitor limit: every request here comes from one address, and the server is measured, not its limiter.
    const env = { ...sandbox.env, DATA_DIR: dataDir, SITE_ORIGIN: ORIGIN, RATE_LIMIT_PER_MINUTE: "0" };
    const started = performance.now();
    const published = await runPublish({ env }, ["--message", articles > 0 ? `${articles} статей` : "Публикация для проверки нагрузки"], {}, dir);
    if (published.code !== 0) throw new Error(`publishing the copy with ${dir}'s build failed:\n${published.output.slice(-2000)}`);
    console.error(`${dir}: copy published in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const server = await startSite(sandbox.dir, env, dir);
    const studio = { url: server.url, origin: ORIGIN };
    await studioReady(studio).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return { checkout: dir, sandbox, env, server, studio };
  } catch (error) {
    rmSync(sandbox.dir, { recursive: true, force: true });
    throw error;
  }
}

/** The studio answers (its store migrated; in a process of its own, that process started). */
async function studioReady(studio: Studio): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${studio.url}/studio/api/session`, { headers: { Accept: "application/json" } }).catch(() => null);
    if (res && (await res.arrayBuffer()) && res.status < 500) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the studio at ${studio.url} did not answer within 60 s`);
}

/** An account made by the account command of the checkout's build, the password on standard input. */
export async function addEditor(site: Site, login: string, password: string): Promise<void> {
  const child = spawn(process.execPath, ["build/runtime/studio.js", "user", "add", login, "--role", "editor"], {
    cwd: site.checkout,
    env: { ...process.env, ...site.env },
    stdio: ["pipe", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(`${password}\n`);
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`user add ${login} failed (${code}): ${err}`);
}
