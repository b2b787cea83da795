import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonalDataReport } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import { API_ROUTES } from "../../server/studio/api/index.ts";
import { MESSAGES } from "../../server/studio/http.ts";
import { asBuilt } from "../support/typography.ts";
import type { ApiRoute } from "../../server/studio/router.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * HR answers a candidate's request about their data, on both stores: finds their applications
 * by e-mail, copies them, erases the one ticked; never sees, copies or erases a project request
 * or a subscription, even one of the same e-mail (every inbox and personal-data endpoint that
 * would touch one answers 403, walked from the route table); an admin still sees everything.
 */
const PASSWORDS = { admin: "Admin of requests 2026", hr: "People team passphrase", sales: "Sales team passphrase" };
const EMAIL = "kandidat@people.example";

describe.each(BACKENDS)("HR and personal data on %s", (backend) => {
  let server: StudioServer;
  const cookies = { admin: "", hr: "", sales: "" };
  const now = Date.now();
  // One e-mail, a candidate twice and a client once (and their newsletter): HR may touch the first two only.
  const first = submission({ form: "job", createdAt: now - 5_000, name: "Вера Кандидатова", email: EMAIL, message: "Первый отклик" });
  const second = submission({ form: "job", createdAt: now - 4_000, name: "Вера Кандидатова", email: EMAIL, message: "Второй отклик" });
  const request = submission({ form: "project", createdAt: now - 3_000, name: "Вера Кандидатова", email: EMAIL, company: "Ромашка", message: "Нужен сайт" });
  const subscriber = submission({ form: "subscribe", createdAt: now - 2_000, email: EMAIL });

  beforeAll(async () => {
    server = await startStudioServer(backend);
    for (const role of ["admin", "hr", "sales"] as const) await addUser(server, `${role}.pd`, role, PASSWORDS[role]);
    for (const role of ["admin", "hr", "sales"] as const) cookies[role] = await signIn(server, `${role}.pd`, PASSWORDS[role]);
    await server.store.insertSubmissions([first, second, request, subscriber]);
    await server.db.query("INSERT INTO subscriptions (email, status, submission_id, requested_at, confirmed_at) VALUES ($1, 'active', $2, $3, $3)", [EMAIL, subscriber.id, now - 2_000]);
  }, 240_000);
  afterAll(() => server?.dispose());

  const ask = (role: keyof typeof cookies, path: string, body: unknown) => call(server, "POST", `/studio/api/personal-data/${path}`, { cookie: cookies[role], body });

  it("shows HR the candidate's applications only: not the request or the subscription of the same e-mail", async () => {
    const report = (await (await ask("hr", "search", { email: EMAIL })).json()) as PersonalDataReport;
    expect(report.submissions.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(report.subscriptions).toEqual([]);
    const copy = await ask("hr", "copy", { email: EMAIL });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toMatch(/^application\/json/);
    expect(copy.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'self'/);
    const held = (await copy.json()) as PersonalDataCopy;
    expect(held.submissions.map((s) => [s.id, s.kind, s.stage])).toEqual([
      [first.id, "job", "Новый"],
      [second.id, "job", "Новый"],
    ]);
    expect(held).toMatchObject({ agency: "Ориентир", subscriptions: [] });
    expect(JSON.stringify(held)).not.toContain("Ромашка");
  });

  it("lets HR erase one of the two applications, confirmed by the e-mail; the other, the request and the subscription stay", async () => {
    const refused = await ask("hr", "delete", { email: EMAIL, submissions: [first.id], subscriptions: false, confirm: "someone@else.example" });
    expect(refused.status).toBe(422);
    const res = await ask("hr", "delete", { email: EMAIL, submissions: [first.id], subscriptions: false, confirm: EMAIL.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ submissions: 1, subscriptions: 0 });
    expect(await server.store.submission(first.id)).toBeNull();
    for (const kept of [second, request, subscriber]) expect(await server.store.submission(kept.id), kept.form).not.toBeNull();
    expect(await server.db.query("SELECT 1 AS x FROM subscriptions WHERE email = $1", [EMAIL])).toHaveLength(1);
    const [entry] = await server.db.query<{ actor_login: string; details: string }>("SELECT actor_login, details FROM studio_audit WHERE action = 'personal-data.delete'");
    expect(entry?.actor_login).toBe("hr.pd");
    expect(JSON.parse(entry?.details ?? "{}")).toMatchObject({ by: "email", submissions: 1, ids: [first.id] });
    expect(entry?.details).not.toContain("kandidat");
  });

  it("answers HR 403 on every inbox and personal-data endpoint that would touch a request or a subscription", async () => {
    const routes = API_ROUTES.filter((route) => /^\/(inbox|personal-data)(\/|$)/.test(route.path));
    const failures: string[] = [];
    let walked = 0;
    async function expect403(route: ApiRoute, path: string, body?: unknown) {
      walked++;
      const res = await call(server, route.method, `/studio/api${path}`, { cookie: cookies.hr, body: route.method === "GET" ? undefined : (body ?? {}) });
      const text = await res.text();
      if (res.status !== 403 || text !== JSON.stringify({ ok: false, message: asBuilt(MESSAGES.forbidden) })) failures.push(`${route.method} ${path}: ${res.status} ${text.slice(0, 100)}`);
    }
    for (const route of routes) {
      if (route.path.includes(":id")) {
        for (const other of [request, subscriber]) await expect403(route, route.path.replace(":id", other.id).replace(":delivery", "1"), { status: "new", owner: "", body: "Заметка" });
      } else if (route.path.includes(":kind")) {
        for (const kind of ["project", "subscribe", "event"]) await expect403(route, route.path.replace(":kind", kind), { stages: [{ label: "Новая" }] });
      } else if (route.method === "GET") {
        for (const kind of ["project", "subscribe", "event"]) await expect403(route, `${route.path}?kind=${kind}`);
      } else if (route.path === "/personal-data/search") {
        // Shared, and asked by e-mail only: what it answers is limited to applications.
        walked++;
        const report = (await (await ask("hr", "search", { email: EMAIL })).json()) as PersonalDataReport;
        if (report.submissions.some((s) => s.kind !== "job") || report.subscriptions.length > 0) failures.push(`search showed HR ${JSON.stringify(report).slice(0, 100)}`);
      } else if (route.path === "/inbox/bulk") {
        await expect403(route, route.path, { ids: [second.id, request.id], stage: "new" });
      } else {
        for (const body of [{ submissions: [request.id] }, { submissions: [second.id, subscriber.id] }, { submissions: [second.id], subscriptions: true }]) {
          await expect403(route, route.path, { email: EMAIL, confirm: EMAIL, ...body });
        }
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(routes.length);
    // Nothing of theirs changed on the way.
    expect((await server.store.submission(request.id))?.data).toMatchObject({ company: "Ромашка" });
    expect(await server.store.submission(second.id)).not.toBeNull();
  });

  it("limits what HR shares with others to applications: the list, the export, the stages, the overview", async () => {
    const get = (path: string) => call(server, "GET", `/studio/api${path}`, { cookie: cookies.hr });
    const list = (await (await get("/inbox")).json()) as { items: Array<{ id: string }>; kinds: string[] };
    expect(list.items.map((item) => item.id)).toEqual([second.id]);
    expect(list.kinds).toEqual(["job"]);
    const exported = await (await get("/inbox/export")).text();
    expect(exported).toContain("Второй отклик");
    expect(exported).not.toContain("Ромашка");
    expect(Object.keys((await (await get("/inbox/stages")).json()) as object)).toEqual(["job"]);
    expect(JSON.stringify(await (await get("/inbox/overview")).json())).not.toMatch(/project|subscribe/);
    expect((await get("/personal-data/retention")).status).toBe(403);
  });

  it("still shows an admin everything the e-mail holds, and refuses sales the requests of people", async () => {
    const report = (await (await ask("admin", "search", { email: EMAIL })).json()) as PersonalDataReport;
    expect(report.submissions.map((s) => s.kind).sort()).toEqual(["job", "project", "subscribe"]);
    expect(report.subscriptions).toHaveLength(1);
    expect((await call(server, "GET", "/studio/api/personal-data/retention", { cookie: cookies.admin })).status).toBe(200);
    expect((await ask("sales", "search", { email: EMAIL })).status).toBe(403);
  });
});
