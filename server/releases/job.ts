import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Author } from "./history.ts";
import type { ReleaseRecord } from "./store.ts";

/** A publication made for someone in the studio (or on schedule), followed while it runs. */
export type PublishJob = {
  id: string;
  startedAt: number;
  /** Steps so far, in Russian, as the release maker reports them. */
  progress: string[];
  state: "running" | "published" | "refused" | "failed";
  record?: ReleaseRecord;
  /** Why nothing was published (broken content: file and field), or what failed. */
  error?: string;
  done: Promise<PublishJob>;
};

/**
 * Runs `npm run publish` (build/runtime/publish.js) as a child process of the
 * server: the same code as the command line, and rendering never holds up the
 * server's own event loop. Its environment is the server's, so it publishes
 * the same content into the same releases; the server then switches to the
 * release as it does to any other.
 */
export function startPublishJob(options: {
  author: Author;
  message: string;
  full?: boolean;
  /** Content files to publish (else everything saved), and to take off the site. */
  entries?: readonly string[];
  withdraw?: readonly string[];
  /** 301s added to what is published, with a withdrawal. */
  redirects?: ReadonlyArray<{ from: string; to: string }>;
  /** Only if the live release was made by other code or configuration (a server's start). */
  unlessCurrent?: boolean;
  /** A new Metrica counter for every page (null: none), set on «Настройки». */
  metrika?: string | null;
  runtimeDir: string;
  env?: NodeJS.ProcessEnv;
  onProgress?: (line: string) => void;
}): PublishJob {
  const args = [join(options.runtimeDir, "publish.js"), "--json", "--message", options.message, "--author", `${options.author.name} <${options.author.email}>`];
  if (options.full) args.push("--full");
  for (const path of options.entries ?? []) args.push(`--entry=${path}`);
  for (const path of options.withdraw ?? []) args.push(`--withdraw=${path}`);
  for (const { from, to } of options.redirects ?? []) args.push(`--redirect=${from},${to}`);
  if (options.unlessCurrent) args.push("--unless-current");
  if (options.metrika !== undefined) args.push(`--metrika=${options.metrika ?? "none"}`);
  const child = spawn(process.execPath, args, { env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  const job = { id: randomUUID(), startedAt: Date.now(), progress: [], state: "running" } as unknown as PublishJob;
  let stderr = "";
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      let message: { progress?: string; release?: ReleaseRecord; refused?: string };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      if (message.progress) {
        job.progress.push(message.progress);
        options.onProgress?.(message.progress);
      }
      if (message.release) job.record = message.release;
      if (message.refused) job.error = message.refused;
    }
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  job.done = new Promise((resolve) => {
    child.on("close", (code) => {
      if (code === 0 && job.record) job.state = "published";
      else if (job.error) job.state = "refused";
      else {
        job.state = "failed";
        job.error = stderr.trim() || `the release maker exited with ${code}`;
      }
      resolve(job);
    });
  });
  return job;
}
