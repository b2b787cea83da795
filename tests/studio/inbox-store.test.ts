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
import { parseFilter } from "../../server/studio/inbox/filter.ts";
import { createPersonalData } from "../../server/studio/inbox/personal-data.ts";
import { ALL_FOUND } from "../../server/studio/personal-data/scope.ts";
import { createInboxStore } from "../../server/studio/inbox/store.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { pdf } from "../support/cv-files.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { createDatabase } from "../support/postgres.ts";

/** The inbox's store on both backends: filters, search, kinds, status history, personal-data requests, retention. */
const ALL: FormKind[] = ["project", "job", "subscribe"];
const DAY = 86_400_000;
const by = { actor: { id: 1, login: "sales.olga" }, ip: "192.0.2.5" };

describe.each(BACKENDS)("inbox store on %s", (backend) => {
  let db: Db;
  let cleanup = async () => {};
  const open = async () => {
    if (backend === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "inbox-store-"));
      const opened = openSqlite(dir);
      return { db: opened, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    }
    const database = await createDatabase(inject("postgresAdminUrl"), "inbox");
    return { db: openPostgres(database.url), drop: database.drop };
  };

  beforeAll(async () => {
    const opened = await open();
    db = opened.db;
    cleanup = opened.drop;
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  const stores = () => {
    const audit = createAuditLog(db);
    return { leads: createStore(db), inbox: createInboxStore(db, audit), personal: createPersonalData(db, audit), audit };
  };
  const ids = async (query: Record<string, string>, kinds: FormKind[] = ALL) =>
    (await stores().inbox.list(parseFilter(new URLSearchParams(query), kinds), 1)).items.map((item) => item.id);

  it("migration 4 gives submissions stored before it their search keys", async () => {
    const opened = await open();
    try {
      await migrate(opened.db, Date.now(), 3);
      const old = submission({ name: "Ёжикова Мария", email: "  Maria@Example.COM ", phone: "8 (912) 000-11-22" });
      await opened.db.query("INSERT INTO submissions (id, form, created_at, data, page, utm, ip, consent) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", [
        old.id, old.form, old.createdAt, JSON.stringify(old.data), old.page, JSON.stringify({ utm_source: "vk" }), old.ip, JSON.stringify(old.consent),
      ]);
      expect(await migrate(opened.db, Date.now(), 6)).toEqual([4, 5, 6]);
      const [row] = await opened.db.query("SELECT status, email_key, phone_key, utm_source FROM submissions WHERE id = $1", [old.id]);
      expect(row).toEqual({ status: "new", email_key: "maria@example.com", phone_key: "79120001122", utm_source: "vk" });
      const words = await opened.db.query<{ word: string }>("SELECT word FROM submission_words WHERE submission_id = $1 ORDER BY word", [old.id]);
      expect(words.map((w) => w.word)).toEqual(["79120001122", "maria@example.com", "ежикова", "мария"]);
    } finally {
      await opened.db.close();
      await opened.drop();
    }
  });

  it("migration 8 redacts delivery errors stored before it and (PostgreSQL) drops the statistics kept of personal columns", async () => {
    const opened = await open();
    try {
      await migrate(opened.db, Date.now(), 7);
      const old = submission({ email: "bounced@old.example", deliveries: [{ channel: "confirm" }] });
      await createStore(opened.db).insertSubmission(old);
      await opened.db.query("UPDATE outbox SET last_error = $2 WHERE submission_id = $1", [old.id, "mail: 550 5.1.1 <bounced@old.example>: Recipient address rejected"]);
      if (backend === "postgres") await opened.db.query("ANALYZE submissions");
      const kept = () => opened.db.query("SELECT attname FROM pg_stats WHERE tablename = 'submissions' AND attname IN ('data', 'email_key', 'phone_key', 'utm_source')");
      if (backend === "postgres") expect((await kept()).length).toBeGreaterThan(0);
      expect(await migrate(opened.db, Date.now(), 8)).toEqual([8]);
      const errors = await opened.db.query<{ last_error: string }>("SELECT last_error FROM outbox WHERE submission_id = $1", [old.id]);
      expect(errors.map((e) => e.last_error)).toContain("mail: 550 5.1.1 <[email]>: Recipient address rejected");
      if (backend === "postgres") {
        await opened.db.query("ANALYZE submissions");
        expect(await kept()).toEqual([]);
      }
    } finally {
      await opened.db.close();
      await opened.drop();
    }
  });

  it("filters by kind (never beyond the caller's), status, Moscow days, source page and UTM source, newest first", async () => {
    const { leads, inbox } = stores();
    const base = Date.parse("2031-03-10T12:00:00+03:00");
    const a = submission({ form: "project", createdAt: base, page: "/services/seo/", utm: { utm_source: "yandex" } });
    const b = submission({ form: "job", createdAt: base + 1_000 });
    const c = submission({ form: "subscribe", createdAt: base + 2_000, page: "/sub/" });
    // 23:59 Moscow on the 11th is still the 11th; 00:00 on the 12th is not.
    const lateEvening = submission({ form: "project", createdAt: Date.parse("2031-03-11T23:59:00+03:00") });
    const nextDay = submission({ form: "project", createdAt: Date.parse("2031-03-12T00:00:00+03:00") });
    expect(await leads.insertSubmissions([a, b, c, lateEvening, nextDay])).toBe(5);
    const window = { from: "2031-03-10", to: "2031-03-11" };
    expect(await ids(window)).toEqual([lateEvening.id, c.id, b.id, a.id]);
    expect(await ids(window, ["project", "subscribe"])).toEqual([lateEvening.id, c.id, a.id]);
    expect(await ids({ ...window, kind: "job" }, ["project", "subscribe"])).toEqual([]);
    expect(await ids({ ...window, kind: "job" }, ["job"])).toEqual([b.id]);
    expect(await ids({ ...window, source: "/services/seo/" })).toEqual([a.id]);
    expect(await ids({ ...window, utm: "yandex" })).toEqual([a.id]);
    await inbox.setStatus(a.id, ALL, "spam", by, Date.now(), { reason: "Спам или ошибка" });
    expect(await ids({ ...window, status: "spam" })).toEqual([a.id]);
    expect(await ids({ ...window, status: "new" })).toEqual([lateEvening.id, c.id, b.id]);
  });

  it("finds by the start of any word of the name (any case, ё as е), of the e-mail, or of the phone as typed", async () => {
    const { leads } = stores();
    const s = submission({ name: "Алёна Кузнецова-Ли", email: "Alena.K@Firma.example", phone: "+7 (915) 765-43-21", createdAt: Date.parse("2031-04-01T10:00:00Z") });
    const other = submission({ name: "Алексей Кузьмин", email: "alexey@firma.example", createdAt: Date.parse("2031-04-01T11:00:00Z") });
    await leads.insertSubmissions([s, other]);
    const window = { from: "2031-04-01", to: "2031-04-01" };
    const find = (q: string) => ids({ ...window, q });
    expect(await find("алена")).toEqual([s.id]);
    expect(await find("АЛЁНА")).toEqual([s.id]);
    expect(await find("кузн")).toEqual([s.id]);
    expect(await find("ли")).toEqual([s.id]);
    expect(await find("кузнецова ал")).toEqual([s.id]);
    expect(await find("ал")).toEqual([other.id, s.id]);
    expect(await find("alena.k@firma")).toEqual([s.id]);
    expect(await find("ALEXEY@")).toEqual([other.id]);
    expect(await find("alena.k")).toEqual([s.id]);
    for (const phone of ["89157654321", "8 915 765", "+7 915 765-43-21", "915 765 43 21", "7915"]) expect(await find(phone), phone).toEqual([s.id]);
    expect(await find("+7 916")).toEqual([]);
    await expect(find("а")).rejects.toMatchObject({ status: 400 });
    await expect(find("1 2")).rejects.toMatchObject({ status: 400 });
  });

  it("keeps each stage change with who made it; another kind's submission cannot be changed, nor moved to another kind's stage", async () => {
    const { leads, inbox } = stores();
    const s = submission({ form: "job" });
    await leads.insertSubmission(s);
    expect(await inbox.setStatus(s.id, ["project", "subscribe"], "hired", by)).toBeNull();
    expect(await inbox.setStatus(s.id, ["job"], "proposal", by)).toBe("unknown");
    await inbox.setStatus(s.id, ["job"], "screening", by, 1_000);
    await inbox.setStatus(s.id, ["job"], "screening", by, 2_000);
    await inbox.setStatus(s.id, ["job"], "hired", { ...by, actor: { id: 2, login: "hr.ivan" } }, 3_000);
    const detail = await inbox.detail(s.id, ["job"]);
    expect(detail?.status).toBe("hired");
    expect(detail?.history).toEqual([
      // No account by these ids here: the screens then show the login.
      { at: 1_000, actorLogin: "sales.olga", actorName: null, from: "new", to: "screening", reason: null, note: null },
      { at: 3_000, actorLogin: "hr.ivan", actorName: null, from: "screening", to: "hired", reason: null, note: null },
    ]);
    expect(await inbox.detail(s.id, ["project"])).toBeNull();
    expect(await inbox.file(s.id, ["project"])).toBeNull();
  });

  it("exports in batches without losing or repeating submissions of the same millisecond", async () => {
    const { leads, inbox } = stores();
    const at = Date.parse("2031-05-05T09:00:00Z");
    const same = Array.from({ length: 7 }, () => submission({ createdAt: at }));
    await leads.insertSubmissions(same);
    const filter = parseFilter(new URLSearchParams({ from: "2031-05-05", to: "2031-05-05" }), ALL);
    const seen: string[] = [];
    for await (const rows of inbox.exportRows(filter, 3)) seen.push(...rows.map((r) => r.id));
    expect(seen).toEqual(same.map((s) => s.id).sort().reverse());
  });

  it("finds, copies and deletes everything about an e-mail or a phone; the audit entry holds neither", async () => {
    const { leads, inbox, personal, audit } = stores();
    const email = "delete.me@person.example";
    const request = submission({ form: "project", email: "Delete.Me@Person.example", phone: "+79990001122", deliveries: [{ channel: "mail", payload: { to: "sales@x" } }] });
    const application = submission({ form: "job", email, file: { name: "cv.pdf", type: "application/pdf", size: 10, sha256: "x", content: pdf() }, deliveries: [{ channel: "mail" }, { channel: "webhook" }] });
    const newsletter = { ...submission({ form: "subscribe", email }), subscription: { email, token: "t", tokenHash: `h-${crypto.randomUUID()}`, expiresAt: Date.now() + DAY } };
    const byPhone = submission({ form: "job", email: "someone.else@person.example", phone: "8 999 000-11-22" });
    const bystander = submission({ form: "project", email: "keep@person.example" });
    await leads.insertSubmissions([request, application, newsletter, byPhone, bystander]);
    await inbox.setStatus(request.id, ALL, "qualification", by);
    await inbox.addComment(request.id, ALL, "Звонила, просит КП до пятницы", { ...by, name: "Мария Продажи" });

    const found = await personal.find({ by: "email", key: email });
    expect(found.submissions.find((s) => s.id === request.id)).toMatchObject({ comments: 1, statusChanges: 1 });
    expect(found.submissions.map((s) => s.id).sort()).toEqual([request.id, application.id, newsletter.id].sort());
    expect(found.submissions.find((s) => s.id === application.id)).toMatchObject({ hasFile: true, deliveries: 2 });
    expect(found.subscriptions).toHaveLength(1);
    const copy = await personal.copy({ by: "email", key: email });
    const copied = copy.submissions as Array<{ id: string; file: { base64: string } | null; statusHistory: unknown[] }>;
    expect(Buffer.from(copied.find((s) => s.id === application.id)?.file?.base64 ?? "", "base64")).toEqual(Buffer.from(pdf()));
    expect(copied.find((s) => s.id === request.id)?.statusHistory).toHaveLength(1);
    expect(copied.find((s) => s.id === request.id)).toMatchObject({ comments: [{ author: "Мария Продажи", text: "Звонила, просит КП до пятницы" }] });

    const deleted = await personal.erase({ by: "email", key: email }, by);
    expect(deleted).toMatchObject({ submissions: 3, files: 1, deliveries: 4, subscriptions: 1, statusChanges: 1, comments: 1, wiped: true });
    for (const table of ["submissions WHERE id", "files WHERE submission_id", "outbox WHERE submission_id", "submission_words WHERE submission_id", "submission_status_history WHERE submission_id", "submission_comments WHERE submission_id"]) {
      const left = await db.query(`SELECT 1 FROM ${table} IN ($1, $2, $3)`, [request.id, application.id, newsletter.id]);
      expect(left, table).toEqual([]);
    }
    expect(await db.query("SELECT 1 FROM subscriptions WHERE email = $1", [email])).toEqual([]);
    expect(await leads.submission(bystander.id)).not.toBeNull();
    expect(await leads.submission(byPhone.id)).not.toBeNull();

    expect((await personal.erase({ by: "phone", key: "79990001122" }, by)).submissions).toBe(1);
    expect(await leads.submission(byPhone.id)).toBeNull();

    const { entries } = await audit.list({ action: "personal-data.delete" });
    expect(entries).toHaveLength(2);
    expect(entries[1]?.details).toMatchObject({ by: "email", submissions: 3, ids: expect.arrayContaining([request.id, application.id, newsletter.id]) });
    const logged = JSON.stringify(await db.query("SELECT * FROM studio_audit"));
    for (const secret of [email, "delete.me", "79990001122", "999 000"]) expect(logged).not.toContain(secret);
  });

  it("copies and erases only the records chosen, leaving another person's under the same phone whole", async () => {
    const { leads, inbox, personal } = stores();
    const phone = "+7 916 555-00-11";
    const hers = submission({ form: "job", name: "Ольга", email: "olga@person.example", phone });
    const his = submission({ form: "project", name: "Игорь", email: "igor@client.example", phone, company: "Ромашка" });
    await leads.insertSubmissions([hers, his]);
    await inbox.addComment(his.id, ALL, "КП отправлено", { ...by, name: "Соня" });
    const subject = { by: "phone" as const, key: "79165550011" };
    expect((await personal.find(subject)).submissions.map((s) => [s.name, s.email])).toEqual([
      ["Ольга", "olga@person.example"],
      ["Игорь", "igor@client.example"],
    ]);
    const chosen = { ...ALL_FOUND, submissions: [hers.id] };
    expect((await personal.copy(subject, Date.now(), chosen)).submissions).toMatchObject([{ id: hers.id }]);
    expect(await personal.erase(subject, by, Date.now(), { ...ALL_FOUND, submissions: [], subscriptions: false })).toMatchObject({ submissions: 0 });
    expect(await personal.erase(subject, by, Date.now(), chosen)).toMatchObject({ submissions: 1, comments: 0 });
    expect(await leads.submission(hers.id)).toBeNull();
    expect(await leads.submission(his.id)).not.toBeNull();
    expect(await db.query("SELECT body FROM submission_comments WHERE submission_id = $1", [his.id])).toEqual([{ body: "КП отправлено" }]);
  });

  it("records runs of retention and tells when it next deletes", async () => {
    const { leads, personal } = stores();
    expect((await personal.retention(30)).lastRun).toBeNull();
    const oldest = Date.parse("2020-01-01T00:00:00Z");
    await leads.insertSubmission(submission({ createdAt: oldest }));
    expect((await personal.retention(30)).nextDeletion).toBe(oldest + 30 * DAY);
    const now = Date.now();
    await leads.deleteOlderThan(Date.parse("2020-06-01T00:00:00Z"), 30, now);
    const info = await personal.retention(30);
    expect(info.lastRun).toEqual({ at: now, submissions: 1, subscriptions: 0 });
    expect(info.nextDeletion).toBeGreaterThan(oldest + 30 * DAY);
  });
});
