import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, nextIp } from "../support/forms-server.ts";
import { cspDirectives } from "../support/security.ts";
import { addUser, call, sessionCookieOf, signIn, startStudioServer, type StudioServer, studioCli } from "../support/studio.ts";

/**
 * The studio over HTTP as its users and an attacker meet it, on both stores:
 * headers, sign-in and its cookie, sessions ending, cross-site writes,
 * permissions, the account command, the audit log.
 */
const ADMIN = { login: "olga", password: "Olga's long passphrase 1" };
const EDITOR = { login: "ivan", password: "Ivan writes articles 2" };

describe.each(BACKENDS)("studio on %s", (backend) => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudioServer(backend);
    await addUser(server, ADMIN.login, "admin", ADMIN.password, "Ольга Админова");
    await addUser(server, EDITOR.login, "editor", EDITOR.password, "Иван Редакторов");
  });
  afterAll(() => server?.dispose());

  describe("pages and headers", () => {
    it("answers with its own strict policy, never indexed, never cached", async () => {
      const res = await call(server, "GET", "/studio/sign-in/", { headers: { Accept: "text/html" } });
      expect(res.status).toBe(200);
      const csp = cspDirectives(res.headers.get("content-security-policy") ?? "");
      expect(Object.fromEntries(csp)).toMatchObject({
        "default-src": ["'none'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'none'"],
      });
      expect(csp.has("style-src-attr")).toBe(false);
      expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      const html = await res.text();
      const script = /<script type="module" crossorigin src="(\/studio\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeTruthy();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toMatch(/<style|style="/);
      const asset = await call(server, "GET", script as string);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect((await call(server, "GET", "/studio/assets/nothing.js")).status).toBe(404);
      expect((await call(server, "GET", "/studio/assets/../../package.json")).status).toBeLessThan(500);
    });

    it("sends /studio to /studio/, and a signed-out visitor of a page to sign in, with a safe way back", async () => {
      const bare = await call(server, "GET", "/studio?x=1");
      expect(bare.status).toBe(301);
      expect(bare.headers.get("location")).toBe("/studio/?x=1");
      const page = await call(server, "GET", "/studio/users/?page=2");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/studio/sign-in/?next=%2Fstudio%2Fusers%2F%3Fpage%3D2");
      expect((await call(server, "GET", "/studio/users")).headers.get("location")).toBe("/studio/users/");
      expect((await call(server, "GET", "/studio/")).headers.get("location")).toBe("/studio/sign-in/");
      // A page address that is not one of ours: the app's own 404, nothing to redirect to.
      expect((await call(server, "GET", "/studio/%2F%2Fevil.example/")).status).toBe(404);
      expect((await call(server, "GET", "/studio/no-such-page/")).status).toBe(404);
    });

    it("answers the API 401 in JSON without a session, and 404/405 for what it does not have", async () => {
      const res = await call(server, "GET", "/studio/api/users");
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ ok: false, message: expect.stringMatching(/войдите/i) });
      expect((await call(server, "GET", "/studio/api/nothing")).status).toBe(404);
      const wrong = await call(server, "PATCH", "/studio/api/session", { body: {} });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get("allow")).toBe("GET, POST, DELETE");
    });
  });

  describe("sign-in", () => {
    it("sets an HttpOnly, SameSite=Strict cookie on /studio holding 256 random bits, stored only as a hash", async () => {
      const res = await call(server, "POST", "/studio/api/session", { body: { login: "OLGA ", password: ADMIN.password }, ip: nextIp() });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { login: "olga", name: "Ольга Админова", role: "admin" }, permissions: expect.arrayContaining(["users:manage"]) });
      const [header] = res.headers.getSetCookie();
      expect(header).toMatch(/^studio_session=[A-Za-z0-9_-]{43}; Path=\/studio; HttpOnly; SameSite=Strict$/);
      const id = (sessionCookieOf(res) as string).split("=")[1] as string;
      const rows = await server.db.query<{ id_hash: string }>("SELECT id_hash FROM studio_sessions");
      expect(rows.map((r) => r.id_hash)).toContain(createHash("sha256").update(id).digest("hex"));
      expect(JSON.stringify(rows)).not.toContain(id);
    });

    it("gives the same answer to an unknown login and a wrong password", async () => {
      const unknown = await call(server, "POST", "/studio/api/session", { body: { login: "nobody", password: "some password 123" }, ip: nextIp() });
      const wrong = await call(server, "POST", "/studio/api/session", { body: { login: ADMIN.login, password: "some password 123" }, ip: nextIp() });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(await unknown.text()).toBe(await wrong.text());
      expect(unknown.headers.getSetCookie()).toEqual([]);
      expect(wrong.headers.getSetCookie()).toEqual([]);
    });

    it("names empty fields, and refuses other content types", async () => {
      const empty = await call(server, "POST", "/studio/api/session", { body: { login: "", password: "" } });
      expect(empty.status).toBe(422);
      expect((await empty.json()).errors).toEqual({ login: "Укажите логин", password: "Введите пароль" });
      const form = await call(server, "POST", "/studio/api/session", { rawBody: "login=a&password=b", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(form.status).toBe(415);
      expect((await call(server, "POST", "/studio/api/session", { rawBody: "{not json" })).status).toBe(400);
      expect((await call(server, "POST", "/studio/api/session", { rawBody: "[1,2]" })).status).toBe(400);
      expect((await call(server, "POST", "/studio/api/session", { body: { login: ["a"], password: 1 } })).status).toBe(400);
    });

    it("issues a new session id at sign-in, ending the one sent along", async () => {
      const first = await signIn(server, EDITOR.login, EDITOR.password);
      const second = await call(server, "POST", "/studio/api/session", { body: EDITOR, cookie: first, ip: nextIp() });
      expect(second.status).toBe(200);
      expect(sessionCookieOf(second)).not.toBe(first);
      expect((await call(server, "GET", "/studio/api/session", { cookie: first })).status).toBe(401);
    });
  });

  describe("sessions end", () => {
    it("on sign-out: the cookie is cleared and the old id no longer works", async () => {
      const cookie = await signIn(server, EDITOR.login, EDITOR.password);
      expect((await call(server, "GET", "/studio/api/session", { cookie })).status).toBe(200);
      const out = await call(server, "DELETE", "/studio/api/session", { cookie });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie()[0]).toMatch(/^studio_session=; Path=\/studio; HttpOnly; SameSite=Strict; Max-Age=0/);
      expect((await call(server, "GET", "/studio/api/session", { cookie })).status).toBe(401);
      expect((await call(server, "GET", "/studio/profile/", { cookie })).status).toBe(302);
    });

    it("on a password change: every session of the user, this browser getting a new one", async () => {
      const login = "pchange";
      await addUser(server, login, "editor", "First passphrase here");
      const here = await signIn(server, login, "First passphrase here");
      const elsewhere = await signIn(server, login, "First passphrase here");
      const wrong = await call(server, "POST", "/studio/api/profile/password", { cookie: here, body: { current: "not it at all", password: "Second passphrase now", confirm: "Second passphrase now" } });
      expect(wrong.status).toBe(422);
      expect((await wrong.json()).errors).toEqual({ current: "Текущий пароль не\u00a0подходит" });
      const mismatch = await call(server, "POST", "/studio/api/profile/password", { cookie: here, body: { current: "First passphrase here", password: "Second passphrase now", confirm: "Second passphrase" } });
      expect((await mismatch.json()).errors).toEqual({ confirm: "Пароли не\u00a0совпадают" });
      const res = await call(server, "POST", "/studio/api/profile/password", { cookie: here, body: { current: "First passphrase here", password: "Second passphrase now", confirm: "Second passphrase now" } });
      expect(res.status).toBe(200);
      const renewed = sessionCookieOf(res);
      expect(renewed).not.toBe(here);
      expect((await call(server, "GET", "/studio/api/session", { cookie: here })).status).toBe(401);
      expect((await call(server, "GET", "/studio/api/session", { cookie: elsewhere })).status).toBe(401);
      expect((await call(server, "GET", "/studio/api/session", { cookie: renewed })).status).toBe(200);
      expect((await call(server, "POST", "/studio/api/session", { body: { login, password: "First passphrase here" } })).status).toBe(401);
      await signIn(server, login, "Second passphrase now");
    });

    it("when an admin resets the password or removes the user", async () => {
      const admin = await signIn(server, ADMIN.login, ADMIN.password);
      await addUser(server, "victor", "editor", "Victor's passphrase 1");
      const victor = await signIn(server, "victor", "Victor's passphrase 1");
      const reset = await call(server, "PUT", "/studio/api/users/victor/password", { cookie: admin, body: { password: "Reset by the admin 22" } });
      expect(reset.status).toBe(200);
      expect((await call(server, "GET", "/studio/api/session", { cookie: victor })).status).toBe(401);
      const again = await signIn(server, "victor", "Reset by the admin 22");
      expect((await call(server, "DELETE", "/studio/api/users/victor", { cookie: admin })).status).toBe(204);
      expect((await call(server, "GET", "/studio/api/session", { cookie: again })).status).toBe(401);
      expect((await call(server, "POST", "/studio/api/session", { body: { login: "victor", password: "Reset by the admin 22" } })).status).toBe(401);
    });
  });

  describe("cross-site writes", () => {
    it("are refused with 403 whatever the session, by Origin or by Sec-Fetch-Site", async () => {
      const admin = await signIn(server, ADMIN.login, ADMIN.password);
      const attempts: Record<string, string>[] = [
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
        { Origin: server.baseUrl, "Sec-Fetch-Site": "same-site" },
        { Origin: "null" },
        { Origin: "" },
      ];
      for (const headers of attempts) {
        const res = await call(server, "POST", "/studio/api/users", { cookie: admin, headers, body: { login: "mallory", name: "M", role: "admin", password: "Mallory's passphrase 1" } });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect((await res.json()).message).toMatch(/не\u00a0со\u00a0страницы студии/);
      }
      const signOut = await call(server, "DELETE", "/studio/api/session", { cookie: admin, headers: { Origin: "https://evil.example" } });
      expect(signOut.status).toBe(403);
      expect((await call(server, "GET", "/studio/api/session", { cookie: admin })).status).toBe(200);
      expect(await server.store.db.query("SELECT login FROM studio_users WHERE login = 'mallory'")).toEqual([]);
    });
  });

  describe("permissions", () => {
    // Every endpoint's 403 to every role without its permission: tests/studio/access-http.test.ts.
    it("an editor cannot make themselves an admin, nor take over or remove an admin (403, nothing changed)", async () => {
      const editor = await signIn(server, EDITOR.login, EDITOR.password);
      for (const [method, path, body] of [
        ["POST", "/studio/api/users", { login: "sneaky", name: "S", role: "admin", password: "Sneaky passphrase 1" }],
        ["PATCH", `/studio/api/users/${EDITOR.login}`, { role: "admin" }],
        ["PUT", `/studio/api/users/${ADMIN.login}/password`, { password: "Taken over now 1234" }],
        ["DELETE", `/studio/api/users/${ADMIN.login}`, undefined],
      ] as const) {
        const res = await call(server, method, path, { cookie: editor, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect(await server.db.query("SELECT login FROM studio_users WHERE login = 'sneaky'")).toEqual([]);
      expect((await call(server, "GET", "/studio/api/session", { cookie: editor })).status).toBe(200);
      expect(await server.db.query("SELECT role FROM studio_users WHERE login = $1", [EDITOR.login])).toEqual([{ role: "editor" }]);
    });

    it("an admin manages accounts, but the last admin stays", async () => {
      const admin = await signIn(server, ADMIN.login, ADMIN.password);
      const created = await call(server, "POST", "/studio/api/users", { cookie: admin, body: { login: "Nina", name: "  Нина   Новая ", role: "editor", password: "Nina's first passphrase" } });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ login: "nina", name: "Нина Новая", role: "editor" });
      expect((await call(server, "POST", "/studio/api/users", { cookie: admin, body: { login: "nina", name: "Другая", role: "editor", password: "Another passphrase 1" } })).status).toBe(409);
      const invalid = await call(server, "POST", "/studio/api/users", { cookie: admin, body: { login: "../x", name: "", role: "root", password: "qwerty123456" } });
      expect(invalid.status).toBe(422);
      expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["login", "name", "password", "role"]);
      const demote = await call(server, "PATCH", `/studio/api/users/${ADMIN.login}`, { cookie: admin, body: { role: "editor" } });
      expect(demote.status).toBe(409);
      expect((await demote.json()).message).toMatch(/последний администратор/);
      expect((await call(server, "DELETE", `/studio/api/users/${ADMIN.login}`, { cookie: admin })).status).toBe(409);
      const promoted = await call(server, "PATCH", "/studio/api/users/nina", { cookie: admin, body: { role: "admin" } });
      expect(promoted.status).toBe(200);
      // A role change applies to the user's very next request.
      const nina = await signIn(server, "nina", "Nina's first passphrase");
      expect((await call(server, "GET", "/studio/api/users", { cookie: nina })).status).toBe(200);
      await call(server, "PATCH", "/studio/api/users/nina", { cookie: admin, body: { role: "editor" } });
      expect((await call(server, "GET", "/studio/api/users", { cookie: nina })).status).toBe(403);
      const list = await (await call(server, "GET", "/studio/api/users", { cookie: admin })).json();
      expect(JSON.stringify(list)).not.toMatch(/argon2|password_hash|passwordHash/);
    });
  });

  describe("the account command", () => {
    it("adds, lists, changes the password of and removes a user, reading the password from standard input", async () => {
      const add = await studioCli(server, ["user", "add", "cli.user", "--role", "editor", "--name", "Из Консоли"], "CLI passphrase one\n");
      expect(add).toMatchObject({ code: 0, out: expect.stringContaining("cli.user добавлен") });
      await signIn(server, "cli.user", "CLI passphrase one");
      const list = await studioCli(server, ["user", "list"]);
      expect(list.code).toBe(0);
      expect(list.out).toMatch(/cli\.user\tРедактор\tИз Консоли/);
      expect((await studioCli(server, ["user", "passwd", "cli.user"], "CLI passphrase two\n")).code).toBe(0);
      await signIn(server, "cli.user", "CLI passphrase two");
      expect((await studioCli(server, ["user", "remove", "cli.user"])).code).toBe(0);
      expect((await call(server, "POST", "/studio/api/session", { body: { login: "cli.user", password: "CLI passphrase two" } })).status).toBe(401);
    });

    it("refuses in Russian with a non-zero exit: weak password, bad role or login, unknown user, wrong usage", async () => {
      const cases: Array<[string[], string, number, RegExp]> = [
        [["user", "add", "weak", "--role", "editor"], "qwerty123456\n", 1, /распространён/],
        [["user", "add", "short", "--role", "editor"], "short\n", 1, /короче 12/],
        [["user", "add", "rolling", "--role", "root"], "Good passphrase 123\n", 1, /Выберите роль/],
        [["user", "add", "../etc", "--role", "editor"], "Good passphrase 123\n", 1, /Логин/],
        [["user", "add", ADMIN.login, "--role", "editor"], "Good passphrase 123\n", 1, /уже есть/],
        [["user", "passwd", "ghost"], "Good passphrase 123\n", 1, /нет/],
        [["user", "remove", ADMIN.login], "", 1, /последний администратор/],
        [["user", "frobnicate"], "", 2, /Использование/],
        [["group", "add"], "", 2, /Использование/],
        [["user", "add", "x", "--bogus"], "", 2, /Использование/],
      ];
      for (const [args, stdin, code, message] of cases) {
        const result = await studioCli(server, args, stdin);
        expect(result.code, args.join(" ")).toBe(code);
        expect(result.err, args.join(" ")).toMatch(message);
      }
    });
  });

  describe("the audit log", () => {
    it("records every change with who, when, what and from where, and lists it filtered and paged", async () => {
      const started = Date.now();
      const ip = "198.51.100.77";
      await call(server, "POST", "/studio/api/session", { body: { login: ADMIN.login, password: "not the password" }, ip });
      const admin = await signIn(server, ADMIN.login, ADMIN.password, ip);
      await call(server, "POST", "/studio/api/users", { cookie: admin, ip, body: { login: "audited", name: "Проверяемый", role: "editor", password: "Audited passphrase 1" } });
      await call(server, "PATCH", "/studio/api/users/audited", { cookie: admin, ip, body: { role: "admin" } });
      await call(server, "DELETE", "/studio/api/users/audited", { cookie: admin, ip });
      await call(server, "DELETE", "/studio/api/session", { cookie: admin, ip });
      const fresh = await signIn(server, ADMIN.login, ADMIN.password, ip);
      const res = await call(server, "GET", `/studio/api/audit?action=user.role&actor=${ADMIN.login}`, { cookie: fresh });
      expect(res.status).toBe(200);
      const page = await res.json();
      // Who, by name as the journal shows it (the login stays for the filter).
      expect(page.entries[0]).toMatchObject({ actorLogin: ADMIN.login, actorName: "Ольга Админова", action: "user.role", target: "audited", details: { from: "editor", to: "admin" }, ip });
      const all = await (await call(server, "GET", "/studio/api/audit", { cookie: fresh })).json();
      const mine = all.entries.filter((e: { at: number; ip: string }) => e.at >= started && e.ip === ip).map((e: { action: string }) => e.action);
      expect(mine).toEqual(["session.sign-in", "session.sign-out", "user.remove", "user.role", "user.create", "session.sign-in", "session.sign-in-failed"]);
      expect(all.actions["user.create"]).toBe("Пользователь добавлен");
      const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
      expect((await (await call(server, "GET", `/studio/api/audit?from=${today}&to=${today}`, { cookie: fresh })).json()).total).toBeGreaterThan(0);
      expect((await (await call(server, "GET", "/studio/api/audit?to=2000-01-01", { cookie: fresh })).json()).total).toBe(0);
      for (const bad of ["action=drop", "actor=%27%20OR%201=1", "from=2026-13-45", "page=-1", "page=abc"]) {
        expect((await call(server, "GET", `/studio/api/audit?${bad}`, { cookie: fresh })).status, bad).toBe(400);
      }
      // A wrong value is answered at its field, in Russian, for the page to show there.
      const fields: Array<[string, string, RegExp]> = [
        ["actor=%D0%90%D0%BD%D0%BD%D0%B0", "actor", /^Здесь нужен логин/],
        ["from=2026-11-20&to=2026-11-10", "to", /^Дата «по» раньше даты «с»$/],
        ["from=2026-13-45", "from", /^Укажите дату/],
      ];
      for (const [query, field, message] of fields) {
        const answer = (await (await call(server, "GET", `/studio/api/audit?${query}`, { cookie: fresh })).json()) as { errors?: Record<string, string> };
        expect(answer.errors?.[field], query).toMatch(message);
      }
    });
  });
});
