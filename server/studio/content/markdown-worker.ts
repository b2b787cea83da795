import { parentPort } from "node:worker_threads";
import { renderMarkdown } from "#core/content/markdown.server.ts";
import { setUploadsRoot } from "#core/content/uploads.server.ts";
import type { MarkdownJob, Rendered } from "./markdown-off-thread.ts";

/**
 * The thread Markdown from the studio is rendered in (markdown-off-thread.ts
 * starts it and ends it when a text takes too long): one text per message,
 * links strict, the answer its HTML or the Russian reason it cannot be shown.
 */
parentPort?.on("message", (job: MarkdownJob) => {
  let answer: Rendered;
  try {
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

// Loaded: the texts' time limit starts counting from here (markdown-off-thread.ts).
parentPort?.postMessage({ ready: true });
