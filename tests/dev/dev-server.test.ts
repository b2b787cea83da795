import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { leadsConfig } from "../../server/leads/config.ts";
import { openDb } from "../../server/leads/service.ts";
import { createStore } from "../../server/leads/store.ts";
import { eventually } from "../support/eventually.ts";
import { tempDir, trackChild } from "../support/run.ts";
import { stablePort, stopServer } from "../support/server.ts";

/**
 * `npm run dev` is the production server with Vite in front (decision 040): its URL rules, forms
 * and studio answer as in production, and an edit to the site or the studio is served and
 * announced over Vite's hot reload. Run in a copy of the checkout (its code and content; the
 * packages linked), so the test edits files freely, with a store of its own. The images step of
 * `npm run dev` is left out: it draws the artwork, which no page checked here shows.
 */

/** What `npm run dev` runs after drawing the images, read from package.json (the one place it is said). */
const DEV = /&&\s*node\s+((?:--\S+\s+)*)(\S+\.ts)\s*$/.exec(JSON.parse(readFileSync("package.json", "utf8")).scripts.dev);
if (!DEV) throw new Error("package.json's dev script no longer reads `… && node [--flag …] <script>.ts`");
const DEV_ARGS = [...(DEV[1] ?? "").split(/\s+/).filter(Boolean), DEV[2] as string];

/** What the dev server reads: the code, the content, the configuration; not what is made or drawn. */
const COPIED = ["app", "core", "server", "studio", "scripts", "content", "public", "package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts"];
const DRAWN = [resolve("public/assets/images"), resolve("app/images/manifest.generated.json")];

const PASSWORD = "Проверка-входа-в-студию";
const ROUTE = "app/routes/contacts/page.tsx";
const STUDIO_PAGE = "studio/pages/sign-in.tsx";

let root: string;
let dataDir: string;
let baseUrl: string;
let child: ChildProcess;
let output = "";
let env: Record<string, string | undefined>;

/** A copy of the checkout, with a node_modules folder of its own (Vite keeps its cache there) whose packages are the checkout's. */
function copyCheckout(to: string): void {
  for (const name of COPIED) cpSync(name, join(to, name), { recursive: true, filter: (source) => !DRAWN.includes(resolve(source)) });
  mkdirSync(join(to, "node_modules"));
  for (const name of readdirSync("node_modules")) {
    if (name !== ".vite" && name !== ".vite-studio") symlinkSync(resolve("node_modules", name), join(to, "node_modules", name));
  }
}

function run(args: string[], stdin = ""): Promise<{ code: number; out: string }> {
  const command = spawn(process.execPath, args, { cwd: root, env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  command.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  command.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  command.stdin.end(stdin);
  return once(command, "exit").then(([code]) => ({ code: code as number, out }));
}

/** Vite's hot reload channel at `path` (the site's at "/", the studio's at "/studio/"), and every message it has sent. */
async function hotReload(path: string): Promise<{ messages: string[]; close(): void }> {
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}${path}`, "vite-hmr");
  const messages: string[] = [];
  socket.addEventListener("message", (event) => messages.push(String(event.data)));
  await eventually(() => messages.some((m) => JSON.parse(m).type === "connected"), 20_000, `Vite's hot reload at ${path} to connect`);
  return { messages, close: () => socket.close() };
}

function edit(file: string, from: string, to: string): void {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}`);
  writeFileSync(path, text.replace(from, to));
}

beforeAll(async () => {
  root = tempDir("dev-server-");
  dataDir = tempDir("dev-server-data-");
  copyCheckout(root);
  const port = await stablePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // Vitest's own variables stay out: the dev server is started as a person starts it.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "NODE_ENV"));
  env = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_ORIGIN: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LEADS_WEBHOOK_URL: "",
    SMTP_URL: "",
    TRUSTED_PROXY_HOPS: "1",
    LOG_LEVEL: "info",
    SHUTDOWN_DRAIN_MS: "100",
  };
  // Releases play no part in dev: none is read or made.
  delete env.RELEASES_DIR;
  child = spawn(process.execPath, DEV_ARGS, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  trackChild(child);
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Vite optimizes the packages the copy's pages use (a cache of its own) and the studio's process
  // starts: about 25 s on a quiet two-core machine, more beside another test run.
  try {
    await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`the dev server exited with ${child.exitCode}`);
        return /"msg":"listening"/.test(output);
      },
      90_000,
      "the dev server to listen",
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${output}`);
  }
}, 120_000);

afterAll(async () => {
  if (child) await stopServer(child);
});

describe("npm run dev", () => {
  it("answers with the server's URL rules: /services is moved to /services/", async () => {
    const res = await fetch(`${baseUrl}/services`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location") ?? "", baseUrl).pathname).toBe("/services/");
  });

  it("stores a request sent from a public form", async () => {
    const id = crypto.randomUUID();
    const body = new FormData();
    const fields = { id, name: "Анна Смирнова", phone: "8 (912) 345-67-89", email: "anna@client.example", message: "Нужна сквозная аналитика", consent: "yes", page: "/contacts/", elapsed: "6000" };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const res = await fetch(`${baseUrl}/api/forms/project/`, {
      method: "POST",
      headers: { Accept: "application/json", Origin: baseUrl, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "203.0.113.7" },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const db = await openDb(leadsConfig(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "" })));
    try {
      const stored = await createStore(db).submission(id);
      expect(stored?.form).toBe("project");
    } finally {
      await db.close();
    }
  });

  it("serves the studio from Vite: its page, and a person signs in", async () => {
    const added = await run(["server/studio/cli.ts", "user", "add", "admin", "--role", "admin"], `${PASSWORD}\n`);
    expect(added.code, added.out).toBe(0);
    const signedOut = await fetch(`${baseUrl}/studio/`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    const page = await fetch(`${baseUrl}/studio/sign-in/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`src="/studio/@vite/client"`);
    expect(html).toContain(`src="/studio/main.tsx"`);
    expect((await fetch(`${baseUrl}/studio/main.tsx`)).status).toBe(200);
    const signIn = await fetch(`${baseUrl}/studio/api/session`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", Origin: baseUrl, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "203.0.113.8" },
      body: JSON.stringify({ login: "admin", password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith("studio_session="))?.split(";")[0];
    expect(cookie).toBeTruthy();
    const signedIn = await fetch(`${baseUrl}/studio/`, { redirect: "manual", headers: { Cookie: cookie as string } });
    expect(signedIn.status).toBe(200);
  });

  it("picks up an edit to a route: the module and the page are served changed, and the browser is told", async () => {
    const hot = await hotReload("/");
    try {
      expect((await fetch(`${baseUrl}/@vite/client`)).status).toBe(200);
      expect(await (await fetch(`${baseUrl}/contacts/`)).text()).not.toContain("Журналистам");
      // The module as the browser asked for it: in Vite's graph, so an edit is announced.
      expect((await fetch(`${baseUrl}/${ROUTE}`)).status).toBe(200);
      edit(ROUTE, "<dt>Пресса</dt>", "<dt>Журналистам</dt>");
      await eventually(() => hot.messages.some((m) => m.includes(ROUTE) && /"type":"(update|full-reload)"/.test(m)), 20_000, "Vite to announce the edited route");
      expect(await (await fetch(`${baseUrl}/${ROUTE}`)).text()).toContain("Журналистам");
      await eventually(async () => (await (await fetch(`${baseUrl}/contacts/`)).text()).includes("Журналистам"), 20_000, "the page rendered with the edit");
    } finally {
      hot.close();
    }
  });

  it("picks up an edit to a studio component: served changed, and the studio's page is told to reload", async () => {
    const hot = await hotReload("/studio/");
    try {
      expect((await fetch(`${baseUrl}/studio/@vite/client`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/${STUDIO_PAGE}`)).status).toBe(200);
      edit(STUDIO_PAGE, `title="Вход в студию"`, `title="Вход в редакцию"`);
      await eventually(() => hot.messages.some((m) => m.includes("sign-in.tsx") && /"type":"(update|full-reload)"/.test(m)), 20_000, "Vite to announce the edited studio component");
      // Vite's answer writes the no-break space the build binds «в» with as \xA0.
      expect((await (await fetch(`${baseUrl}/${STUDIO_PAGE}`)).text()).replace(/\\xA0|\u00a0/g, " ")).toContain("Вход в редакцию");
    } finally {
      hot.close();
    }
  });
});
