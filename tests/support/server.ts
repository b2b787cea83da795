import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { tempDir, trackChild } from "./run.ts";
import { eventually } from "./eventually.ts";

/**
 * How `npm start` runs the server (memory settings: environment assignments
 * and Node flags), read from package.json, the one place they are set.
 */
const START = /((?:[A-Z_]+=\S*\s+)*)node\s+((?:--\S+\s+)*)(\S+\.js)\s*$/.exec(JSON.parse(readFileSync("package.json", "utf8")).scripts.start);
if (!START) throw new Error("package.json's start script no longer reads `[VAR=value …] node [--flag …] <server>.js`");
export const START_ENV = Object.fromEntries((START[1] ?? "").split(/\s+/).filter(Boolean).map((pair) => pair.split("=", 2)));
export const START_FLAGS = (START[2] ?? "").split(/\s+/).filter(Boolean);
/** The bundled server the build writes (build/runtime/server.js). */
export const SERVER_SCRIPT = START[3] as string;

/**
 * A store of its own for a server whose test names none: servers of the two site projects run at
 * once, and two migrating one SQLite file at their start could refuse each other. Its releases
 * stay the suite's (`<DATA_DIR>/releases` would be empty, and the server would make one first).
 */
function ownStore(env: Record<string, string>): Record<string, string> {
  if (env.DATA_DIR) return {};
  return { DATA_DIR: tempDir("server-data-"), ...(env.RELEASES_DIR ? {} : { RELEASES_DIR: resolve("data", "releases") }) };
}

/** Starts the production server as `npm start` does, on a port, and waits until it answers. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...START_FLAGS, SERVER_SCRIPT], {
    // A short drain: nothing waits on a test server's stop (the shutdown tests set their own).
    env: { ...process.env, ...START_ENV, PORT: String(port), HOST: "127.0.0.1", SHUTDOWN_DRAIN_MS: "100", ...ownStore(env), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  trackChild(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Start-up loads the live release before listening (seconds), or makes one first when the
  // configuration is new (every page: half a minute and more on a busy machine). Ready is this
  // child's own "listening" line: another checkout's server that took the port meanwhile answers
  // too, and a test must never talk to it. A server told to log only problems is waited for by
  // its port answering.
  const quiet = /^(warn|error)$/.test(env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? "");
  const ready = async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}${output.includes("EADDRINUSE") ? ` (port ${port} was taken by another process meanwhile)` : ""}:\n${output}`);
    if (!quiet) return /"msg":"listening"/.test(output);
    return fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" }).then(
      (res) => res.status > 0,
      () => false,
    );
  };
  try {
    await eventually(ready, 180_000, `the server on port ${port}`);
  } catch (error) {
    child.kill("SIGKILL");
    throw child.exitCode !== null ? error : new Error(`server did not answer on port ${port} within 180 s:\n${output}`);
  }
  return child;
}

/**
 * A server on a port free when it starts, tried again on another port if that one was taken while
 * the server got ready: a server making its first release listens a minute after its port was
 * picked, and another checkout's test may take the port meanwhile. The release it made stays, so
 * the next try starts in seconds.
 */
export async function startOnFreePort(env: Record<string, string> = {}, tries = 3): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { child: await startServer(port, env), port };
    } catch (error) {
      if (attempt >= tries || !(error instanceof Error) || !error.message.includes("was taken by another process meanwhile")) throw error;
    }
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  // Exited already, by itself or by a signal (a test's kill -9): its exit event is gone.
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** A port nothing listens on right now (several checkouts may run tests at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * The first free port of a small fixed range: a server whose origin names its port (the forms'
 * servers) then gets the same origin run after run, so the release made for that origin is
 * made once and kept (tests/support/releases.ts, releasesFor).
 */
export async function stablePort(): Promise<number> {
  // Each site project has its range (vitest.config.ts): the two run side by side.
  const base = Number(process.env.TEST_PORT_BASE ?? 3311);
  for (let port = base; port < base + 20; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return freePort();
}
