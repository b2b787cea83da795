import { Worker } from "node:worker_threads";
import { MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG } from "#core/content/fields.ts";
import { MARKDOWN_MESSAGES } from "#core/content/markdown.server.ts";

/**
 * Markdown from the studio (saves, previews) is rendered in a worker thread
 * with a time limit (decision 025): the renderer takes time growing with the
 * square of the text on some inputs (`_a` repeated), and on the main thread
 * one such text stopped every page of the site. A text that takes longer than
 * the limit is refused at its field: the renderer stops itself, and a worker
 * that still does not answer is ended (the next text starts a new one). One
 * worker at most, ended when idle, so the server's memory stays as decision
 * 012 keeps it.
 */

/** A text to render and where its uploads are; `uploadsBase` as in renderMarkdown (the studio's preview). */
export type MarkdownJob = { source: string; contentDir: string; nestedUnder?: number; uploadsBase?: string; timeLimitMs?: number };
export type Rendered = { html: string } | { error: string };
/** Said by the worker around compiling the grammars a text's code needs: that time is not the text's. */
export type Progress = { compiling: true } | { compiled: true };

/**
 * Longest a text may take: texts of the size limit take 30–90 ms (decision
 * 025). The renderer stops itself at this; the worker is ended if it has not
 * answered a second later (typography or highlighting of a hostile text).
 */
export const TIME_LIMIT_MS = 1_000;
const GRACE_MS = 1_000;
/** Compiling every code grammar takes about 2 s on a busy machine; a worker still compiling after this is ended. */
const COMPILE_LIMIT_MS = 15_000;
/** An idle worker is ended after this. */
const IDLE_MS = 30_000;

// Built, the worker is build/runtime/markdown-worker.js beside the bundle; from source, the .ts file beside this one.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./markdown-worker.ts" : "./markdown-worker.js", import.meta.url);

let worker: Worker | null = null;
/** Whether the worker has loaded the renderer (it says so once); its start is not counted in a text's time. */
let ready: Promise<boolean> = Promise.resolve(false);
let idle: NodeJS.Timeout | null = null;
/** Texts render one after another: a queue of the jobs not yet answered. */
let queue: Promise<unknown> = Promise.resolve();

function end(): void {
  if (idle) clearTimeout(idle);
  idle = null;
  const ending = worker;
  worker = null;
  void ending?.terminate();
}

function start(): Worker {
  const started = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 128 } });
  // A worker waiting for texts does not keep a command or a stopping server alive.
  started.unref();
  ready = new Promise((resolve) => {
    started.once("message", () => resolve(true));
    started.once("exit", () => resolve(false));
  });
  // A failure between texts would otherwise be an unhandled 'error' event, which ends the server.
  started.on("error", () => {
    if (worker === started) end();
  });
  return started;
}

async function run(job: MarkdownJob, limitMs: number): Promise<Rendered> {
  if (job.source.length > MARKDOWN_MAX_CHARS) return { error: MARKDOWN_TOO_LONG };
  if (idle) clearTimeout(idle);
  worker ??= start();
  const current = worker;
  // Loading the renderer takes 0.5–1 s, more on a busy machine: a text's time starts after it.
  if (!(await ready)) {
    end();
    throw new Error("the Markdown worker did not start");
  }
  return new Promise<Rendered>((resolve) => {
    const settle = (answer: Rendered, keep: boolean) => {
      clearTimeout(timer);
      current.off("message", onMessage);
      current.off("error", onFailure);
      current.off("exit", onFailure);
      if (!keep) end();
      else {
        idle = setTimeout(end, IDLE_MS);
        idle.unref();
      }
      resolve(answer);
    };
    // Out of memory or a crash of the renderer: the text is refused like one that takes too long.
    const onFailure = () => settle({ error: MARKDOWN_MESSAGES.tooComplex }, false);
    let timer = setTimeout(onFailure, limitMs + GRACE_MS);
    const restart = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(onFailure, ms);
    };
    const onMessage = (answer: Rendered | Progress) => {
      if ("compiling" in answer) restart(COMPILE_LIMIT_MS);
      else if ("compiled" in answer) restart(limitMs + GRACE_MS);
      else settle(answer, true);
    };
    current.on("message", onMessage);
    current.on("error", onFailure);
    current.on("exit", onFailure);
    current.postMessage({ ...job, timeLimitMs: limitMs } satisfies MarkdownJob);
  });
}

/** Renders one text off the main thread: its HTML, or the Russian reason it is refused (too long, too complex, a bad link…). */
export function renderOffThread(job: MarkdownJob, limitMs = TIME_LIMIT_MS): Promise<Rendered> {
  const answer = queue.then(() => run(job, limitMs));
  // The next text waits for this one, answered or failed.
  queue = answer.catch(() => undefined);
  return answer;
}
