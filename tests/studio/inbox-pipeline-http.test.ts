import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submission } from "../support/inbox.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * The pipeline's API on the embedded store with mail configured: a user's e-mail for letters,
 * the letter an owner gets on assignment (through the outbox, to a local SMTP sink), and each
 * refusal at its field; who may set stages, and whose stage names each role is shown.
 */
const PASSWORD = "Pipeline over HTTP 2026";
let server: StudioServer;
let mail: SmtpSink;
const cookies: Record<string, string> = {};
const request = submission({ form: "project", name: "Карина Заказчикова" });

beforeAll(async () => {
  mail = await startSmtpSink();
  server = await startStudioServer("sqlite", {}, { smtpUrl: mail.url });
  for (const [login, role] of [["sales.olga", "sales"], ["hr.ivan", "hr"], ["admin.ada", "admin"], ["editor.ed", "editor"]] as const) {
    await addUser(server, login, role, PASSWORD, { "sales.olga": "Ольга Продажина", "hr.ivan": "Иван Кадров", "admin.ada": "Ада Админова", "editor.ed": "Эдик Редакторов" }[login]);
    cookies[login] = await signIn(server, login, PASSWORD);
  }
  await server.store.insertSubmission(request);
});
afterAll(async () => {
  await server?.dispose();
  await mail?.close();
});

const api = (login: string, method: string, path: string, body?: unknown) => call(server, method, `/studio/api${path}`, { cookie: cookies[login], body });

describe("the inbox's pipeline over HTTP", () => {
  it("keeps a user's e-mail for letters, refusing a malformed one at its field", async () => {
    const bad = await api("sales.olga", "PUT", "/profile/email", { email: "olga-at-agency" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ email: expect.stringContaining("«@»") });
    expect((await api("sales.olga", "PUT", "/profile/email", { email: "olga@agency.example" })).status).toBe(200);
    expect(await (await api("sales.olga", "GET", "/profile/email")).json()).toEqual({ email: "olga@agency.example" });
  });

  it("sends the new owner a letter through the outbox; refuses an owner who does not work on the kind", async () => {
    const [{ id: hr } = { id: 0 }] = await server.db.query<{ id: number }>("SELECT id FROM studio_users WHERE login = 'hr.ivan'");
    const refused = await api("admin.ada", "PUT", `/inbox/${request.id}/owner`, { owner: String(hr) });
    expect(refused.status).toBe(422);
    expect(Object.keys((await refused.json()).errors)).toEqual(["owner"]);
    const [{ id: olga } = { id: 0 }] = await server.db.query<{ id: number }>("SELECT id FROM studio_users WHERE login = 'sales.olga'");
    expect((await api("admin.ada", "PUT", `/inbox/${request.id}/owner`, { owner: String(olga) })).status).toBe(200);
    const [letter] = await mail.waitFor((m) => m.to.includes("olga@agency.example"));
    const [{ number } = { number: 0 }] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [request.id]);
    expect(letter?.subject).toBe(`Вы\u00a0ответственный: Заявка №\u00a0${number} от\u00a0Карина Заказчикова`);
    expect(letter?.text).toContain(`/studio/inbox/${request.id}/`);
    expect(letter?.text).toContain("admin.ada");
    const detail = await (await api("sales.olga", "GET", `/inbox/${request.id}`)).json();
    expect(detail).toMatchObject({ number, ownerName: "Ольга Продажина" });
    expect(detail.deliveries).toContainEqual(expect.objectContaining({ channel: "assign" }));
  });

  it("refuses at their fields an empty comment, a bulk change of nothing, and a stage the kind does not have", async () => {
    const comment = await api("sales.olga", "POST", `/inbox/${request.id}/comments`, { body: "   " });
    expect(comment.status).toBe(422);
    expect(Object.keys((await comment.json()).errors)).toEqual(["body"]);
    const none = await api("sales.olga", "POST", "/inbox/bulk", { ids: [], stage: "proposal" });
    expect(Object.keys((await none.json()).errors)).toEqual(["ids"]);
    const nothing = await api("sales.olga", "POST", "/inbox/bulk", { ids: [request.id] });
    expect(Object.keys((await nothing.json()).errors)).toEqual(["stage"]);
    const stage = await api("sales.olga", "PUT", `/inbox/${request.id}/status`, { status: "interview" });
    expect(stage.status).toBe(422);
    expect(Object.keys((await stage.json()).errors)).toEqual(["status"]);
    expect((await api("sales.olga", "POST", `/inbox/${request.id}/comments`, { body: "Созвонились" })).status).toBe(201);
  });

  it("lets only admins set stages, and only inbox roles see the overview", async () => {
    const stages = [{ key: "new", label: "Новая", closed: false }];
    expect((await api("sales.olga", "PUT", "/inbox/stages/project", { stages })).status).toBe(403);
    expect((await api("editor.ed", "GET", "/inbox/overview")).status).toBe(403);
    expect((await api("hr.ivan", "GET", "/inbox/overview")).status).toBe(200);
    expect((await api("admin.ada", "PUT", `/inbox/${request.id}/status`, { status: "qualification" })).status).toBe(200);
    const inUse = await api("admin.ada", "PUT", "/inbox/stages/project", { stages });
    expect(inUse.status, "a stage a request is in cannot be dropped").toBe(422);
    expect((await inUse.json()).errors).toEqual({ stages: expect.stringContaining("есть заявки") });
  });

  it("names to each role only the stages of the kinds it may read", async () => {
    const kindsIn = async (login: string, path: string) => Object.keys((await (await api(login, "GET", path)).json()).stages ?? {}).sort();
    const stageKinds = async (login: string) => Object.keys(await (await api(login, "GET", "/inbox/stages")).json()).sort();
    expect(await stageKinds("sales.olga")).toEqual(["event", "project", "subscribe"]);
    expect(await stageKinds("hr.ivan")).toEqual(["job"]);
    expect(await stageKinds("admin.ada")).toEqual(["event", "job", "project", "subscribe"]);
    expect(await kindsIn("sales.olga", "/inbox")).toEqual(["event", "project", "subscribe"]);
    expect(await kindsIn("hr.ivan", "/inbox")).toEqual(["job"]);
    expect((await api("editor.ed", "GET", "/inbox/stages")).status).toBe(403);
  });

  it("asks a loss for a reason of the kind's list at its field, bounds the note, and keeps roles to their kinds' funnels and reasons", async () => {
    const lost = submission({ form: "project", name: "Отказная Заявка" });
    await server.store.insertSubmission(lost);
    const put = (body: unknown) => api("sales.olga", "PUT", `/inbox/${lost.id}/status`, body);
    const fields = async (res: Response) => Object.keys((await res.json()).errors ?? {});
    const bare = await put({ status: "rejected" });
    expect(bare.status).toBe(422);
    expect(await fields(bare)).toEqual(["reason"]);
    expect(await fields(await put({ status: "rejected", reason: "Кандидат отказался" }))).toEqual(["reason"]);
    const long = await put({ status: "rejected", reason: "Дорого", note: "д".repeat(501) });
    expect(long.status).toBe(422);
    expect(await fields(long)).toEqual(["note"]);
    expect((await put({ status: "rejected", reason: "x".repeat(5_000) })).status, "past any bound: malformed").toBe(400);
    expect((await put({ status: "rejected", reason: "Дорого", note: "Бюджет меньше" })).status).toBe(200);
    expect((await (await api("sales.olga", "GET", `/inbox/${lost.id}`)).json()).loss).toEqual({ reason: "Дорого", note: "Бюджет меньше" });
    const bulk = await api("sales.olga", "POST", "/inbox/bulk", { ids: [request.id], stage: "spam" });
    expect(await fields(bulk)).toEqual(["reason"]);

    const funnel = await (await api("sales.olga", "GET", "/inbox/funnel")).json();
    expect(funnel.kinds.map((k: { kind: string }) => k.kind)).toEqual(["project", "subscribe", "event"]);
    expect(funnel.kinds[0].reasons).toEqual([{ reason: "Дорого", count: 1 }]);
    expect((await (await api("hr.ivan", "GET", "/inbox/funnel")).json()).kinds.map((k: { kind: string }) => k.kind)).toEqual(["job"]);
    const wrong = await api("sales.olga", "GET", "/inbox/funnel?since=2026-13-01");
    expect(wrong.status).toBe(400);
    expect(await fields(wrong)).toEqual(["since"]);
    expect((await api("editor.ed", "GET", "/inbox/funnel")).status).toBe(403);
    expect(Object.keys(await (await api("hr.ivan", "GET", "/inbox/loss-reasons")).json())).toEqual(["job"]);

    const reasons = await api("admin.ada", "PUT", "/inbox/stages/subscribe", {
      stages: [
        { key: "new", label: "Новая", outcome: "open" },
        { key: "in-progress", label: "В работе", outcome: "open" },
        { key: "done", label: "Обработана", outcome: "won" },
        { key: "spam", label: "Спам", outcome: "lost" },
      ],
      reasons: ["Спам", ""],
    });
    expect(reasons.status).toBe(422);
    expect(await fields(reasons)).toEqual(["reasons.1"]);
  });
});
