import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { FairQueue } from "./fair-queue.ts";
import type { AnswerTo, ImageJob, PoolJob } from "./jobs.ts";

/**
 * The studio's image work in a pool of its own (decision 035): each job in a
 * child process, one or two at a time, never on the server's libuv threads,
 * which also read the site's files and hash passwords at sign-in. Jobs wait in
 * a queue fair between people, a bounded time; a job runs a bounded time and
 * within a bounded memory, else its child is killed (the next job starts a
 * fresh one). A child idle for a while is ended, so the resting server holds
 * nothing of it (decision 012). Work nobody waits for (an upload's published
 * copies, drawn ahead of the next release) is queued under BACKGROUND: it
 * gets a turn only when no person's job waits, waits as long as that takes,
 * and runs at most half of a person's longest wait, so that an upload coming
 * while it runs spends at most half its patience behind it.
 */
export type PoolOptions = {
  /** Jobs at once, each in a child of its own (IMAGE_JOBS). */
  jobs: number;
  /** Longest a job may run, counted once its child is ready (IMAGE_JOB_TIMEOUT). */
  timeoutMs: number;
  /** Longest a person's job may wait for its turn (IMAGE_QUEUE_WAIT); background work waits for a free turn however long. */
  waitMs: number;
  /** Estimated CPU milliseconds a job may cost (clean.ts, ENCODINGS). */
  maxCost: number;
  /** Resident memory a child may reach, in MB; past it the child is killed. */
  memoryMb: number;
  /** A child with nothing to do this long is ended. */
  idleMs?: number;
  /** How a child's resident memory is read, in MB (tests stand in a heavier child). */
  residentMb?: (pid: number) => number;
};

/** Why the pool gave up on a job: its turn did not come in time, it ran too long, it took too much memory, its child died. */
export type PoolRefusal = "busy" | "slow" | "memory" | "crash";
export type PoolAnswer<J extends PoolJob = PoolJob> = AnswerTo<J> | { refused: PoolRefusal };

/** The owner of work nobody waits for: served after every person's, never given up for waiting, stopped at half a person's wait. */
export const BACKGROUND = "background";

export type ImagePool = {
  /** Runs a job for `owner` (a person, by user id: the queue is fair between them; or BACKGROUND). */
  run<J extends PoolJob>(owner: string, job: J): Promise<PoolAnswer<J>>;
  /** The largest resident memory a child reached, in MB (tests and measurements). */
  peakMb(): number;
  /** Children alive now. */
  children(): number;
  /** Ends every child and answers the waiting jobs "busy". */
  stop(): void;
};

const IDLE_MS = 30_000;
/**
 * Longest a child may take to start (Node and sharp: 0.2–1 s on a busy machine). Not counted
 * in a job's time limit, which would then refuse small pictures whenever the machine is slow
 * to start a process (decision 025 learnt it for Markdown); IMAGE_QUEUE_WAIT, this and
 * IMAGE_JOB_TIMEOUT together stay under the request timeout (core/config/env.server.ts).
 */
export const START_LIMIT_MS = 5_000;
const MEMORY_EVERY_MS = 50;

// Built, the child is build/runtime/image-worker.js beside the bundle; from source, the .ts file beside this one.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./image-worker.js", import.meta.url);

type Waiting = { job: PoolJob; background: boolean; resolve: (answer: PoolAnswer) => void; expires: NodeJS.Timeout | null };
type Slot = { child: ChildProcess | null; ready: Promise<boolean>; busy: boolean; idle: NodeJS.Timeout | null };

/** A process's resident memory, or its peak, in MB from /proc (Linux); 0 elsewhere. */
function fromProc(pid: number | undefined, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function startChild(): { child: ChildProcess; ready: Promise<boolean> } {
  const child = fork(WORKER_FILE, [], {
    // Buffers cross as bytes, not as JSON arrays of numbers.
    serialization: "advanced",
    execArgv: ["--max-old-space-size=64", "--max-semi-space-size=2"],
    // Two threads for sharp's calls; libvips itself works on one (worker.ts).
    env: { ...process.env, UV_THREADPOOL_SIZE: "2" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // Below the server in the scheduler: on a small machine the site's pages go first.
  try {
    if (child.pid) setPriority(child.pid, 10);
  } catch {
    // Not permitted here: the child runs at the server's priority.
  }
  // An idle child does not keep a stopping server alive.
  child.unref();
  child.channel?.unref();
  // Failures are answered by 'exit' and the job's own checks; unhandled, an 'error' event would end the server.
  child.on("error", () => {});
  const ready = new Promise<boolean>((resolve) => {
    child.once("message", () => resolve(true));
    child.once("exit", () => resolve(false));
    child.once("error", () => resolve(false));
  });
  return { child, ready };
}

export function createImagePool(options: PoolOptions): ImagePool {
  const queue = new FairQueue<Waiting>(BACKGROUND);
  const slots: Slot[] = Array.from({ length: options.jobs }, () => ({ child: null, ready: Promise.resolve(false), busy: false, idle: null }));
  let peak = 0;
  let stopped = false;
  const residentMb = options.residentMb ?? ((pid: number) => fromProc(pid, "VmRSS"));

  function end(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.child?.kill("SIGKILL");
    slot.child = null;
  }

  async function run(slot: Slot, waiting: Waiting): Promise<PoolAnswer> {
    if (slot.idle) clearTimeout(slot.idle);
    if (!slot.child) {
      const started = startChild();
      slot.child = started.child;
      slot.ready = started.ready;
      // A child that dies between jobs (killed from outside) is started anew by the next job.
      started.child.once("exit", () => {
        if (slot.child === started.child) end(slot);
      });
    }
    const child = slot.child;
    let late: NodeJS.Timeout | undefined;
    const tooLate = new Promise<boolean>((resolve) => (late = setTimeout(() => resolve(false), START_LIMIT_MS)));
    const ready = await Promise.race([slot.ready, tooLate]);
    clearTimeout(late);
    if (!ready) {
      end(slot);
      return { refused: "crash" };
    }
    return new Promise<PoolAnswer>((resolve) => {
      let settled = false;
      const settle = (answer: PoolAnswer, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        peak = Math.max(peak, fromProc(child.pid, "VmHWM"));
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (!keep || slot.child !== child) end(slot);
        else {
          slot.idle = setTimeout(() => end(slot), options.idleMs ?? IDLE_MS);
          slot.idle.unref();
        }
        resolve(answer);
      };
      const onMessage = (answer: unknown) => settle(answer as PoolAnswer, true);
      const onExit = () => settle({ refused: "crash" }, false);
      // Background work runs at most half a person's wait: an upload that came meanwhile waits no longer behind it.
      const limit = waiting.background ? Math.min(options.timeoutMs, options.waitMs / 2) : options.timeoutMs;
      const timer = setTimeout(() => settle({ refused: "slow" }, false), limit);
      // Memory is watched from here: a child deep in libvips answers no message, but its size is in /proc.
      const watch = setInterval(() => {
        if (child.pid !== undefined && residentMb(child.pid) > options.memoryMb) settle({ refused: "memory" }, false);
      }, MEMORY_EVERY_MS);
      child.on("message", onMessage);
      child.on("exit", onExit);
      const job: ImageJob = waiting.job.kind === "clean" ? { ...waiting.job, limits: { maxCost: options.maxCost, memoryMb: options.memoryMb } } : waiting.job;
      child.send(job, (error) => {
        if (error) settle({ refused: "crash" }, false);
      });
    });
  }

  function pump(): void {
    for (const slot of slots) {
      if (slot.busy) continue;
      const waiting = queue.take();
      if (!waiting) return;
      if (waiting.expires) clearTimeout(waiting.expires);
      slot.busy = true;
      void run(slot, waiting)
        .catch((): PoolAnswer => ({ refused: "crash" }))
        .then((answer) => {
          slot.busy = false;
          waiting.resolve(answer);
          pump();
        });
    }
  }

  return {
    run<J extends PoolJob>(owner: string, job: J) {
      if (stopped) return Promise.resolve<PoolAnswer<J>>({ refused: "busy" });
      return new Promise<PoolAnswer<J>>((resolve) => {
        const waiting: Waiting = { job, background: owner === BACKGROUND, resolve: resolve as (answer: PoolAnswer) => void, expires: null };
        if (!waiting.background) {
          waiting.expires = setTimeout(() => {
            if (queue.remove(waiting)) resolve({ refused: "busy" });
          }, options.waitMs);
          waiting.expires.unref();
        }
        queue.add(owner, waiting);
        pump();
      });
    },
    peakMb: () => peak,
    children: () => slots.filter((slot) => slot.child).length,
    stop() {
      stopped = true;
      for (const waiting of queue.drain()) {
        if (waiting.expires) clearTimeout(waiting.expires);
        waiting.resolve({ refused: "busy" });
      }
      for (const slot of slots) end(slot);
    },
  };
}
