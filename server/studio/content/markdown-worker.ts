import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { compileLanguages, languagesToCompile } from "#core/content/highlight.server.ts";
import { renderMarkdown } from "#core/content/markdown.server.ts";
import { setUploadsRoot } from "#core/content/uploads.server.ts";
import type { MarkdownJob, Progress, Rendered } from "./markdown-off-thread.ts";

/**
 * The thread Markdown from the studio is rendered in (markdown-off-thread.ts
 * starts it and ends it when a text takes too long): one text per message,
 * links strict, the answer its HTML or the Russian reason it cannot be shown.
 */
/** A short text of what texts hold (typography, a list, a table, a link): rendered once before the first text. */
const WARM_UP = "Текст с **жирным** и [ссылкой](/services/) — в 2026 году.\n\n- пункт\n\n| а | б |\n| --- | --- |\n| 1 | 2 |\n";

// Behind everything else on the machine: a text's limit is its own CPU time (markdown.server.ts), so
// a worker that yields to the site's process costs the text nothing but wall time. On Linux this
// lowers this thread alone (setpriority of the calling thread); where it is refused, nothing changes.
try {
  setPriority(10);
} catch {
  // Not permitted here: the worker runs at the process's priority.
}

parentPort?.on("message", (job: MarkdownJob) => {
  let answer: Rendered;
  try {
    // Grammars this text's code needs, compiled before its clock starts (the parent pauses it meanwhile).
    const languages = languagesToCompile(job.source);
    if (languages.length > 0) {
      parentPort?.postMessage({ compiling: true } satisfies Progress);
      compileLanguages(languages);
      parentPort?.postMessage({ compiled: true } satisfies Progress);
    }
    setUploadsRoot(job.contentDir);
    const html = renderMarkdown(job.source, {
      strictLinks: true,
      ...(job.timeLimitMs !== undefined ? { timeLimitMs: job.timeLimitMs } : {}),
      ...(job.nestedUnder !== undefined ? { nestedUnder: job.nestedUnder } : {}),
      ...(job.uploadsBase !== undefined ? { uploadsBase: job.uploadsBase } : {}),
    });
    answer = { html };
  } catch (error) {
    answer = { error: (error as Error).message };
  }
  parentPort?.postMessage(answer);
});

// Loaded: the texts' time limit starts counting from here (markdown-off-thread.ts). Code grammars
// are compiled when a text first needs them, not here: a restarted worker costs no CPU beside the site.
renderMarkdown(WARM_UP, { strictLinks: true });
parentPort?.postMessage({ ready: true });
