import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Db } from "../../server/leads/db.ts";
import { openPostgres } from "../../server/leads/db-postgres.ts";
import { openSqlite } from "../../server/leads/db-sqlite.ts";
import { migrate } from "../../server/leads/migrations.ts";
import { createOutboxStore } from "../../server/leads/outbox-store.ts";
import { createStore } from "../../server/leads/store.ts";
import { createAuditLog } from "../../server/studio/audit.ts";
import { parseFilter } from "../../server/studio/inbox/filter.ts";
import { inboxOverview, weekStart } from "../../server/studio/inbox/overview.ts";
import { createInboxStore } from "../../server/studio/inbox/store.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { createDatabase } from "../support/postgres.ts";

/**
 * The inbox as a pipeline on both stores: numbers per kind (and migration 5 numbering and
 * re-staging what was there), owners, comments, stages per kind and their settings, bulk
 * changes, the list's orders, and the overview at a moment given, never waited for.
 */
const ALL: FormKind[] = ["project", "job", "subscribe"];
const HOUR = 3_600_000;

describe.each(BACKENDS)("the inbox's pipeline on %s", (backend) => {
  let db: Db;
  let cleanup = async () => {};
  const users: Record<string, number> = {};
  const open = async () => {
    if (backend === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "inbox-pipeline-"));
      return { db: openSqlite(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
    }
    const database = await createDatabase(inject("postgresAdminUrl"), "pipeline");
    return { db: openPostgres(database.url), drop: database.drop };
  };
  const addUser = async (target: Db, login: string, name: string, role: string, email: string | null = null) => {
    const [row] = await target.query<{ id: number }>(
      "INSERT INTO studio_users (login, name, role, password_hash, created_at, updated_at, email) VALUES ($1, $2, $3, 'x', 0, 0, $4) RETURNING id",
      [login, name, role, email],
    );
    return Number(row?.id);
  };

  let queued = 0;
  beforeAll(async () => {
    const opened = await open();
    db = opened.db;
    cleanup = opened.drop;
    await migrate(db);
    users.olga = await addUser(db, "sales.olga", "Ольга Продажина", "sales", "olga@agency.example");
    users.boris = await addUser(db, "sales.boris", "Борис Аккаунтов", "sales");
    users.hr = await addUser(db, "hr.ivan", "Иван Кадров", "hr");
    users.editor = await addUser(db, "editor.ed", "Эдик Редакторов", "editor");
    users.admin = await addUser(db, "admin.ada", "Ада Админова", "admin");
  });
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  const stores = () => {
    const audit = createAuditLog(db);
    return { leads: createStore(db), inbox: createInboxStore(db, audit, () => queued++), audit };
  };
  const by = (login = "admin.ada") => ({ actor: { id: users[login.split(".")[1] as string] ?? users.admin ?? 0, login }, ip: "192.0.2.5" });
  const list = async (query: Record<string, string>, kinds: FormKind[] = ALL, me = users.olga) =>
    (await stores().inbox.list(parseFilter(new URLSearchParams(query), kinds, me), 1)).items;

  it("migration 5 numbers what was stored per kind in the order it came, and moves the old statuses to the kinds' stages", async () => {
    const opened = await open();
    try {
      await migrate(opened.db, Date.now(), 4);
      const at = Date.parse("2030-01-10T10:00:00Z");
      const rows = [
        { s: submission({ form: "project", createdAt: at + 2_000 }), status: "done" },
        { s: submission({ form: "project", createdAt: at }), status: "in-progress" },
        { s: submission({ form: "job", createdAt: at + 1_000 }), status: "done" },
        { s: submission({ form: "subscribe", createdAt: at + 3_000 }), status: "in-progress" },
        { s: submission({ form: "project", createdAt: at + 4_000 }), status: "spam" },
      ];
      for (const { s, status } of rows) {
        await opened.db.query("INSERT INTO submissions (id, form, created_at, data, page, utm, ip, consent, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
          s.id, s.form, s.createdAt, JSON.stringify(s.data), s.page, "{}", s.ip, JSON.stringify(s.consent), status,
        ]);
      }
      const [first] = rows;
      await opened.db.query("INSERT INTO submission_status_history (submission_id, at, actor_login, from_status, to_status) VALUES ($1, $2, 'sales.olga', 'in-progress', 'done')", [first?.s.id as string, at + 9_000]);
      expect(await migrate(opened.db, Date.now(), 5)).toEqual([5]);
      const got = await opened.db.query<{ id: string; number: number; status: string; touched_at: number }>("SELECT id, number, status, touched_at FROM submissions");
      const of = (i: number) => got.find((row) => row.id === rows[i]?.s.id);
      expect([0, 1, 2, 3, 4].map((i) => [Number(of(i)?.number), of(i)?.status])).toEqual([
        [2, "contract"],
        [1, "qualification"],
        [1, "hired"],
        [1, "in-progress"],
        [3, "spam"],
      ]);
      expect(Number(of(0)?.touched_at), "touched when its stage last changed").toBe(at + 9_000);
      expect(Number(of(1)?.touched_at), "or when it came").toBe(at);
      const [history] = await opened.db.query("SELECT from_status, to_status FROM submission_status_history");
      expect(history).toEqual({ from_status: "qualification", to_status: "contract" });
      // Migration 6: what came before has its source, the form's page (no UTM, no visit known).
      expect(await migrate(opened.db, Date.now(), 6)).toEqual([6]);
      const [sourced] = await opened.db.query<{ source: string }>("SELECT source FROM submissions WHERE id = $1", [first?.s.id as string]);
      expect(sourced?.source).toBe(first?.s.page);
      // The next one of a kind continues its sequence.
      const next = submission({ form: "project", createdAt: at + 10_000 });
      await createStore(opened.db).insertSubmission(next);
      expect((await createStore(opened.db).submission(next.id))?.number).toBe(4);
    } finally {
      await opened.db.close();
      await opened.drop();
    }
  });

  it("gives each kind its own numbers at insert, and finds one by «1042», «№ 1042» or «№1042»", async () => {
    const { leads } = stores();
    const at = Date.parse("2031-06-01T10:00:00Z");
    const a = submission({ form: "project", createdAt: at, phone: "+79991112233" });
    const b = submission({ form: "project", createdAt: at + 1 });
    const c = submission({ form: "job", createdAt: at + 2 });
    await leads.insertSubmissions([a, b, c]);
    const numbers = await db.query<{ id: string; form: string; number: number }>("SELECT id, form, number FROM submissions WHERE id IN ($1, $2, $3)", [a.id, b.id, c.id]);
    const n = (id: string) => Number(numbers.find((row) => row.id === id)?.number);
    expect(n(b.id)).toBe(n(a.id) + 1);
    expect(n(c.id), "applications count on their own").toBe(1);
    for (const q of [String(n(b.id)), `№ ${n(b.id)}`, `№${n(b.id)}`]) expect((await list({ q, kind: "project" })).map((item) => item.id), q).toEqual([b.id]);
    const [item] = await list({ q: `№ ${n(b.id)}`, kind: "project" });
    expect(item?.number).toBe(n(b.id));
    // Digits are a number or the start of a phone: «999» finds the phone too.
    expect((await list({ q: "999", kind: "project" })).map((i) => i.id)).toContain(a.id);
  });

  it("assigns an owner from those who work on the kind, queues their letter, keeps comments with author and time, and filters «мои»", async () => {
    const { leads, inbox } = stores();
    const s = submission({ form: "project", name: "Карина Заказчикова" });
    const job = submission({ form: "job" });
    await leads.insertSubmissions([s, job]);
    const detail = await inbox.detail(s.id, ALL);
    expect(detail?.owners.map((o) => o.login).sort()).toEqual(["admin.ada", "sales.boris", "sales.olga"]);
    expect(await inbox.setOwner(s.id, ALL, users.editor as number, by(), 5_000)).toBe("ineligible");
    expect(await inbox.setOwner(job.id, ALL, users.olga as number, by(), 5_000), "sales does not work on applications").toBe("ineligible");
    expect(await inbox.setOwner(s.id, ["job"], users.olga as number, by(), 5_000), "not visible to the caller").toBeNull();
    const before = queued;
    expect(await inbox.setOwner(s.id, ALL, users.olga as number, by(), 5_000)).toBe("set");
    expect(queued).toBe(before + 1);
    const letters = (await createOutboxStore(db).forSubmission(s.id)).filter((item) => item.channel === "assign");
    expect(letters).toMatchObject([{ status: "pending", payload: { to: "olga@agency.example", name: "Ольга Продажина", by: "admin.ada" } }]);
    // Boris has no e-mail: no letter, and the one for Olga is not re-sent to him.
    await inbox.setOwner(s.id, ALL, users.boris as number, by(), 6_000);
    expect(queued).toBe(before + 1);
    await inbox.setOwner(s.id, ALL, users.olga as number, by(), 7_000);
    expect(await list({ owner: "me", kind: "project" }, ALL, users.olga)).toMatchObject([{ id: s.id, ownerName: "Ольга Продажина" }]);
    expect((await list({ owner: "none", kind: "project" })).map((i) => i.id)).not.toContain(s.id);
    const comment = await inbox.addComment(s.id, ALL, "Перезвонить во вторник", { ...by("sales.olga"), name: "Ольга Продажина" }, 8_000);
    expect(comment).toMatchObject({ at: 8_000, authorLogin: "sales.olga", authorName: "Ольга Продажина", body: "Перезвонить во вторник" });
    expect(await inbox.addComment(s.id, ["job"], "чужая", { ...by(), name: "x" })).toBeNull();
    const after = await inbox.detail(s.id, ALL);
    expect(after).toMatchObject({ ownerId: users.olga, ownerName: "Ольга Продажина", comments: [{ body: "Перезвонить во вторник", authorName: "Ольга Продажина", at: 8_000 }] });
    const [row] = await db.query<{ touched_at: number }>("SELECT touched_at FROM submissions WHERE id = $1", [s.id]);
    expect(Number(row?.touched_at)).toBe(8_000);
  });

  it("changes the stage or owner of several at once, leaving (and naming) those whose kind has no such stage", async () => {
    const { leads, inbox } = stores();
    const at = Date.parse("2031-07-01T10:00:00Z");
    const [a, b, c] = [submission({ form: "project", createdAt: at }), submission({ form: "project", createdAt: at + 1 }), submission({ form: "job", createdAt: at + 2 })];
    await leads.insertSubmissions([a, b, c]);
    const result = await inbox.bulk([a.id, b.id, c.id], ALL, { stage: "proposal", owner: users.admin as number }, by(), 9_000);
    expect(result.changed).toBe(2);
    expect(result.skipped).toEqual([expect.stringMatching(/^Отклик №\u00a0\d+$/)]);
    for (const id of [a.id, b.id]) expect(await inbox.detail(id, ALL)).toMatchObject({ status: "proposal", ownerId: users.admin, history: [{ from: "new", to: "proposal", actorLogin: "admin.ada", at: 9_000 }] });
    expect(await inbox.detail(c.id, ALL)).toMatchObject({ status: "new", ownerId: null });
  });

  it("sorts by date either way, by stage in each kind's order, and by owner's name with nobody first", async () => {
    const { leads, inbox } = stores();
    const at = Date.parse("2031-08-03T10:00:00Z");
    const s = [0, 1, 2, 3].map((i) => submission({ form: "project", createdAt: at + i * 1_000 }));
    await leads.insertSubmissions(s);
    const [s0, s1, s2, s3] = s.map((x) => x.id) as [string, string, string, string];
    await inbox.setStatus(s0, ALL, "contract", by());
    await inbox.setStatus(s2, ALL, "qualification", by());
    await inbox.setOwner(s1, ALL, users.olga as number, by());
    await inbox.setOwner(s3, ALL, users.boris as number, by());
    const window = { from: "2031-08-03", to: "2031-08-03" };
    const ids = async (sort: string) => (await list({ ...window, sort })).map((i) => i.id);
    expect(await ids("old")).toEqual([s0, s1, s2, s3]);
    expect(await ids("new")).toEqual([s3, s2, s1, s0]);
    expect(await ids("stage")).toEqual([s3, s1, s2, s0]);
    // Nobody (s2, s0, newest first), then Борис (s3), then Ольга (s1).
    expect(await ids("owner")).toEqual([s2, s0, s3, s1]);
  });

  it("lets stages be renamed, added and reordered, and refuses to drop one that submissions are in", async () => {
    const { leads, inbox } = stores();
    const s = submission({ form: "job" });
    await leads.insertSubmission(s);
    await inbox.setStatus(s.id, ALL, "interview", by());
    const job = (await inbox.stages()).job;
    const renamed = job.map((stage) => (stage.key === "interview" ? { ...stage, label: "Собеседование" } : stage));
    const withTest = [renamed[0], { key: "test-task", label: "Тестовое задание", outcome: "open" as const }, ...renamed.slice(1)].map((stage) => ({ key: stage!.key, label: stage!.label, outcome: stage!.outcome }));
    expect(await inbox.saveStages("job", withTest, by())).toEqual({ saved: true });
    expect((await inbox.stages()).job.map((stage) => stage.label)).toEqual(["Новый", "Тестовое задание", "Скрининг", "Собеседование", "Оффер", "Принят", "Отказ"]);
    expect(await inbox.setStatus(s.id, ALL, "test-task", by())).toBe("test-task");
    const dropped = withTest.filter((stage) => stage.key !== "test-task");
    expect(await inbox.saveStages("job", dropped, by())).toEqual({ saved: false, inUse: "test-task" });
    expect((await inbox.stages()).job).toHaveLength(7);
    // Back as it was for the other tests.
    await inbox.setStatus(s.id, ALL, "rejected", by(), Date.now(), { reason: "Другое" });
    await inbox.saveStages("job", job.map(({ key, label, outcome }) => ({ key, label, outcome })), by());
  });

  it("counts new, unassigned and untouched for 24 hours at the moment given, and submissions per week by source", async () => {
    const opened = await open();
    try {
      await migrate(opened.db);
      const audit = createAuditLog(opened.db);
      const leads = createStore(opened.db);
      const inbox = createInboxStore(opened.db, audit);
      const owner = await addUser(opened.db, "sales.olga", "Ольга", "sales");
      const now = Date.parse("2031-09-17T12:00:00+03:00"); // a Wednesday
      const a = submission({ form: "project", createdAt: now - 2 * HOUR, utm: { utm_source: "yandex" } });
      const b = submission({ form: "project", createdAt: now - 30 * HOUR, page: "/services/seo/" });
      const c = submission({ form: "job", createdAt: now - 3 * 7 * 24 * HOUR, page: "/career/" });
      const d = submission({ form: "project", createdAt: now - 20 * 7 * 24 * HOUR });
      // No utm_source: the site the visit came from, else the visit's first page, names the source.
      const e = submission({ form: "project", createdAt: now - 3 * HOUR, page: "/contacts/", visit: { referrer: "vc.ru", landing: "/academy/" } });
      const f = submission({ form: "project", createdAt: now - 3 * HOUR, page: "/contacts/", visit: { referrer: null, landing: "/academy/" } });
      await leads.insertSubmissions([a, b, c, d, e, f]);
      for (const closed of [d, e, f]) await inbox.setStatus(closed.id, ALL, "spam", { actor: { id: owner, login: "sales.olga" }, ip: "x" }, now - 100 * HOUR, { reason: "Спам или ошибка" });
      const at = await inboxOverview(opened.db, ALL, now);
      expect(at).toMatchObject({ fresh: 3, unassigned: 3, untouched: 2 });
      expect((await inboxOverview(opened.db, ["job"], now)).fresh).toBe(1);
      // Assigning one touches it; the others' waits grow with the clock, not with a test's sleep.
      await inbox.setOwner(b.id, ALL, owner, { actor: { id: owner, login: "sales.olga" }, ip: "x" }, now + 20 * HOUR);
      expect(await inboxOverview(opened.db, ALL, now + 20 * HOUR)).toMatchObject({ fresh: 3, unassigned: 2, untouched: 1 });
      expect((await inboxOverview(opened.db, ALL, now + 23 * HOUR)).untouched, "the newest one, 25 hours old").toBe(2);
      expect((await inboxOverview(opened.db, ALL, now + 45 * HOUR)).untouched, "the assigned one, 25 hours after").toBe(3);
      expect(at.weeks).toHaveLength(12);
      expect(at.weeks[11]?.start).toBe(weekStart(now));
      expect(new Date(weekStart(now) + 3 * HOUR).toISOString()).toBe("2031-09-15T00:00:00.000Z");
      expect(at.weeks[11]?.bySource).toEqual({ yandex: 1, "/services/seo/": 1, "vc.ru": 1, "/academy/": 1 });
      expect(at.weeks[8]?.bySource).toEqual({ "/career/": 1 });
      expect(at.weeks.reduce((sum, week) => sum + week.total, 0), "twenty weeks ago is outside").toBe(5);
      expect(at.sources.sort()).toEqual(["/academy/", "/career/", "/services/seo/", "vc.ru", "yandex"]);
    } finally {
      await opened.db.close();
      await opened.drop();
    }
  });
});
