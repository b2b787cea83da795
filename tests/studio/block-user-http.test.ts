import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";
import type { AuditPage, UserList } from "#core/studio/api.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * Blocking a studio user, on both stores: their session ends within a request, their sign-in is
 * refused, their requests go to the person the admin chose in the same change (never unowned),
 * the journal says who did what; deleting someone who owns requests asks the same choice.
 */
const PASSWORDS = { olga: "Olga blocks people 1", petr: "Petr is admin too 2", anna: "Anna sells projects 3", boris: "Boris sells too 44", hanna: "Hanna hires people 5" };

describe.each(BACKENDS)("blocking a user on %s", (backend) => {
  let server: StudioServer;
  let olga = "";
  const mine = [submission({ form: "project", name: "Первый Клиент" }), submission({ form: "project", name: "Второй Клиент" })];
  const api = (method: string, path: string, cookie: string, body?: unknown) => call(server, method, `/studio/api${path}`, { cookie, body });
  const ownerLogins = async () =>
    server.db.query<{ login: string | null }>("SELECT u.login FROM submissions s LEFT JOIN studio_users u ON u.id = s.owner_id WHERE s.id IN ($1, $2) ORDER BY s.id", mine.map((s) => s.id));
  const idOf = async (login: string) => String((await server.db.query<{ id: number }>("SELECT id FROM studio_users WHERE login = $1", [login]))[0]?.id);
  const journal = async (action: string) => ((await (await api("GET", `/audit?action=${action}`, olga)).json()) as AuditPage).entries;

  beforeAll(async () => {
    server = await startStudioServer(backend);
    await addUser(server, "olga", "admin", PASSWORDS.olga, "Ольга Админова");
    await addUser(server, "petr", "admin", PASSWORDS.petr, "Пётр Админов");
    await addUser(server, "anna", "sales", PASSWORDS.anna, "Анна Продажина");
    await addUser(server, "boris", "sales", PASSWORDS.boris, "Борис Продажин");
    await addUser(server, "hanna", "hr", PASSWORDS.hanna, "Ханна Кадрова");
    await server.store.insertSubmissions(mine);
    olga = await signIn(server, "olga", PASSWORDS.olga);
    const anna = await signIn(server, "anna", PASSWORDS.anna);
    const annaId = await idOf("anna");
    for (const { id } of mine) expect((await api("PUT", `/inbox/${id}/owner`, anna, { owner: annaId })).status).toBe(200);
    expect((await api("POST", `/inbox/${mine[0]?.id}/comments`, anna, { body: "Позвонила, ждут смету" })).status).toBe(201);
  });
  afterAll(() => server?.dispose());

  it("refuses to block oneself, and to leave requests without an owner", async () => {
    const self = await api("PUT", "/users/olga/block", olga, {});
    expect(self.status).toBe(409);
    expect((await self.json()).message).toBe("Нельзя заблокировать самого себя");
    const nobody = await api("PUT", "/users/anna/block", olga, {});
    expect(nobody.status).toBe(422);
    expect((await nobody.json()).errors).toEqual({ owner: "Выберите, кому передать заявки этого пользователя" });
    // HR does not work on project requests.
    const hr = await api("PUT", "/users/anna/block", olga, { owner: "hanna" });
    expect(hr.status).toBe(422);
    expect((await hr.json()).errors).toEqual({ owner: "Этому пользователю нельзя передать эти заявки: выберите другого" });
    expect(await ownerLogins()).toEqual([{ login: "anna" }, { login: "anna" }]);
    expect((await server.db.query("SELECT blocked_at FROM studio_users WHERE login = 'anna'"))[0]).toEqual({ blocked_at: null });
  });

  it("ends the session within a request, refuses sign-in and hands the requests over in the same change", async () => {
    const anna = await signIn(server, "anna", PASSWORDS.anna);
    expect((await api("GET", "/session", anna)).status).toBe(200);
    const blocked = await api("PUT", "/users/anna/block", olga, { owner: "boris" });
    expect(blocked.status).toBe(200);
    expect((await blocked.json()).blockedAt).toEqual(expect.any(Number));
    const after = await api("GET", "/session", anna);
    expect(after.status).toBe(401);
    expect((await after.json()).message).toBe(asBuilt("Вы не вошли в студию или сессия закончилась. Войдите снова."));
    expect((await api("GET", "/inbox", anna)).status).toBe(401);
    const refused = await call(server, "POST", "/studio/api/session", { body: { login: "anna", password: PASSWORDS.anna } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Учётная запись заблокирована. Обратитесь к\u00a0администратору.");
    // A wrong password learns nothing about the account.
    expect((await call(server, "POST", "/studio/api/session", { body: { login: "anna", password: "Not her password 99" } })).status).toBe(401);
    expect(await ownerLogins()).toEqual([{ login: "boris" }, { login: "boris" }]);
  });

  it("shows the block in the list, offers the blocked user as nobody's owner, keeps their name on comments", async () => {
    const list = (await (await api("GET", "/users", olga)).json()) as UserList;
    expect(list.users.find((u) => u.login === "anna")?.blockedAt).toEqual(expect.any(Number));
    expect(list.users.find((u) => u.login === "boris")?.blockedAt).toBeNull();
    expect(list.owners.map((o) => o.login).sort()).toEqual(["boris", "hanna", "olga", "petr"]);
    expect(list.owned).toEqual({ boris: 2 });
    const detail = (await (await api("GET", `/inbox/${mine[0]?.id}`, olga)).json()) as { owners: Array<{ login: string }>; ownerName: string; comments: Array<{ authorName: string }> };
    expect(detail.owners.map((o) => o.login)).not.toContain("anna");
    expect(detail.owners.map((o) => o.login)).toContain("boris");
    expect(detail.ownerName).toBe("Борис Продажин");
    expect(detail.comments.map((c) => c.authorName)).toEqual(["Анна Продажина"]);
    const annaId = await idOf("anna");
    expect((await api("PUT", `/inbox/${mine[0]?.id}/owner`, olga, { owner: annaId })).status).toBe(422);
  });

  it("writes the block, the hand-over and each request's new owner to the journal, with who did it", async () => {
    expect((await journal("user.block")).map((e) => ({ actor: e.actorLogin, target: e.target, to: e.details.requestsTo, ended: e.details.sessionsEnded }))).toEqual([
      { actor: "olga", target: "anna", to: "boris", ended: 2 },
    ]);
    expect((await journal("user.reassign")).map((e) => ({ actor: e.actorLogin, target: e.target, details: e.details }))).toEqual([
      { actor: "olga", target: "anna", details: { to: "boris", count: 2 } },
    ]);
    const owners = (await journal("inbox.owner")).filter((e) => e.actorLogin === "olga");
    expect(owners.map((e) => e.target).sort()).toEqual(mine.map((s) => s.id).sort());
    // Anna's own entries keep her login.
    expect((await journal("inbox.comment")).map((e) => e.actorLogin)).toEqual(["anna"]);
  });

  it("does not count a blocked admin: the last active one cannot be demoted; unblocking lets them in again", async () => {
    const petr = await signIn(server, "petr", PASSWORDS.petr);
    expect((await api("PUT", "/users/olga/block", petr, {})).status).toBe(200);
    expect((await api("GET", "/users", olga)).status).toBe(401);
    const demote = await api("PATCH", "/users/petr", petr, { role: "editor" });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe("Это последний администратор: сначала назначьте администратором кого-то ещё");
    expect((await api("DELETE", "/users/olga/block", petr)).status).toBe(200);
    olga = await signIn(server, "olga", PASSWORDS.olga);
    expect((await journal("user.unblock")).map((e) => ({ actor: e.actorLogin, target: e.target }))).toEqual([{ actor: "petr", target: "olga" }]);
  });

  it("unblocks: the user signs in again; deleting someone who owns requests asks whom they go to", async () => {
    expect((await api("DELETE", "/users/anna/block", olga)).status).toBe(200);
    await signIn(server, "anna", PASSWORDS.anna);
    const silent = await api("DELETE", "/users/boris", olga);
    expect(silent.status).toBe(422);
    expect((await silent.json()).errors).toEqual({ owner: "Выберите, кому передать заявки этого пользователя" });
    expect(await ownerLogins()).toEqual([{ login: "boris" }, { login: "boris" }]);
    expect((await api("DELETE", "/users/boris", olga, { owner: "anna" })).status).toBe(204);
    expect(await ownerLogins()).toEqual([{ login: "anna" }, { login: "anna" }]);
    expect((await journal("user.reassign")).map((e) => ({ actor: e.actorLogin, target: e.target, details: e.details }))).toContainEqual({
      actor: "olga",
      target: "boris",
      details: { to: "anna", count: 2 },
    });
  });
});
