/**
 * Shared by the benchmark scripts: start our production server and Debian's
 * nginx on loopback, drive them with Debian's wrk, read a process's memory.
 * Needs a build (`npm run build`) and `apt-get install -y nginx-light wrk`.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { freePort, SERVER_SCRIPT, START_ENV, START_FLAGS } from "../../tests/support/server.ts";

const execFileAsync = promisify(execFile);

/** `servingPid`: the process that answers requests (nginx's worker, not its master). */
export type Running = { process: ChildProcess; servingPid: number; port: number; url: string; stop(): Promise<void> };

async function waitForHttp(url: string, child: ChildProcess, name: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(`${name} did not answer within 30 s`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await once(child, "exit");
}

/**
 * The production server as `npm start` runs it; its JSON logs go to a file, as
 * a log collector would take them. `cwd` is where it finds `build/` and `content/`.
 */
export async function startSite(workDir: string, env: Record<string, string> = {}, cwd = process.cwd()): Promise<Running> {
  const script = join(cwd, SERVER_SCRIPT);
  if (!existsSync(script)) throw new Error("no build: run `npm run build` first");
  const port = await freePort();
  const log = openSync(join(workDir, "site.log"), "a");
  const child = spawn(process.execPath, [...START_FLAGS, script], {
    cwd,
    env: { ...process.env, ...START_ENV, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, child, "the site");
  return { process: child, servingPid: child.pid ?? 0, port, url, stop: () => stop(child, "SIGTERM") };
}

/**
 * nginx with one worker (our server is one process too), sendfile, gzip_static and an access log,
 * serving the live release's files (the suite's, under data/releases) and the code build's assets.
 */
export async function startNginx(workDir: string): Promise<Running> {
  const port = await freePort();
  const dir = join(workDir, "nginx");
  mkdirSync(dir, { recursive: true });
  const releases = resolve("data", "releases");
  const root = join(releases, readFileSync(join(releases, "current"), "utf8").trim(), "files");
  const code = resolve("build/client");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join(" ");
  writeFileSync(
    join(dir, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 1000000;
  gzip_static on;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /assets/ { root ${code}; }
    location /assets/images/ { root ${root}; }
  }
}
`,
  );
  const child = spawn("nginx", ["-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child, "nginx");
  const pid = child.pid ?? 0;
  const worker = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]);
  return { process: child, servingPid: worker, port, url, stop: () => stop(child, "SIGQUIT") };
}

export type WrkResult = { rps: number; p50Ms: number; p99Ms: number; requests: number; errors: number; non2xx3xx: number };

function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === "us" ? n / 1000 : match[2] === "ms" ? n : match[2] === "s" ? n * 1000 : n * 60_000;
}

export function parseWrk(output: string): WrkResult {
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50Ms: milliseconds(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ""),
    p99Ms: milliseconds(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ""),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx3xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

export type WrkOptions = { connections: number; seconds: number; threads?: number; headers?: string[]; script?: string };

export async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = ["-t", String(options.threads ?? 2), "-c", String(options.connections), "-d", `${options.seconds}s`, "--latency"];
  for (const header of options.headers ?? []) args.push("-H", header);
  if (options.script) args.push("-s", options.script);
  const { stdout } = await execFileAsync("wrk", [...args, url], { maxBuffer: 1 << 20 });
  return parseWrk(stdout);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/**
 * CPU time a process has used so far, user and system, in µs (Linux). Per request it is a
 * steadier figure than requests per second on a shared machine: a neighbour's load slows the
 * clock on the wall, less the work done per request.
 */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  // A process that has exited and waits to be reaped (a git run just done) has no VmRSS line: it holds none.
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "0";
  return Number(kb) / 1024;
}
