import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import type { Backend } from "./forms-server.ts";
import { makeSandbox, runPublish, type Sandbox } from "./releases.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "./studio.ts";
import { eventually } from "./eventually.ts";

/**
 * A studio server editing a content folder of its own (a sandbox: a copy of
 * content/ under its own git, releases of its own), so tests save, delete and
 * publish without touching the project's content or the suite's releases.
 */
export type ContentServer = { server: StudioServer; sandbox: Sandbox; editor: string; dispose(): Promise<void> };

export const EDITOR = { login: "marina", password: "Marina edits content 2026", name: "Марина Контентова" };
export const SECOND = { login: "pavel", password: "Pavel edits content too 7", name: "Павел Второй" };

/** `env`: settings of the server's own beside the sandbox's (a test's short time limit). */
export async function startContentServer(backend: Backend, env: Record<string, string> = {}): Promise<ContentServer> {
  const sandbox = makeSandbox();
  const server = await startStudioServer(backend, { ...sandbox.env, STUDIO_SIGNIN_ACCOUNT_LIMIT: "1000", STUDIO_SIGNIN_ADDRESS_LIMIT: "1000", ...env });
  await addUser(server, EDITOR.login, "editor", EDITOR.password, EDITOR.name);
  await addUser(server, SECOND.login, "editor", SECOND.password, SECOND.name);
  const editor = await signIn(server, EDITOR.login, EDITOR.password);
  return { server, sandbox, editor, dispose: () => server.dispose() };
}

/**
 * A server whose release was made by other code makes one as it starts, under the releases lock:
 * a test's publications would queue behind it, so tests that publish start once it is done.
 */
export async function releasesSettled(env: ContentServer): Promise<void> {
  const lock = join(env.sandbox.releasesDir, ".lock");
  await eventually(() => !existsSync(lock), 300_000, "the release made at the server's start", 250);
}

export function contentFile(sandbox: Sandbox, path: string): string {
  return readFileSync(join(sandbox.contentDir, path), "utf8");
}

/** Publishes the sandbox's content (as `npm run publish` would) and waits until the server serves it. */
export async function publishSandbox(env: ContentServer): Promise<void> {
  const run = await runPublish(env.sandbox, ["--message", "Публикация из теста", "--author", "Тест <test@localhost>"], { SITE_ORIGIN: env.server.baseUrl });
  if (run.code !== 0) throw new Error(`publish failed:\n${run.output}`);
  const id = /Опубликовано: (\S+)/.exec(run.output)?.[1];
  if (!id) throw new Error(`publish named no release:\n${run.output}`);
  await eventually(async () => ((await fetch(`${env.server.baseUrl}/`)).headers.get("server-timing") ?? "").includes(id), 15_000, `the server to switch to release ${id}`, 200);
}

/** An entry as the editor loads it. */
export async function getEntry(env: ContentServer, type: string, slug: string, cookie = env.editor) {
  const res = await call(env.server, "GET", `/studio/api/content/${type}/${slug}`, { cookie });
  if (res.status !== 200) throw new Error(`GET ${type}/${slug}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { values: Record<string, unknown>; hash: string; draft: unknown; editors: Array<{ login: string }>; unpublished: string | null };
}

export function save(env: ContentServer, type: string, slug: string, body: Record<string, unknown>, cookie = env.editor): Promise<Response> {
  return call(env.server, "PUT", `/studio/api/content/${type}/${slug}`, { cookie, body });
}

/** A real image of a given size and format, made by sharp. */
export function image(width: number, height: number, format: "png" | "jpeg" | "webp" | "avif" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** An image sent as the studio's page sends it, the bytes as the body: to `path`, a new upload by default or a file replacing one in «Медиа». */
export function sendImage(env: ContentServer, bytes: Buffer, options: { path?: string; type?: string; cookie?: string } = {}): Promise<Response> {
  return fetch(`${env.server.baseUrl}${options.path ?? "/studio/api/content/uploads"}`, {
    method: "POST",
    headers: { Origin: env.server.baseUrl, "Sec-Fetch-Site": "same-origin", Cookie: options.cookie ?? env.editor, "Content-Type": options.type ?? "image/png", "X-Forwarded-For": "203.0.113.40" },
    body: new Uint8Array(bytes),
  });
}

/** An image uploaded into «Медиа» and described there: its file name. */
export async function describedUpload(env: ContentServer, bytes: Buffer, alt: string): Promise<string> {
  const sent = await sendImage(env, bytes);
  if (sent.status !== 201) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
  const { file } = (await sent.json()) as { file: string };
  const res = await call(env.server, "PUT", `/studio/api/media/${file}`, { cookie: env.editor, body: { alt } });
  if (res.status !== 200) throw new Error(`PUT /media/${file}: ${res.status} ${await res.text()}`);
  return file;
}

/**
 * Answers of a public page and /healthz, one after another, until `busy`
 * settles (two at least): the slowest, and how many. What the site's
 * visitors meet while the studio works on something heavy.
 */
export async function siteWhile(env: ContentServer, busy: Promise<unknown>): Promise<{ slowestMs: number; answered: number }> {
  let settled = false;
  void busy.finally(() => (settled = true));
  let slowestMs = 0;
  let answered = 0;
  while (!settled) {
    for (const path of ["/services/", "/healthz"]) {
      const started = performance.now();
      const res = await fetch(env.server.baseUrl + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answered++;
    }
  }
  return { slowestMs, answered };
}

/** A new article's values, valid by its schema. */
export function newArticle(slug: string, title: string, body = "Текст статьи.\n\n## Раздел\n\nЕщё текст."): Record<string, unknown> {
  return {
    slug,
    title,
    description: "Описание статьи для поисковиков, чтобы в нём было не меньше пятидесяти символов.",
    author: "anna-sokolova",
    category: "seo",
    tags: ["seo"],
    published: "2026-11-20",
    body,
  };
}

/**
 * A file's content server (SQLite) and browser: started before its tests,
 * closed after them; `started` hands both to the file's own variables.
 */
export function contentServerAndBrowser(started: (both: { env: ContentServer; browser: Browser }) => void): void {
  let env: ContentServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    env = await startContentServer("sqlite");
    browser = await launchBrowser();
    started({ env, browser });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await env?.dispose();
  });
}

/** Publishes entries through the studio's API, as `cookie`, and waits for the publication to end. */
export async function publishEntries(env: ContentServer, cookie: string, entries: string[]): Promise<void> {
  const res = await call(env.server, "POST", "/studio/api/releases", { cookie, body: { message: "Подготовка теста", entries } });
  if (res.status !== 202) throw new Error(`publication refused, ${res.status}: ${await res.text()}`);
  await eventually(async () => ((await (await call(env.server, "GET", "/studio/api/releases/job", { cookie })).json()) as { state: string }).state === "published", 90_000, "the publication", 250);
}
