import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Browser } from "playwright-core";
import { openSession, type Session } from "./browser.ts";
import type { Role } from "#core/studio/roles.ts";
import { type Backend, type FormsServer, type FormsServerOptions, nextIp, startFormsServer } from "./forms-server.ts";

/**
 * The production server with the studio on one storage backend, and what a
 * person or an attacker does with it: the account command, sign-in, calls
 * of the studio's API with or without a session.
 */
export type StudioServer = FormsServer;

export function startStudioServer(backend: Backend, env: Record<string, string> = {}, options: FormsServerOptions = {}): Promise<StudioServer> {
  return startFormsServer(backend, { ...options, studio: true, env: { RATE_LIMIT_BURST: "1000000", ...env } });
}

/** `npm run studio -- …args` against the server's store, the password (if any) piped to standard input. */
export async function studioCli(server: StudioServer, args: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  const child = spawn(process.execPath, ["build/runtime/studio.js", ...args], {
    env: { ...process.env, ...server.env, DATABASE_URL: server.databaseUrl ?? "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(stdin);
  const [code] = await once(child, "exit");
  return { code: code as number, out, err };
}

export async function addUser(server: StudioServer, login: string, role: Role, password: string, name?: string): Promise<void> {
  const result = await studioCli(server, ["user", "add", login, "--role", role, ...(name ? ["--name", name] : [])], `${password}\n`);
  if (result.code !== 0) throw new Error(`user add ${login} failed (${result.code}): ${result.err}`);
}

export type CallOptions = { cookie?: string | null; body?: unknown; ip?: string; headers?: Record<string, string>; rawBody?: string };

/** A call of the studio as its own page makes it: same origin, JSON, from one client address. */
export function call(server: StudioServer, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return fetch(server.baseUrl + path, {
    method,
    redirect: "manual",
    headers: {
      Accept: "application/json",
      Origin: server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": options.ip ?? "203.0.113.10",
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
    body,
  });
}

/** The `name=value` of the session cookie a response set, or null. */
export function sessionCookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((line) => line.startsWith("studio_session="));
  if (!header) return null;
  const pair = header.split(";")[0] as string;
  return pair === "studio_session=" ? null : pair;
}

/** Signs in; returns the cookie to send with later calls (fails the test otherwise). */
export async function signIn(server: StudioServer, login: string, password: string, ip = nextIp()): Promise<string> {
  const res = await call(server, "POST", "/studio/api/session", { body: { login, password }, ip });
  if (res.status !== 200) throw new Error(`sign-in of ${login} answered ${res.status}: ${await res.text()}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

/** A studio session: a browser profile in Russian (Moscow time) and its page (tests/support/browser.ts). */
export type StudioSession = Session;

/**
 * A studio session signed in through the sign-in form as `who`: on the
 * studio's first page, or, with `path`, sent to sign in from `path` and
 * brought back to it, its heading drawn. The one way browser tests sign in
 * (tests/studio/browser.test.ts drives the form itself, being its test).
 */
export async function signedInSession(
  browser: Browser,
  baseUrl: string,
  who: { login: string; password: string },
  width = 1440,
  options: { path?: string; acceptDownloads?: boolean } = {},
): Promise<StudioSession> {
  const { path, ...profile } = options;
  const session = await openSession(browser, { width, height: 900, russian: true, ...profile });
  const { page } = session;
  await page.goto(`${baseUrl}${path ?? "/studio/sign-in/"}`);
  if (path) await page.waitForURL(/\/studio\/sign-in\//);
  await page.getByLabel("Логин").fill(who.login);
  await page.getByLabel("Пароль").fill(who.password);
  await page.getByRole("button", { name: "Войти" }).click();
  if (!path) await page.waitForURL(/\/studio\/$/);
  else await page.waitForURL((url) => url.pathname === path.split("?")[0]);
  // The address changes before React commits the new page, so the sign-in form's own heading can
  // still be on screen; the studio's navigation exists only after sign-in.
  await page.getByRole("navigation", { name: "Разделы студии" }).waitFor();
  await page.getByRole("heading", { level: 1 }).waitFor();
  return session;
}
