/**
 * Lighthouse as the benchmarks run it: Debian's Chromium on a DevTools port
 * (the machine's flags: no background network, no sandbox as root), mobile,
 * simulated throttling, the spec's 360 px phone. Shared by `npm run bench`
 * (scripts/bench/performance.ts) and `npm run bench:trace` (scripts/bench/trace.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse, { type RunnerResult, type Trace } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser.ts";

export type Chromium = { port: number; stop(): void };

/** Chromium with a fresh profile under `workDir`, listening for Lighthouse. */
export async function startChromium(workDir: string): Promise<Chromium> {
  const chrome: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${join(workDir, "chrome")}`,
      ...CHROMIUM_ARGS,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((done, fail) => {
    let output = "";
    chrome.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) done(Number(match[1]));
    });
    chrome.once("exit", (code) => fail(new Error(`chromium exited with ${code}: ${output}`)));
  });
  return { port, stop: () => chrome.kill("SIGTERM") };
}

const CONFIG = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance", "accessibility", "seo"],
    formFactor: "mobile" as const,
    // The spec's phone width.
    screenEmulation: { mobile: true, width: 360, height: 800, deviceScaleFactor: 2, disabled: false },
    throttlingMethod: "simulate" as const,
  },
};

export type Audit = { lhr: RunnerResult["lhr"]; trace: Trace };

/** One Lighthouse run; a trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page, so it is run again. */
export async function runLighthouse(url: string, port: number, attempt = 1): Promise<Audit> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" }, CONFIG);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError && attempt < 3) return runLighthouse(url, port, attempt + 1);
  if (result.lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  return { lhr: result.lhr, trace: result.artifacts.Trace };
}

export function chromiumVersion(): string {
  const version = spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).stdout;
  return /Chromium [\d.]+/.exec(version)?.[0] ?? "Chromium";
}

export function lighthouseVersion(): string {
  return (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;
}
