import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, nextIp } from "../support/forms-server.ts";
import { addUser, call, sessionCookieOf, signIn, startStudioServer, studioCli, type StudioServer } from "../support/studio.ts";
import { codeAt } from "../../server/studio/two-factor/codes.ts";
import type { AuditPage, RecoveryCodes, SessionInfo, TwoFactorInfo, TwoFactorSetup, UserList } from "#core/studio/api.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * Two-factor sign-in (TOTP) on both stores, codes computed for the test server's own clock,
 * which is moved on by a period instead of waiting for the next code: turned on only after a
 * right code, the secret sealed in the store; the second step of a sign-in, a wrong, replayed
 * or throttled code refused; recovery codes good once; the admins' requirement; turning it off
 * for someone on the users' screen and from the command line; the journal.
 */
const PASSWORDS = { olga: "Olga guards the studio 1", petr: "Petr is admin too 22", anna: "Anna edits articles 3" };
const PERIOD = 30_000;

/** The `name=value` of the second step's cookie a response set, or null. */
function stepCookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((line) => line.startsWith("studio_second_step="));
  const pair = header?.split(";")[0];
  return pair && pair !== "studio_second_step=" ? pair : null;
}

describe.each(BACKENDS)("two-factor sign-in on %s", (backend) => {
  let server: StudioServer;
  let olga = "";
  const secrets: Record<string, string> = {};
  const recovery: Record<string, string[]> = {};
  const api = (method: string, path: string, cookie: string | null, body?: unknown, ip?: string) => call(server, method, `/studio/api${path}`, { cookie, body, ip });
  const journal = async (action: string) => ((await (await api("GET", `/audit?action=${action}`, olga)).json()) as AuditPage).entries;
  /** The app's code now, by the server's clock, after moving it on a period (a code is taken once). */
  const nextCode = (login: string) => {
    server.clock.advance(PERIOD);
    return codeAt(secrets[login] as string, server.clock.now());
  };
  /** The password step: the second step's cookie (fails the test if a session came instead). */
  async function passwordStep(login: keyof typeof PASSWORDS, ip: string): Promise<string> {
    const res = await api("POST", "/session", null, { login, password: PASSWORDS[login] }, ip);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ secondStep: true });
    expect(sessionCookieOf(res)).toBeNull();
    const step = stepCookieOf(res);
    expect(step).not.toBeNull();
    return step as string;
  }
  async function turnOn(login: keyof typeof PASSWORDS, cookie: string): Promise<string[]> {
    const setup = await api("POST", "/profile/two-factor/setup", cookie, {});
    expect(setup.status).toBe(200);
    const { secret, qr, uri } = (await setup.json()) as TwoFactorSetup;
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(uri).toContain(`:${login}?`);
    secrets[login] = secret.replace(/ /g, "");
    const on = await api("POST", "/profile/two-factor", cookie, { code: nextCode(login) });
    expect(on.status).toBe(200);
    return ((await on.json()) as RecoveryCodes).recoveryCodes;
  }

  beforeAll(async () => {
    server = await startStudioServer(backend);
    await addUser(server, "olga", "admin", PASSWORDS.olga, "Ольга Админова");
    await addUser(server, "petr", "admin", PASSWORDS.petr, "Пётр Админов");
    await addUser(server, "anna", "editor", PASSWORDS.anna, "Анна Редакторова");
    olga = await signIn(server, "olga", PASSWORDS.olga);
  }, 240_000);
  afterAll(() => server?.dispose());

  it("turns on only after a right code of the new secret, which the store keeps sealed", async () => {
    const anna = await signIn(server, "anna", PASSWORDS.anna);
    const setup = (await (await api("POST", "/profile/two-factor/setup", anna, {})).json()) as TwoFactorSetup;
    const wrong = await api("POST", "/profile/two-factor", anna, { code: "000000" });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ code: "Код не\u00a0подходит. Введите шесть цифр, которые сейчас показывает приложение." });
    expect(((await (await api("GET", "/profile/two-factor", anna)).json()) as TwoFactorInfo).enabled).toBe(false);
    expect(setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    recovery.anna = await turnOn("anna", anna);
    expect(recovery.anna).toHaveLength(10);
    expect(new Set(recovery.anna).size).toBe(10);
    expect(await (await api("GET", "/profile/two-factor", anna)).json()).toEqual({ enabled: true, recoveryLeft: 10, adminsRequired: false, isAdmin: false });
    const [stored] = await server.db.query<{ secret: string; pending_secret: string | null }>(
      "SELECT t.secret, t.pending_secret FROM studio_two_factor t JOIN studio_users u ON u.id = t.user_id WHERE u.login = 'anna'",
    );
    // Sealed by the store's secret box (server/settings/secret-box.ts).
    expect(stored?.secret).toMatch(/^v1:/);
    expect(stored?.secret).not.toContain(secrets.anna);
    expect(stored?.pending_secret).toBeNull();
    const hashes = (await server.db.query<{ code_hash: string }>("SELECT code_hash FROM studio_recovery_codes")).map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of recovery.anna) expect(hashes.join(" ")).not.toContain(code.replace(/-/g, ""));
    expect((await journal("two-factor.enable")).map((e) => ({ actor: e.actorLogin, target: e.target }))).toEqual([{ actor: "anna", target: "anna" }]);
  });

  it("asks for the code after a right password, with no session until the code is right", async () => {
    const ip = nextIp();
    const step = await passwordStep("anna", ip);
    expect((await api("GET", "/session", step)).status).toBe(401);
    const empty = await api("POST", "/session", step, { code: "" }, ip);
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual({ code: "Введите код из\u00a0приложения или код восстановления" });
    const wrong = await api("POST", "/session", step, { code: "123456" }, ip);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ code: "Неверный код. Введите шесть цифр, которые сейчас показывает приложение, или код восстановления." });
    expect(sessionCookieOf(wrong)).toBeNull();
    const code = nextCode("anna");
    const right = await api("POST", "/session", step, { code }, ip);
    expect(right.status).toBe(200);
    const session = sessionCookieOf(right);
    expect(session).not.toBeNull();
    expect(((await (await api("GET", "/session", session)).json()) as SessionInfo).user.login).toBe("anna");
    // The second step is over: its cookie is cleared and signs in no one again.
    expect(stepCookieOf(right)).toBeNull();
    const again = await api("POST", "/session", step, { code }, ip);
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBe("Время на\u00a0ввод кода истекло. Войдите заново: логин и\u00a0пароль.");
    const signIns = (await journal("session.sign-in")).filter((e) => e.target === "anna" && e.details.secondFactor);
    expect(signIns.map((e) => e.details.secondFactor)).toEqual(["totp"]);
    expect((await journal("session.sign-in-failed")).filter((e) => e.target === "anna").map((e) => e.details.reason)).toEqual(["wrong-code"]);
  });

  it("refuses a code already taken within its window", async () => {
    const ip = nextIp();
    const code = nextCode("anna");
    expect((await api("POST", "/session", await passwordStep("anna", ip), { code }, ip)).status).toBe(200);
    const replayed = await api("POST", "/session", await passwordStep("anna", ip), { code }, ip);
    expect(replayed.status).toBe(422);
    expect((await replayed.json()).errors).toEqual({ code: "Этот код уже использован. Дождитесь следующего кода в\u00a0приложении." });
  });

  it("throttles wrong codes like wrong passwords: after five, even the right code waits", async () => {
    const ip = nextIp();
    const step = await passwordStep("anna", ip);
    for (let i = 0; i < 5; i++) expect((await api("POST", "/session", step, { code: String(100000 + i) }, ip)).status).toBe(422);
    const throttled = await api("POST", "/session", step, { code: nextCode("anna") }, ip);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await throttled.json()).message).toMatch(/^Слишком много неудачных попыток входа/);
    // A right password again does not wipe the wrong codes out.
    const fresh = await passwordStep("anna", ip);
    expect((await api("POST", "/session", fresh, { code: nextCode("anna") }, ip)).status).toBe(429);
    // Another address is not held up.
    const elsewhere = nextIp();
    expect((await api("POST", "/session", await passwordStep("anna", elsewhere), { code: nextCode("anna") }, elsewhere)).status).toBe(200);
  });

  it("takes a recovery code once, in any case and with or without dashes", async () => {
    const ip = nextIp();
    const code = recovery.anna?.[0] as string;
    const first = await api("POST", "/session", await passwordStep("anna", ip), { code: code.toUpperCase().replace(/-/g, " ") }, ip);
    expect(first.status).toBe(200);
    const session = sessionCookieOf(first);
    expect(((await (await api("GET", "/profile/two-factor", session)).json()) as TwoFactorInfo).recoveryLeft).toBe(9);
    const second = await api("POST", "/session", await passwordStep("anna", ip), { code }, ip);
    expect(second.status).toBe(422);
    const signIns = (await journal("session.sign-in")).filter((e) => e.target === "anna" && e.details.secondFactor === "recovery");
    expect(signIns).toHaveLength(1);
  });

  it("makes new recovery codes with the password, and turns off with a code", async () => {
    const ip = nextIp();
    const anna = sessionCookieOf(await api("POST", "/session", await passwordStep("anna", ip), { code: nextCode("anna") }, ip)) as string;
    const refused = await api("POST", "/profile/two-factor/recovery-codes", anna, { password: "Not her password 99" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ password: "Текущий пароль не\u00a0подходит" });
    const fresh = ((await (await api("POST", "/profile/two-factor/recovery-codes", anna, { password: PASSWORDS.anna })).json()) as RecoveryCodes).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await api("POST", "/session", await passwordStep("anna", ip), { code: recovery.anna?.[1] }, ip);
    expect(old.status).toBe(422);
    const off = await api("DELETE", "/profile/two-factor", anna, { code: nextCode("anna") });
    expect(off.status).toBe(204);
    expect(sessionCookieOf(await api("POST", "/session", null, { login: "anna", password: PASSWORDS.anna }, ip))).not.toBeNull();
    expect((await journal("two-factor.recovery-codes")).map((e) => e.target)).toEqual(["anna"]);
    expect((await journal("two-factor.disable")).map((e) => ({ actor: e.actorLogin, target: e.target }))).toEqual([{ actor: "anna", target: "anna" }]);
  });

  it("requires it of admins once switched on: set up first, nothing else till then, never turned off by themselves", async () => {
    expect((await api("PUT", "/users/two-factor-required", olga, { required: true })).status).toBe(200);
    // Olga has none yet either: her very next request sends her to set it up.
    const gated = await api("GET", "/users", olga);
    expect(gated.status).toBe(403);
    expect((await gated.json()).errors).toEqual({ secondFactor: asBuilt("Сначала включите второй фактор входа: администраторам студии он обязателен") });
    const petrRes = await api("POST", "/session", null, { login: "petr", password: PASSWORDS.petr });
    const petr = sessionCookieOf(petrRes) as string;
    expect(((await petrRes.json()) as SessionInfo).mustSetUpSecondFactor).toBe(true);
    for (const path of ["/users", "/audit", "/content"]) expect((await api("GET", path, petr)).status).toBe(403);
    expect((await api("GET", "/profile/email", petr)).status).toBe(200);
    expect(((await (await api("GET", "/profile/two-factor", petr)).json()) as TwoFactorInfo).adminsRequired).toBe(true);
    recovery.petr = await turnOn("petr", petr);
    expect((await api("GET", "/users", petr)).status).toBe(200);
    expect(((await (await api("GET", "/session", petr)).json()) as SessionInfo).mustSetUpSecondFactor).toBeUndefined();
    const keep = await api("DELETE", "/profile/two-factor", petr, { password: PASSWORDS.petr });
    expect(keep.status).toBe(409);
    expect((await keep.json()).message).toBe(asBuilt("Администратор не\u00a0может отключить второй фактор, пока он обязателен для\u00a0администраторов"));
    // An editor is not asked.
    const anna = await signIn(server, "anna", PASSWORDS.anna);
    expect((await api("GET", "/content", anna)).status).toBe(200);
    olga = petr;
    expect((await journal("two-factor.required")).map((e) => ({ actor: e.actorLogin, details: e.details }))).toEqual([{ actor: "olga", details: { required: true } }]);
  });

  it("lets an admin turn someone's second factor off on the users' screen and from the command line, journaled", async () => {
    const list = (await (await api("GET", "/users", olga)).json()) as UserList;
    expect(list.twoFactor).toEqual(["petr"]);
    expect(list.adminsTwoFactor).toBe(true);
    // Petr (signed in as `olga` here) cannot turn his own off there either, and Anna has none.
    expect((await api("DELETE", "/users/petr/two-factor", olga)).status).toBe(409);
    expect((await api("DELETE", "/users/anna/two-factor", olga)).status).toBe(409);
    const cli = await studioCli(server, ["user", "two-factor-off", "petr"]);
    expect(cli.code).toBe(0);
    expect(cli.out).toContain("Второй фактор пользователя petr отключён");
    const ip = nextIp();
    const olgaRes = await api("POST", "/session", null, { login: "olga", password: PASSWORDS.olga }, ip);
    const olgaSession = sessionCookieOf(olgaRes) as string;
    await turnOn("olga", olgaSession);
    recovery.petr = await turnOn("petr", sessionCookieOf(await api("POST", "/session", null, { login: "petr", password: PASSWORDS.petr }, ip)) as string);
    expect((await api("DELETE", "/users/petr/two-factor", olgaSession)).status).toBe(204);
    olga = olgaSession;
    expect((await journal("two-factor.reset")).map((e) => ({ actor: e.actorLogin, target: e.target, via: e.details.via }))).toEqual([
      { actor: "olga", target: "petr", via: undefined },
      { actor: null, target: "petr", via: "console" },
    ]);
  });
});
