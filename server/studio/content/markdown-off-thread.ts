import { Worker } from "node:worker_threads";
import { MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG } from "#core/content/fields.ts";
import { MARKDOWN_MESSAGES } from "#core/content/markdown.server.ts";

/**
 * Markdown from the studio (saves, previews) is rendered in worker threads
 * with a time limit (decision 025): the renderer takes time growing with the
 * square of the text on some inputs (`_a` repeated), and on the main thread
 * one such text stopped every page of the site. A text that takes longer than
 * the limit is refused at its field: the renderer stops itself, and a worker
 * that still does not answer is ended (its next text starts a new one).
 *
 * Fair between people: two workers at most, and texts waiting are taken one
 * person at a time, in turn. One editor's six hostile previews used to hold
 * the one worker for 6 s ahead of another editor's ordinary text; now that
 * text waits for one text at most, usually none. Workers end when idle, so
 * the server's memory stays as decision 012 keeps it.
 */

/** A text to render and where its uploads are; `uploadsBase` as in renderMarkdown (the studio's preview). */
export type MarkdownJob = { source: string; contentDir: string; nestedUnder?: number; uploadsBase?: string; timeLimitMs?: number };
export type Rendered = { html: string } | { error: string };
/** Said by the worker around compiling the grammars a text's code needs: that time is not the text's. */
export type Progress = { compiling: true } | { compiled: true };

/**
 * Longest a text may take, in the worker's CPU time: texts of the size limit
 * take 30–90 ms (decision 025). The renderer stops itself at this.
 */
export const TIME_LIMIT_MS = 1_000;
/**
 * A worker that has spent this many times its text's limit of CPU time without answering is ended:
 * only typography or highlighting of a hostile text runs on unchecked by the renderer's own
 * deadline. CPU time, read from the worker (Worker.cpuUsage), not wall time: the worker runs at a
 * lower priority than the site (markdown-worker.ts), so on a loaded machine an ordinary text may
 * wait seconds for a core, which is no reason to refuse it (a wall-time backstop of 5 s refused
 * ordinary saves at a load of 8 on two cores).
 */
const CPU_FACTOR = 3;
const backstop = (limitMs: number) => limitMs * CPU_FACTOR;
/** Compiling every code grammar takes about 2 s of CPU; a worker still compiling after this much is ended. */
const COMPILE_LIMIT_MS = 15_000;
/** How often a busy worker's CPU time is read. */
const POLL_MS = 100;
/** A worker that gets no answer out in this much wall time, whatever the load, is ended. */
const WALL_LIMIT_MS = 60_000;

/** A worker thread's CPU time in milliseconds; null once it is gone. */
const cpuOf = (worker: Worker): Promise<number | null> =>
  worker.cpuUsage().then(
    ({ user, system }) => (user + system) / 1000,
    () => null,
  );
/** An idle worker is ended after this. */
const IDLE_MS = 30_000;
/** Texts rendered at once: two cores' worth, whatever the number of editors. */
export const WORKERS = 2;

// Built, the worker is build/runtime/markdown-worker.js beside the bundle; from source, the .ts file beside this one.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./markdown-worker.ts" : "./markdown-worker.js", import.meta.url);

/** One worker thread: started on its first text, ended when idle or when a text overruns. */
type Slot = { worker: Worker | null; ready: Promise<boolean>; idle: NodeJS.Timeout | null; busy: boolean };
type Waiting = { job: MarkdownJob; limitMs: number; resolve(answer: Rendered): void; reject(error: Error): void };

const slots: Slot[] = Array.from({ length: WORKERS }, () => ({ worker: null, ready: Promise.resolve(false), idle: null, busy: false }));
/** Texts not yet started, per person, in the order people first asked. */
const waiting = new Map<string, Waiting[]>();

function end(slot: Slot): void {
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  const ending = slot.worker;
  slot.worker = null;
  void ending?.terminate();
}

function start(slot: Slot): Worker {
  const started = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 128 } });
  // A worker waiting for texts does not keep a command or a stopping server alive.
  started.unref();
  slot.ready = new Promise((resolve) => {
    started.once("message", () => resolve(true));
    started.once("exit", () => resolve(false));
  });
  // A failure between texts would otherwise be an unhandled 'error' event, which ends the server.
  started.on("error", () => {
    if (slot.worker === started) end(slot);
  });
  return started;
}

async function run(slot: Slot, job: MarkdownJob, limitMs: number): Promise<Rendered> {
  if (slot.idle) clearTimeout(slot.idle);
  slot.worker ??= start(slot);
  const current = slot.worker;
  // Loading the renderer takes 0.5–1 s, more on a busy machine: a text's time starts after it.
  if (!(await slot.ready)) {
    end(slot);
    throw new Error("the Markdown worker did not start");
  }
  // The text's CPU time is counted from here, and each phase's from its start (compiling, then rendering).
  let mark = await cpuOf(current);
  return new Promise<Rendered>((resolve) => {
    let settled = false;
    const settle = (answer: Rendered, keep: boolean) => {
      // A reading of the CPU time may come back after the answer: the slot may have a new worker by then.
      if (settled) return;
      settled = true;
      clearInterval(poll);
      clearTimeout(wall);
      current.off("message", onMessage);
      current.off("error", onFailure);
      current.off("exit", onFailure);
      if (!keep) end(slot);
      else {
        slot.idle = setTimeout(() => end(slot), IDLE_MS);
        slot.idle.unref();
      }
      resolve(answer);
    };
    // Out of memory or a crash of the renderer: the text is refused like one that takes too long.
    const onFailure = () => settle({ error: MARKDOWN_MESSAGES.tooComplex }, false);
    let budget = backstop(limitMs);
    const poll = setInterval(() => {
      void cpuOf(current).then((used) => {
        if (used === null) return;
        mark ??= used;
        if (used - mark > budget) onFailure();
      });
    }, POLL_MS);
    const wall = setTimeout(onFailure, WALL_LIMIT_MS);
    // A new phase's CPU time starts at the next reading.
    const restart = (ms: number) => {
      mark = null;
      budget = ms;
    };
    const onMessage = (answer: Rendered | Progress) => {
      if ("compiling" in answer) restart(COMPILE_LIMIT_MS);
      else if ("compiled" in answer) restart(backstop(limitMs));
      else settle(answer, true);
    };
    current.on("message", onMessage);
    current.on("error", onFailure);
    current.on("exit", onFailure);
    current.postMessage({ ...job, timeLimitMs: limitMs } satisfies MarkdownJob);
  });
}

/** The next text: the first of the person who has waited longest for a turn (who then goes to the back). */
function takeNext(): Waiting | undefined {
  for (const [who, texts] of waiting) {
    const next = texts.shift();
    waiting.delete(who);
    if (texts.length > 0) waiting.set(who, texts);
    if (next) return next;
  }
  return undefined;
}

function pump(): void {
  for (const slot of slots) {
    if (slot.busy) continue;
    const next = takeNext();
    if (!next) return;
    slot.busy = true;
    run(slot, next.job, next.limitMs)
      .then(next.resolve, next.reject)
      .finally(() => {
        slot.busy = false;
        pump();
      });
  }
}

/**
 * Renders one text off the main thread: its HTML, or the Russian reason it is
 * refused (too long, too complex, a bad link…). `who`: the person it is for
 * (their login), whose texts take turns with everyone else's.
 */
export function renderOffThread(job: MarkdownJob, limitMs = TIME_LIMIT_MS, who = ""): Promise<Rendered> {
  if (job.source.length > MARKDOWN_MAX_CHARS) return Promise.resolve({ error: MARKDOWN_TOO_LONG });
  return new Promise((resolve, reject) => {
    const texts = waiting.get(who) ?? [];
    texts.push({ job, limitMs, resolve, reject });
    if (!waiting.has(who)) waiting.set(who, texts);
    pump();
  });
}
