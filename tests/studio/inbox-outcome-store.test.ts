import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Db } from "../../server/leads/db.ts";
import { openPostgres } from "../../server/leads/db-postgres.ts";
import { openSqlite } from "../../server/leads/db-sqlite.ts";
import { migrate } from "../../server/leads/migrations.ts";
import { createStore } from "../../server/leads/store.ts";
import { createAuditLog } from "../../server/studio/audit.ts";
import { exportCells, EXPORT_COLUMNS, historyCells } from "../../server/studio/inbox/export.ts";
import type { ExportRow } from "../../server/studio/inbox/export-rows.ts";
import { parseFilter } from "../../server/studio/inbox/filter.ts";
import { funnelPeriod, inboxFunnel } from "../../server/studio/inbox/funnel.ts";
import { createPersonalData } from "../../server/studio/inbox/personal-data.ts";
import { createInboxStore } from "../../server/studio/inbox/store.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { createDatabase } from "../support/postgres.ts";

/**
 * Stages with an outcome and the search on both stores: a loss asks for a reason from its kind's
 * list, which the request, its history, the journal and the export keep (the note only as «there
 * is one» in the journal); the funnel counts reached stages, losses by reason and sources; a
 * request is found by its company, its phone in any form and its comments' words, and no longer
 * once its person's data is erased.
 */
const ALL: FormKind[] = ["project", "job", "subscribe"];
const DAY = 86_400_000;

describe.each(BACKENDS)("stages with an outcome and the search on %s", (backend) => {
  let db: Db;
  let drop = async () => {};
  const by = { actor: { id: 1, login: "sales.olga" }, ip: "127.0.0.1" };

  beforeAll(async () => {
    if (backend === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "inbox-outcome-"));
      db = openSqlite(dir);
      drop = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const database = await createDatabase(inject("postgresAdminUrl"), "outcome");
      db = openPostgres(database.url);
      drop = database.drop;
    }
    await migrate(db);
    await db.query("INSERT INTO studio_users (login, name, role, password_hash, created_at, updated_at) VALUES ('sales.olga', 'Ольга', 'sales', 'x', 0, 0)");
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const stores = () => {
    const audit = createAuditLog(db);
    return { leads: createStore(db), inbox: createInboxStore(db, audit), personal: createPersonalData(db, audit), audit };
  };
  const found = async (q: string) => {
    const { inbox } = stores();
    return (await inbox.list(parseFilter(new URLSearchParams({ q }), ALL), 1)).items.map((item) => item.id);
  };

  it("gives each kind's stages an outcome: a contract, a hire and a handled subscription are won; a refusal and spam are lost", async () => {
    const stages = await stores().inbox.stages();
    const outcomes = (kind: FormKind) => Object.fromEntries(stages[kind].map((stage) => [stage.key, stage.outcome]));
    expect(outcomes("project")).toEqual({ new: "open", qualification: "open", proposal: "open", contract: "won", rejected: "lost", spam: "lost" });
    expect(outcomes("job")).toMatchObject({ hired: "won", rejected: "lost", offer: "open" });
    expect(outcomes("subscribe")).toMatchObject({ done: "won", spam: "lost" });
  });

  it("asks a loss for a reason of its kind's list and keeps it with the request, its history, the journal, the export and the person's copy of their data", async () => {
    const { leads, inbox, audit, personal } = stores();
    const s = submission({ form: "project", name: "Карина Лосева", company: "ООО «Лютик»", email: "karina@lyutik.example" });
    await leads.insertSubmission(s);
    await inbox.setStatus(s.id, ALL, "proposal", by);
    expect(await inbox.setStatus(s.id, ALL, "rejected", by)).toBe("reason");
    expect(await inbox.setStatus(s.id, ALL, "rejected", by, Date.now(), { reason: "Кандидат отказался" }), "a reason of applications, not requests").toBe("reason");
    expect((await inbox.detail(s.id, ALL))?.status).toBe("proposal");
    expect(await inbox.setStatus(s.id, ALL, "rejected", by, Date.now(), { reason: "Дорого", note: "Просили скидку 30 %" })).toBe("rejected");

    const detail = await inbox.detail(s.id, ALL);
    expect(detail?.loss).toEqual({ reason: "Дорого", note: "Просили скидку 30 %" });
    expect(detail?.lossReasons).toContain("Выбрали другое агентство");
    expect(detail?.history.at(-1)).toMatchObject({ from: "proposal", to: "rejected", reason: "Дорого", note: "Просили скидку 30 %" });
    const { entries } = await audit.list({ action: "inbox.status" });
    const entry = entries.find((e) => e.target === s.id && e.details.to === "rejected");
    expect(entry?.details).toMatchObject({ reason: "Дорого", note: true });
    expect(JSON.stringify(entry?.details)).not.toContain("скидку");

    const stages = await inbox.stages();
    let row: ExportRow | undefined;
    for await (const rows of inbox.exportRows(parseFilter(new URLSearchParams({ q: "лютик" }), ALL))) row ??= rows[0];
    expect(row?.id).toBe(s.id);
    expect(exportCells(row!, stages)[EXPORT_COLUMNS.indexOf("Причина отказа")]).toBe("Дорого: Просили скидку 30 %");
    expect(historyCells(row!, stages).at(-1)?.slice(2)).toEqual(["КП отправлено", "Отказ", "sales.olga", "Дорого: Просили скидку 30 %"]);

    // What the team wrote about the person is theirs to see too (152-ФЗ, ст. 14).
    const copy = await personal.copy({ by: "email", key: "karina@lyutik.example" });
    const copied = copy.submissions.find((c) => c.id === s.id);
    expect(copied?.loss).toEqual({ reason: "Дорого", note: "Просили скидку 30 %" });
    expect(copied?.statusHistory.at(-1)).toMatchObject({ toStage: "Отказ", reason: "Дорого", note: "Просили скидку 30 %" });

    // Back in the work: the loss is over (its history stays).
    expect(await inbox.setStatus(s.id, ALL, "qualification", by)).toBe("qualification");
    expect((await inbox.detail(s.id, ALL))?.loss).toBeNull();
  });

  it("moves several to a lost stage only with a reason their kind has", async () => {
    const { leads, inbox } = stores();
    const request = submission({ form: "project" });
    const application = submission({ form: "job" });
    await leads.insertSubmissions([request, application]);
    const result = await inbox.bulk([request.id, application.id], ALL, { stage: "rejected", reason: "Дорого" }, by);
    expect(result.changed).toBe(1);
    expect(result.skipped).toHaveLength(1);
    expect((await inbox.detail(request.id, ALL))?.loss).toEqual({ reason: "Дорого", note: null });
    expect((await inbox.detail(application.id, ALL))?.status).toBe("new");
  });

  it("lets the team edit a kind's reasons beside its stages; a loss keeps the words it was given", async () => {
    const { leads, inbox } = stores();
    const s = submission({ form: "job" });
    await leads.insertSubmission(s);
    await inbox.setStatus(s.id, ALL, "rejected", by, Date.now(), { reason: "Перестал отвечать" });
    const job = (await inbox.stages()).job.map(({ key, label, outcome }) => ({ key, label, outcome }));
    expect(await inbox.saveStages("job", job, by, Date.now(), ["Не\u00a0подходит опыт", "Ушёл к\u00a0конкурентам"])).toEqual({ saved: true });
    expect((await inbox.lossReasons()).job).toEqual(["Не\u00a0подходит опыт", "Ушёл к\u00a0конкурентам"]);
    expect((await inbox.detail(s.id, ALL))?.loss?.reason).toBe("Перестал отвечать");
    expect(await inbox.setStatus(s.id, ALL, "screening", by)).toBe("screening");
    expect(await inbox.setStatus(s.id, ALL, "rejected", by, Date.now(), { reason: "Перестал отвечать" })).toBe("reason");
    expect(await inbox.setStatus(s.id, ALL, "rejected", by, Date.now(), { reason: "Ушёл к\u00a0конкурентам" })).toBe("rejected");
  });

  it("counts each kind's funnel for a period: reached stages, won, lost by reason, by source", async () => {
    const { leads, inbox } = stores();
    // A period of its own, years away from the other tests' submissions.
    const at = Date.parse("2031-05-10T12:00:00+03:00");
    const make = (utm: string) => submission({ form: "project", createdAt: at, utm: { utm_source: utm } });
    const [a, b, c, d, e] = [make("yandex"), make("yandex"), make("vk"), make("vk"), make("vk")];
    await leads.insertSubmissions([a, b, c, d, e]);
    await inbox.setStatus(a.id, ALL, "qualification", by, at + DAY);
    await inbox.setStatus(a.id, ALL, "proposal", by, at + 2 * DAY);
    await inbox.setStatus(a.id, ALL, "contract", by, at + 3 * DAY);
    await inbox.setStatus(b.id, ALL, "qualification", by, at + DAY);
    await inbox.setStatus(b.id, ALL, "rejected", by, at + 2 * DAY, { reason: "Дорого" });
    await inbox.setStatus(c.id, ALL, "rejected", by, at + DAY, { reason: "Нет бюджета" });
    await inbox.setStatus(d.id, ALL, "spam", by, at + DAY, { reason: "Спам или ошибка" });
    const period = funnelPeriod(new URLSearchParams({ since: "2031-05-01", until: "2031-05-31" }), at);
    const funnel = await inboxFunnel(db, ["project", "job"], period);
    const project = funnel.kinds.find((k) => k.kind === "project");
    expect(project).toMatchObject({ total: 5, won: 1, lost: 3 });
    expect(project?.steps.map((step) => [step.key, step.reached])).toEqual([
      ["new", 5],
      ["qualification", 2],
      ["proposal", 1],
      ["contract", 1],
    ]);
    expect(project?.reasons).toEqual([
      { reason: "Дорого", count: 1 },
      { reason: "Нет бюджета", count: 1 },
      { reason: "Спам или ошибка", count: 1 },
    ]);
    expect(project?.sources).toEqual([
      { source: "vk", total: 3, won: 0, lost: 2 },
      { source: "yandex", total: 2, won: 1, lost: 1 },
    ]);
    expect(funnel.kinds.find((k) => k.kind === "job")).toMatchObject({ total: 0, won: 0, lost: 0 });
    expect(() => funnelPeriod(new URLSearchParams({ since: "2031-06-01", until: "2031-05-01" }), at)).toThrow();
  });

  it("counts a year's funnel whole, though SQLite reads it a month at a time", async () => {
    const { leads, inbox } = stores();
    // A year of its own; submissions in February, September and on the last day, each month read apart on SQLite.
    const feb = Date.parse("2032-02-10T12:00:00+03:00");
    const sep = Date.parse("2032-09-20T12:00:00+03:00");
    const last = Date.parse("2032-12-31T23:30:00+03:00");
    const make = (createdAt: number, utm: string) => submission({ form: "project", createdAt, utm: { utm_source: utm } });
    const [a, b, c, d, e] = [make(feb, "yandex"), make(feb, "vk"), make(sep, "yandex"), make(sep, "vk"), make(last, "vk")];
    await leads.insertSubmissions([a, b, c, d, e]);
    await inbox.setStatus(a.id, ALL, "qualification", by, feb + DAY);
    await inbox.setStatus(a.id, ALL, "proposal", by, feb + 2 * DAY);
    await inbox.setStatus(c.id, ALL, "qualification", by, sep + DAY);
    await inbox.setStatus(c.id, ALL, "rejected", by, sep + 2 * DAY, { reason: "Дорого" });
    await inbox.setStatus(e.id, ALL, "contract", by, last + DAY);
    const year = funnelPeriod(new URLSearchParams({ since: "2032-01-01", until: "2032-12-31" }), last);
    const project = (await inboxFunnel(db, ["project"], year)).kinds[0];
    expect(project).toMatchObject({ total: 5, won: 1, lost: 1 });
    expect(project?.steps.map((step) => [step.key, step.reached])).toEqual([
      ["new", 5],
      ["qualification", 3],
      ["proposal", 2],
      ["contract", 1],
    ]);
    expect(project?.reasons).toEqual([{ reason: "Дорого", count: 1 }]);
    expect(project?.sources).toEqual([
      { source: "vk", total: 3, won: 1, lost: 0 },
      { source: "yandex", total: 2, won: 0, lost: 1 },
    ]);
  });

  it("finds a request by its company, its phone in any form, its number and its comments' words, and not once erased", async () => {
    const { leads, inbox, personal } = stores();
    const s = submission({ form: "project", name: "Пётр Ромашкин", company: "ООО «Ромашка-Юг»", phone: "+74951234567", email: "petr@romashka.example" });
    const other = submission({ form: "project", name: "Олег Другой", phone: "+79161234567" });
    await leads.insertSubmissions([s, other]);
    const [numbered] = await db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [s.id]);
    expect(await inbox.addComment(s.id, ALL, "Перезвонить после праздников", { ...by, name: "Ольга" })).not.toBeNull();
    for (const q of ["ромашка-юг", "Ромашка", "+7 (495) 123-45-67", "84951234567", "4951234567", "8 495 123", "petr@romashka", "праздников", `№ ${numbered?.number}`]) {
      expect(await found(q), q).toContain(s.id);
    }
    for (const q of ["ромашка", "праздников", "4951234567"]) expect(await found(q), q).not.toContain(other.id);

    await personal.erase({ by: "phone", key: "74951234567" }, by);
    for (const q of ["ромашка", "+7 (495) 123-45-67", "праздников"]) expect(await found(q), q).not.toContain(s.id);
    expect(await db.query("SELECT word FROM submission_words WHERE submission_id = $1", [s.id])).toEqual([]);
  });

  it("keeps kinds apart in the stage filter: «project:new» is a request's first stage, never a subscription's", async () => {
    const filter = parseFilter(new URLSearchParams({ status: "project:new" }), ALL);
    expect(filter).toMatchObject({ kinds: ["project"], status: "new" });
    expect(parseFilter(new URLSearchParams({ status: "project:new" }), ["job"]).kinds).toEqual([]);
    expect(() => parseFilter(new URLSearchParams({ status: "lead:new" }), ALL)).toThrow();
  });
});
