import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isStudioTarget } from "#core/studio/paths.ts";
import type { Logger } from "../log.ts";
import { streamToStudio } from "./stream.ts";

/**
 * The site's side of the studio (decision 034): the studio runs in a process
 * of its own (process.ts), started here, and every request for /studio and
 * below is streamed to it over a private socket: bodies are not read or
 * parsed here, answers are streamed back as they come (stream.ts). The
 * site's server loads none of the studio's code: this file and stream.ts import
 * only Node, the server's own HTTP helpers and the studio's addresses. A studio that stops is started again; meanwhile its
 * pages answer 503 in Russian and the site goes on.
 */

/** The variable the studio process finds its socket in (set only when the site's server starts it). */
export const STUDIO_SOCKET_VARIABLE = "STUDIO_SOCKET";
/** What the studio process tells the site's server. */
export type StudioMessage = { type: "ready" } | { type: "mail-queued" };

export type StudioRoom = {
  owns(target: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, log: Logger, id: string): Promise<void>;
  /** Starts the studio process; resolves true once it answers, false if it did not within `deadlineMs`. */
  start(deadlineMs: number): Promise<boolean>;
  /** The studio process's id while it runs (a test holds it busy by it). */
  pid(): number | undefined;
  stop(): Promise<void>;
};

export type StudioRoomOptions = {
  /** The proxies in front of the site: the studio trusts one more, this server. */
  trustedProxyHops: number;
  log: Logger;
  /** The studio queued a letter: the outbox that delivers it runs here with an embedded store. */
  onMailQueued?: () => void;
  /** Built, the studio is build/runtime/studio-server.js beside this chunk; from source, serve.ts; the dev server's, scripts/dev/studio.ts. */
  script?: URL;
  /** Arguments of that program (the dev server's names the folder of the app's page). */
  args?: readonly string[];
};

const UNAVAILABLE = "Студия перезапускается. Обновите страницу через минуту: сохранённое не\u00a0пропало.";
/** A studio that stops is started again after this, doubling up to the longest. */
const RESTART_FIRST_MS = 500;
const RESTART_LONGEST_MS = 30_000;

const SCRIPT = new URL(import.meta.url.endsWith(".ts") ? "./serve.ts" : "./studio-server.js", import.meta.url);

export function createStudioRoom(options: StudioRoomOptions): StudioRoom {
  const { log } = options;
  // A folder only this user may enter: nobody else on the machine can speak to the studio as the site.
  const folder = mkdtempSync(join(tmpdir(), "studio-"));
  const socketPath = join(folder, "studio.sock");
  let child: ChildProcess | null = null;
  let up = false;
  let stopping = false;
  let restartMs = RESTART_FIRST_MS;
  let started: Promise<void> = new Promise(() => {});

  function launch(): void {
    const process_ = fork(options.script ?? SCRIPT, [...(options.args ?? [])], {
      env: { ...process.env, [STUDIO_SOCKET_VARIABLE]: socketPath, TRUSTED_PROXY_HOPS: String(options.trustedProxyHops + 1) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = process_;
    started = new Promise((resolve) => {
      process_.on("message", (message: StudioMessage) => {
        if (message.type === "ready") {
          up = true;
          restartMs = RESTART_FIRST_MS;
          log.info("studio started", { pid: process_.pid });
          resolve();
        } else if (message.type === "mail-queued") options.onMailQueued?.();
      });
    });
    process_.on("exit", (code, signal) => {
      if (child === process_) {
        child = null;
        up = false;
      }
      if (stopping) return;
      log.error("studio stopped; starting it again", { code, signal, inMs: restartMs });
      setTimeout(launch, restartMs).unref();
      restartMs = Math.min(restartMs * 2, RESTART_LONGEST_MS);
    });
  }

  function unavailable(res: ServerResponse): void {
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "10" });
    res.end(UNAVAILABLE);
  }

  function handle(req: IncomingMessage, res: ServerResponse, _log: Logger, id: string): Promise<void> {
    if (!up) {
      unavailable(res);
      return Promise.resolve();
    }
    return streamToStudio(socketPath, req, res, id, {
      unavailable: () => unavailable(res),
      onError: (error) => log.error("studio did not answer", { id, error }),
    });
  }

  return {
    owns: isStudioTarget,
    handle,
    async start(deadlineMs) {
      launch();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
      const ready = await Promise.race([started.then(() => true as const), late]);
      clearTimeout(timer);
      return ready;
    },
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      const ending = child;
      if (ending && ending.exitCode === null && ending.signalCode === null) {
        const exited = new Promise((resolve) => ending.once("exit", resolve));
        ending.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
        if (ending.exitCode === null && ending.signalCode === null) ending.kill("SIGKILL");
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
