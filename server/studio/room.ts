import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { request } from "../node-http.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isStudioTarget } from "#core/studio/paths.ts";
import { drain } from "../body.ts";
import type { Logger } from "../log.ts";

/**
 * The site's side of the studio (decision 034): the studio runs in a process
 * of its own (process.ts), started here, and every request for /studio and
 * below is streamed to it over a private socket: bodies are not read or
 * parsed here, answers are streamed back as they come. The site's server
 * loads none of the studio's code: this file imports only Node and the
 * studio's addresses. A studio that stops is started again; meanwhile its
 * pages answer 503 in Russian and the site goes on.
 */

/** The variable the studio process finds its socket in (set only when the site's server starts it). */
export const STUDIO_SOCKET_VARIABLE = "STUDIO_SOCKET";
/**
 * Under the site, the studio says "close this connection" in this header instead (process.ts):
 * closing its own socket early lost its answer to a write still on its way (EPIPE); the site's
 * server closes the visitor's connection instead.
 */
export const CLOSE_HEADER = "x-studio-connection";
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
  /** Built, the studio is build/runtime/studio-server.js beside this chunk; from source, serve.ts. */
  script?: URL;
};

const UNAVAILABLE = "Студия перезапускается. Обновите страницу через минуту: сохранённое не\u00a0пропало.";
/** Headers of one connection, not of the message: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "expect"]);
/** A studio that stops is started again after this, doubling up to the longest. */
const RESTART_FIRST_MS = 500;
const RESTART_LONGEST_MS = 30_000;

const SCRIPT = new URL(import.meta.url.endsWith(".ts") ? "./serve.ts" : "./studio-server.js", import.meta.url);

function passOn(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

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
    const process_ = fork(options.script ?? SCRIPT, [], {
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

  function forwardedFor(req: IncomingMessage): string {
    const before = req.headers["x-forwarded-for"];
    const address = req.socket.remoteAddress ?? "unknown";
    return before ? `${Array.isArray(before) ? before.join(", ") : before}, ${address}` : address;
  }

  function handle(req: IncomingMessage, res: ServerResponse, _log: Logger, id: string): Promise<void> {
    if (!up) {
      unavailable(res);
      return Promise.resolve();
    }
    return new Promise((done) => {
      res.once("close", () => done());
      // Answered here: the body then streams straight through.
      if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
      const upstream = request({
        socketPath,
        // A connection per request (~0.1 ms on a local socket), ended here once answered. Asked to stay
        // open: a studio that closed it after an early answer (a refused write, its body unread) lost
        // that answer to the body still being written (EPIPE).
        agent: false,
        method: req.method,
        path: req.url,
        headers: {
          ...passOn(req.headers),
          ...(req.headers["transfer-encoding"] ? { "transfer-encoding": "chunked" } : {}),
          connection: "keep-alive",
          "x-request-id": id,
          "x-forwarded-for": forwardedFor(req),
        },
      });
      let answered: IncomingMessage | null = null;
      upstream.on("response", (answer) => {
        answered = answer;
        const headers = passOn(answer.headers);
        // The studio asked to close (a refusal before the body was read): said to the visitor here.
        const closing = headers[CLOSE_HEADER] === "close";
        delete headers[CLOSE_HEADER];
        res.writeHead(answer.statusCode ?? 502, closing ? { ...headers, connection: "close" } : headers);
        answer.pipe(res, { end: false });
        answer.once("end", () => {
          if (req.complete) return void res.end();
          // Answered before the body was all sent: the studio has read what it needed. The rest is
          // drained here within the limits, so the visitor reads the answer before the connection closes.
          req.unpipe(upstream);
          upstream.destroy();
          void drain(req).then(() => res.end());
        });
      });
      upstream.on("error", (error) => {
        if (answered) {
          // Cut short on its way: cut short for the visitor too.
          if (!answered.complete) res.destroy();
          return;
        }
        if (res.headersSent) return void res.destroy();
        log.error("studio did not answer", { id, error });
        unavailable(res);
      });
      // The visitor left: the studio stops working on the answer too.
      res.once("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
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
