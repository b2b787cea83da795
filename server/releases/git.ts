import { spawn } from "node:child_process";

/**
 * The one way the server and the release maker run git: a child process the
 * event loop does not wait for (the studio's history is read in request
 * handlers, beside the visitors' pages; a synchronous call froze them all for
 * as long as git ran). Few at once: many editors opening histories queue here
 * instead of starting dozens of processes on a small machine.
 */
export const GIT_AT_ONCE = 3;
/** A git command of ours that runs this long is stuck (a lock, a dying disk): it is stopped and fails. */
const TIMEOUT_MS = 60_000;
/** Node's own default for a child's output: what every call had before it named a larger bound. */
const MAX_BUFFER = 1024 * 1024;

export type GitOptions = {
  /** Written to git's standard input (closed after it); none: git reads nothing. */
  input?: string | Buffer | undefined;
  /** Added to the server's environment. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Bytes of output past which git is stopped and the call fails. */
  maxBuffer?: number | undefined;
  timeout?: number | undefined;
};

export class GitError extends Error {
  override name = "GitError";
  /** git's exit status (null: stopped by a signal, ours at the timeout or the bound). */
  readonly status: number | null;
  readonly stderr: string;
  constructor(message: string, status: number | null, stderr: string) {
    super(message);
    this.status = status;
    this.stderr = stderr;
  }
}

let running = 0;
const waiting: Array<() => void> = [];

/** A place among the GIT_AT_ONCE; a freed place goes straight to the next in line, first come first served. */
function take(): Promise<void> | null {
  if (running < GIT_AT_ONCE) {
    running++;
    return null;
  }
  return new Promise((go) => waiting.push(go));
}

function give(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Git processes running and waiting in this process (tests; a health view could show it). */
export const gitLoad = () => ({ running, waiting: waiting.length });

/** Runs `git -C dir …args` and returns its standard output; fails on a non-zero exit, the timeout or too much output. */
export async function runGit(dir: string, args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
  const turn = take();
  if (turn) await turn;
  try {
    return await spawnGit(dir, args, options);
  } finally {
    give();
  }
}

/** The same, as text (UTF-8). */
export async function gitText(dir: string, args: readonly string[], options?: GitOptions): Promise<string> {
  return (await runGit(dir, args, options)).toString("utf8");
}

function spawnGit(dir: string, args: readonly string[], options: GitOptions): Promise<Buffer> {
  const { input, maxBuffer = MAX_BUFFER, timeout = TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-C", dir, ...args], {
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", ...options.env },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped ??= why;
      child.kill();
    };
    const timer = setTimeout(() => stop(`timed out after ${timeout} ms`), timeout);
    // Both are pipes (stdio above); only standard input may be absent.
    child.stdout!.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBuffer) stop(`output over ${maxBuffer} bytes`);
      else chunks.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4_000);
    });
    // git missing: the caller decides, as it did when the synchronous call threw.
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (stopped === null && code === 0) return resolve(Buffer.concat(chunks, size));
      const why = stopped ?? (stderr.trim().split("\n")[0] || `exit ${code ?? signal}`);
      reject(new GitError(`git ${args.join(" ").slice(0, 200)}: ${why}`, code, stderr));
    });
    if (child.stdin) {
      // git may exit before reading all of it (a bad object name): its exit status says why, not EPIPE.
      child.stdin.on("error", () => undefined);
      child.stdin.end(input);
    }
  });
}
