import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../support/cv-files.ts";
import { BACKENDS, eventually, postForm, validProject } from "../support/forms-server.ts";
import type { PersonalDataReport } from "#core/studio/inbox.ts";
import { submission } from "../support/inbox.ts";
import { zipEntry } from "../support/zip.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * The inbox's API as its people and an attacker use it, on both stores:
 * roles and the kinds they see (list, detail, files, export, search), status
 * history, retrying a dead delivery, CV downloads, the CSV file, personal-data
 * requests, and the audit log (every view, file, export and deletion, never
 * the personal data itself).
 */
const PASSWORDS = { admin: "Inbox admin passphrase", sales: "Sales team passphrase", hr: "People team passphrase", editor: "Editor of the site 2026" };

/** Today in Moscow, as the names of exported files carry it. */
const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

describe.each(BACKENDS)("the inbox's API on %s", (backend) => {
  let server: StudioServer;
  const cookies = { admin: "", sales: "", hr: "", editor: "" };
  const now = Date.now();
  const request = submission({ form: "project", createdAt: now - 3_000, name: "Ольга Заказчикова", email: "olga@client.example", phone: "+79161234567", company: "=HYPERLINK(\"http://evil.example\";\"x\")", message: "Строка 1\nСтрока 2; «кавычки» \"двойные\"" });
  const application = submission({
    form: "job",
    createdAt: now - 2_000,
    name: "Игорь Соискателев",
    email: "igor@people.example",
    phone: "+79031112233",
    file: { name: "../Резюме Игоря\r\n.pdf", type: "application/pdf", size: pdf().byteLength, sha256: "x", content: pdf() },
    deliveries: [{ channel: "mail", payload: { to: "hr@test.example" } }],
  });
  const subscriber = submission({ form: "subscribe", createdAt: now - 1_000, email: "reader@mail.example" });

  beforeAll(async () => {
    server = await startStudioServer(backend);
    for (const role of ["admin", "sales", "hr", "editor"] as const) await addUser(server, `${role}.user`, role, PASSWORDS[role]);
    for (const role of ["admin", "sales", "hr", "editor"] as const) cookies[role] = await signIn(server, `${role}.user`, PASSWORDS[role]);
    await server.store.insertSubmissions([request, application, subscriber]);
    await server.db.query("UPDATE outbox SET status = 'dead', attempts = 8, last_error = 'SMTP 550' WHERE submission_id = $1", [application.id]);
  });
  afterAll(() => server?.dispose());

  const get = (role: keyof typeof cookies | null, path: string) => call(server, "GET", `/studio/api${path}`, { cookie: role ? cookies[role] : null });
  const listed = async (role: keyof typeof cookies, query = "") => ((await (await get(role, `/inbox${query}`)).json()) as { items: Array<{ id: string }> }).items.map((i) => i.id);

  it("offers the roles sales and hr to admins, and the command made them", async () => {
    const roles = ((await (await get("admin", "/users")).json()) as { roles: Array<{ id: string; label: string }> }).roles;
    expect(roles.map((r) => r.id)).toEqual(["editor", "admin", "sales", "hr"]);
    const users = await server.db.query<{ login: string; role: string }>("SELECT login, role FROM studio_users WHERE role IN ('sales', 'hr') ORDER BY login");
    expect(users).toEqual([{ login: "hr.user", role: "hr" }, { login: "sales.user", role: "sales" }]);
  });

  it("shows each role its kinds only: list, detail, file, export and search", async () => {
    expect(await listed("admin")).toEqual([subscriber.id, application.id, request.id]);
    expect(await listed("sales")).toEqual([subscriber.id, request.id]);
    expect(await listed("hr")).toEqual([application.id]);
    // A kind the role does not see, asked by name or by a record's id, is refused outright.
    expect((await get("hr", "/inbox?kind=project")).status).toBe(403);
    expect(await listed("hr", "?q=%D0%BE%D0%BB%D1%8C%D0%B3%D0%B0")).toEqual([]);
    expect(await listed("hr", "?q=olga%40client")).toEqual([]);
    expect(await listed("hr", "?q=8916")).toEqual([]);
    expect(await listed("sales", "?q=%D0%BE%D0%BB%D1%8C%D0%B3%D0%B0")).toEqual([request.id]);
    expect((await get("hr", `/inbox/${request.id}`)).status).toBe(403);
    expect((await get("sales", `/inbox/${application.id}`)).status).toBe(403);
    expect((await get("sales", `/inbox/${application.id}/file`)).status).toBe(403);
    expect((await get("hr", `/inbox/${application.id}`)).status).toBe(200);
    const hrExport = await (await get("hr", "/inbox/export")).text();
    expect(hrExport).toContain(application.id);
    expect(hrExport).not.toContain(request.id);
    expect(hrExport).not.toContain("Ольга");
    const salesExport = await (await get("sales", "/inbox/export")).text();
    expect(salesExport).not.toContain(application.id);
    for (const body of [{ status: "done" }]) expect((await call(server, "PUT", `/studio/api/inbox/${request.id}/status`, { cookie: cookies.hr, body })).status).toBe(403);
  });

  it("answers a wrong filter value at its field, in Russian (the page shows it there and keeps its list)", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["from=2026-11-20&to=2026-11-10", "to", /^Дата «по» раньше даты «с»$/],
      ["from=2026-02-30", "from", /^Укажите дату/],
      ["q=%D0%B0", "q", /^Для поиска введите хотя\sбы/],
      ["status=%D0%B7%D0%B0%D0%BA%D1%80%D1%8B%D1%82%D0%B0", "status", /^Выберите значение из/],
    ];
    for (const [query, field, message] of cases) {
      const res = await get("sales", `/inbox?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { errors?: Record<string, string> }).errors?.[field], query).toMatch(message);
    }
  });

  // Every endpoint's 401, 403 and cross-site refusal: tests/studio/access-http.test.ts, walking the route table.
  it("leaves personal data alone when a role without the right asks for it (403): requests are the admins' and HR's", async () => {
    const ask = { email: "olga@client.example", confirm: "olga@client.example" };
    for (const role of ["editor", "sales"] as const) {
      expect((await call(server, "POST", "/studio/api/personal-data/search", { cookie: cookies[role], body: ask })).status, role).toBe(403);
      expect((await call(server, "POST", "/studio/api/personal-data/delete", { cookie: cookies[role], body: ask })).status, role).toBe(403);
    }
    expect(await server.store.submission(request.id)).not.toBeNull();
  });

  it("shows a submission whole: fields, consent, file, deliveries; keeps stage changes with who made them", async () => {
    const res = await call(server, "PUT", `/studio/api/inbox/${application.id}/status`, { cookie: cookies.hr, body: { status: "screening" } });
    expect(res.status).toBe(200);
    expect((await call(server, "PUT", `/studio/api/inbox/${application.id}/status`, { cookie: cookies.hr, body: { status: "proposal" } })).status).toBe(422);
    const detail = await (await get("hr", `/inbox/${application.id}`)).json();
    expect(detail).toMatchObject({
      kind: "job",
      status: "screening",
      fields: { name: "Игорь Соискателев", email: "igor@people.example", position: { title: "Аналитик" } },
      consent: { ip: "203.0.113.7", documents: { agreement: "2025-09-01", privacy: "2025-09-01" } },
      file: { name: "../Резюме Игоря\r\n.pdf", type: "application/pdf" },
      deliveries: [{ channel: "mail", status: "dead", attempts: 8, lastError: "SMTP 550" }],
      history: [{ actorLogin: "hr.user", from: "new", to: "screening" }],
    });
    expect(await listed("hr", "?status=screening")).toEqual([application.id]);
  });

  it("puts a dead-lettered delivery back in the queue («Повторить доставку»), and only a dead one", async () => {
    const [item] = await server.outbox.forSubmission(application.id);
    const retry = (id: number) => call(server, "POST", `/studio/api/inbox/${application.id}/deliveries/${id}/retry`, { cookie: cookies.hr, body: {} });
    expect((await retry(item?.id ?? 0)).status).toBe(200);
    // Queued now, so not retried twice.
    expect((await retry(item?.id ?? 0)).status).toBe(404);
    // The server's worker takes it within a second (no SMTP here: the attempt fails and is counted).
    await eventually(async () => ((await server.outbox.item(item?.id ?? 0))?.attempts ?? 0) >= 1, 10_000, "a new attempt");
    expect((await call(server, "POST", `/studio/api/inbox/${request.id}/deliveries/${item?.id}/retry`, { cookie: cookies.admin, body: {} })).status).toBe(404);
  });

  it("hands out a CV only as an attachment with a safe name, never inline", async () => {
    const res = await get("hr", `/inbox/${application.id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="______ _____.pdf"; filename*=UTF-8''${encodeURIComponent("Резюме Игоря.pdf")}`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(pdf()));
    expect((await get("hr", `/inbox/${request.id}/file`)).status).toBe(403);
  });

  it("exports CSV that Excel opens in Russian: BOM, semicolons, CRLF, quoted cells, formulas neutralised, by Moscow dates", async () => {
    const res = await get("sales", "/inbox/export?kind=project");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="zayavki-${moscowToday()}-proekty.csv"; filename*=UTF-8''zayavki-${moscowToday()}-proekty.csv`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.split("\r\n")[0]).toMatch(/^\ufeff"Номер";"Получена \(МСК\)";"Тип";"Этап";"Причина отказа";"Ответственный";"Последний комментарий";/);
    const rows = parse(text, { bom: true, delimiter: ";" }) as string[][];
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("Имя")).toBe("Ольга Заказчикова");
    expect(cell("Компания")).toBe("'=HYPERLINK(\"http://evil.example\";\"x\")");
    // A phone is written as it is: digits and a plus call nothing, and a CRM imports the number.
    expect(cell("Телефон")).toBe("+79161234567");
    expect(cell("Согласие: время, IP, редакции документов")).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} МСК, IP /);
    expect(cell("Сообщение или сопроводительное письмо")).toBe("Строка 1\nСтрока 2; «кавычки» \"двойные\"");
    expect(cell("Тип")).toBe("Заявка на проект");
    // The number the studio shows, not the id (which stays, last, for matching the CRM's payload).
    const [stored] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [request.id]);
    expect(cell("Номер")).toBe(String(stored?.number));
    expect(cell("Идентификатор")).toBe(request.id);
    const day = new Date(request.createdAt + 3 * 3_600_000).toISOString().slice(0, 10);
    const ranged = await (await get("sales", `/inbox/export?from=${day}&to=${day}`)).text();
    expect(ranged).toContain(request.id);
    const before = await (await get("sales", "/inbox/export?from=2020-01-01&to=2020-01-02")).text();
    expect(before.split("\r\n").filter(Boolean)).toHaveLength(1);
  });

  it("exports XLSX for Excel: the phone a text cell as sent, a cell starting with «=» text and never a formula, Moscow date cells", async () => {
    // The team's work on the request: an owner, a comment, two stage changes (back to «Новая», so the filter still finds it).
    const [sales] = await server.db.query<{ id: number; name: string }>("SELECT id, name FROM studio_users WHERE login = 'sales.user'");
    const put = (path: string, body: unknown, method = "PUT") => call(server, method, `/studio/api/inbox/${request.id}${path}`, { cookie: cookies.sales, body });
    expect((await put("/owner", { owner: String(sales?.id) })).status).toBe(200);
    expect((await put("/status", { status: "qualification" })).status).toBe(200);
    expect((await put("/status", { status: "new" })).status).toBe(200);
    expect((await put("/comments", { body: "Перезвонить в\u00a0понедельник" }, "POST")).status).toBe(201);
    const [stored] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [request.id]);
    const res = await get("sales", "/inbox/export?kind=project&status=new&format=xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toContain(`filename="zayavki-${moscowToday()}-proekty-novye.xlsx"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const rows = (await readSheet(bytes)) as unknown[][];
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], unknown[]];
    const cell = (name: string) => row[header.indexOf(name)];
    // Headers as the screens say them, the number a number cell.
    expect(header).toEqual(expect.arrayContaining(["Номер", "Этап", "Ответственный", "Последний комментарий", "Услуги", "Бюджет", "Источник", "Первая страница визита"]));
    expect(header).not.toContain("Статус");
    expect(cell("Номер")).toBe(Number(stored?.number));
    expect(cell("Идентификатор")).toBe(request.id);
    expect(cell("Этап")).toBe("Новая");
    expect(cell("Ответственный")).toBe(sales?.name);
    expect(String(cell("Последний комментарий"))).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, .+: Перезвонить в\u00a0понедельник$/);
    expect(cell("Телефон")).toBe("+79161234567");
    expect(cell("Компания")).toBe('=HYPERLINK("http://evil.example";"x")');
    expect(cell("Сообщение или сопроводительное письмо")).toBe("Строка 1\nСтрока 2; «кавычки» \"двойные\"");
    // A date cell holding the Moscow wall-clock time of receipt.
    expect(cell("Получена (МСК)")).toBeInstanceOf(Date);
    expect((cell("Получена (МСК)") as Date).toISOString().slice(0, 16)).toBe(new Date(request.createdAt + 3 * 3_600_000).toISOString().slice(0, 16));
    expect(String(cell("Согласие: время, IP, редакции документов"))).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} МСК, IP /);
    // The sheet itself: no formula anywhere, the phone and the «=» cell stored as strings.
    const sheet = zipEntry(bytes, "xl/worksheets/sheet1.xml")?.toString("utf8") ?? "";
    expect(sheet).toContain("<sheetData>");
    expect(sheet).not.toMatch(/<f[\s>]/);
    const stringCells = [...sheet.matchAll(/<c r="([A-Z]+)2"[^>]*t="(s|inlineStr|str)"/g)].map((m) => m[1]);
    const column = (name: string) => String.fromCharCode(65 + header.indexOf(name));
    expect(stringCells).toEqual(expect.arrayContaining([column("Телефон"), column("Компания")]));
    // The second sheet: a row per stage change, in order, with who made it.
    const history = (await readSheet(bytes, 2)) as unknown[][];
    expect(history[0]).toEqual(["Номер", "Когда (МСК)", "Было", "Стало", "Кто", "Причина отказа"]);
    const ours = history.slice(1).filter((line) => line[0] === Number(stored?.number));
    expect(ours.map((line) => line.slice(2, 5))).toEqual([
      ["Новая", "Квалификация", "sales.user"],
      ["Квалификация", "Новая", "sales.user"],
    ]);
    expect(ours[0]?.[1]).toBeInstanceOf(Date);
    // Its header row frozen too.
    expect(zipEntry(bytes, "xl/worksheets/sheet2.xml")?.toString("utf8")).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect((await get("hr", "/inbox/export?kind=project&format=xlsx")).status).toBe(403);
  });

  it("writes every view, file and export to the audit log, without the personal data", async () => {
    await get("sales", `/inbox/${request.id}`);
    const entries = await server.db.query<{ action: string; target: string | null; actor_login: string; details: string }>(
      "SELECT action, target, actor_login, details FROM studio_audit WHERE action LIKE 'inbox.%' ORDER BY id",
    );
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ["inbox.list", "inbox.view", "inbox.file", "inbox.export", "inbox.status", "inbox.retry"]) expect(actions, action).toContain(action);
    expect(entries.filter((e) => e.action === "inbox.view" && e.actor_login === "sales.user").map((e) => e.target)).toContain(request.id);
    // Each entry about a request keeps its number, so the journal names it as the inbox does, even once it is erased.
    const [stored] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [request.id]);
    const viewed = entries.find((e) => e.action === "inbox.view" && e.target === request.id);
    expect(JSON.parse(viewed?.details ?? "{}")).toEqual({ kind: "project", number: Number(stored?.number) });
    const journal = (await (await get("admin", "/audit?action=inbox.view")).json()) as { entries: Array<{ target: string; about: { label: string; href: string } | null }> };
    const named = journal.entries.find((e) => e.target === request.id);
    expect(named?.about).toEqual({ label: `Заявка №\u00a0${stored?.number}`, href: `/inbox/${request.id}/` });
    // An entry written before entries kept the number is named from the store.
    await server.db.query("INSERT INTO studio_audit (at, actor_id, actor_login, action, target, details, ip) VALUES ($1, NULL, 'old.user', 'inbox.view', $2, '{}', NULL)", [Date.now(), application.id]);
    const [job] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [application.id]);
    const older = (await (await get("admin", "/audit?action=inbox.view&actor=old.user")).json()) as typeof journal;
    expect(older.entries[0]?.about?.label).toBe(`Отклик №\u00a0${job?.number}`);
    const searched = entries.find((e) => e.action === "inbox.list" && JSON.parse(e.details).filter.search === true);
    expect(searched).toBeDefined();
    const all = JSON.stringify(entries);
    for (const secret of ["Ольга", "olga", "ольга", "Игорь", "igor@", "79161234567", "8916", "reader@"]) expect(all, secret).not.toContain(secret);
  });

  it("answers a person's request by e-mail: finds, copies and deletes everything; the audit entry keeps no e-mail", async () => {
    const email = "erase.me@client.example";
    const a = submission({ form: "project", email: "Erase.Me@Client.example", deliveries: [{ channel: "mail" }, { channel: "webhook" }] });
    const b = submission({ form: "job", email, file: { name: "cv.pdf", type: "application/pdf", size: 10, sha256: "y", content: pdf() }, deliveries: [{ channel: "mail" }] });
    await server.store.insertSubmissions([a, b]);
    const ask = (path: string, body: unknown) => call(server, "POST", `/studio/api/personal-data/${path}`, { cookie: cookies.admin, body });
    expect((await ask("search", { email: "", phone: "" })).status).toBe(422);
    expect((await ask("search", { phone: "12" })).status).toBe(422);
    const report = (await (await ask("search", { email: " ERASE.me@client.example " })).json()) as PersonalDataReport;
    expect(report.submissions.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    // Enough to tell it is the right person before deleting: name, vacancy or company, page, message, file.
    expect(report.submissions.find((s) => s.id === b.id)).toMatchObject({ kind: "job", name: "Иван Петров", subject: "Аналитик", page: "/contacts/", fileName: "cv.pdf", hasFile: true });
    expect(report.submissions.find((s) => s.id === a.id)).toMatchObject({ kind: "project", name: "Анна Смирнова", fileName: null });
    const copy = await ask("copy", { email });
    expect(copy.headers.get("content-disposition")).toMatch(/^attachment; filename="personalnye-dannye-\d{4}-\d{2}-\d{2}\.json"/);
    expect(((await copy.json()) as { submissions: unknown[] }).submissions).toHaveLength(2);
    // Confirmed only by the e-mail typed again (any case): a bare «yes» or another address deletes nothing.
    for (const confirm of [undefined, true, "", "someone.else@client.example"]) {
      const refused = await ask("delete", { email, confirm });
      expect(refused.status, String(confirm)).toBe(422);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors.confirm).toMatch(/^Введите e-mail человека ещё раз/);
    }
    expect(await server.store.submission(a.id)).not.toBeNull();
    const deleted = await (await ask("delete", { email, confirm: " Erase.Me@client.EXAMPLE" })).json();
    expect(deleted).toMatchObject({ submissions: 2, files: 1, deliveries: 3, subscriptions: 0, statusChanges: 0, comments: 0, wiped: true });
    for (const [table, column] of [["submissions", "id"], ["files", "submission_id"], ["outbox", "submission_id"], ["submission_words", "submission_id"]]) {
      expect(await server.db.query(`SELECT 1 FROM ${table} WHERE ${column} IN ($1, $2)`, [a.id, b.id]), table).toEqual([]);
    }
    const [entry] = await server.db.query<{ details: string; target: string | null }>("SELECT details, target FROM studio_audit WHERE action = 'personal-data.delete'");
    expect(JSON.parse(entry?.details ?? "{}")).toMatchObject({ by: "email", submissions: 2, files: 1, deliveries: 3 });
    const audit = JSON.stringify(await server.db.query("SELECT * FROM studio_audit WHERE action LIKE 'personal-data.%'"));
    expect(audit).not.toMatch(/erase\.me/i);
    expect(audit).toContain(a.id);
    const retention = await (await get("admin", "/personal-data/retention")).json();
    expect(retention).toMatchObject({ days: 365, lastRun: null });
  });

  it("shows a submission from the public form at once", async () => {
    const res = await postForm(server, "project", validProject({ name: "Вера Быстрова", email: "vera@fast.example" }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await listed("sales", "?q=%D0%B1%D1%8B%D1%81%D1%82%D1%80")).toEqual([id]);
    expect(await listed("sales", "?q=vera%40fast.example")).toEqual([id]);
  });
});
