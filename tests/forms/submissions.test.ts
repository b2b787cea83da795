import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { doc, docx, pdf } from "../support/cv-files.ts";
import { BACKENDS, receivingFormsServer, MAILBOXES, postForm, validProject } from "../support/forms-server.ts";

const legal = (slug: string) => content().legal.find((p) => p.slug === slug)?.version;
const position = content().positions[0]!;

describe.each(BACKENDS)("form submissions on %s", (backend) => {
  const h = receivingFormsServer(backend);

  it("stores a valid request, answers with its id and number, and delivers it signed to the CRM and by e-h.mail, named by that number", async () => {
    const fields = validProject({ services: ["seo", "aso"], budget: "1m-3m" });
    const res = await postForm(h.server, "project", fields);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({ ok: true, id: fields.id, form: "project", number: expect.any(Number) });

    const stored = await h.server.store.submission(answer.id);
    // The number the visitor is told is the one stored, which the studio shows.
    expect(stored?.number).toBe(answer.number);
    // Sent again (a retry after a lost answer): the same number, nothing new stored.
    const again = await (await postForm(h.server, "project", fields)).json();
    expect(again).toEqual(answer);
    expect(stored).toMatchObject({
      form: "project",
      page: "/contacts/",
      utm: { utm_source: "yandex" },
      data: { name: "Анна Смирнова", phone: "+79123456789", email: "anna@client.example", services: [{ slug: "seo" }, { slug: "aso" }], budget: { key: "1m-3m" } },
      consent: { purposes: ["leads"], documents: { agreement: legal("agreement"), privacy: legal("privacy") } },
    });
    expect(stored?.ip).toMatch(/^10\./);
    expect(stored?.consent.ip).toBe(stored?.ip);
    expect(Date.parse(stored!.consent.at)).toBeGreaterThan(Date.now() - 60_000);

    await h.crm.waitFor([answer.id]);
    const delivery = h.crm.accepted.get(answer.id)!;
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.body).toMatchObject({ event: "submission.created", id: answer.id, number: answer.number, form: "project", fields: { phone: "+79123456789" } });

    const [letter] = await h.mail.waitFor((m) => m.messageId.includes(answer.id));
    expect(letter!.to).toEqual([MAILBOXES.sales]);
    expect(letter!.headers.get("reply-to")).toContain("anna@client.example");
    expect(letter!.subject).toBe(`Заявка №\u00a0${answer.number} с\u00a0сайта: Анна Смирнова, ООО «Клиент»`);
    expect(letter!.text).toContain("+79123456789");
    expect(letter!.text).toContain(`${h.server.baseUrl}/studio/inbox/${answer.id}/`);
  });

  const invalid: Array<[string, Record<string, string | string[]>, Record<string, string>]> = [
    ["name", { name: "  " }, { name: M.name.required }],
    ["email", { email: "anna@" }, { email: M.email.invalid }],
    ["phone", { phone: "12-34" }, { phone: M.phone.invalid }],
    ["phone or e-mail", { phone: "", email: "" }, { phone: M.contact, email: M.contact }],
    ["company", { company: "x".repeat(201) }, { company: M.company.long }],
    ["services", { services: ["no-such-service"] }, { services: M.services.unknown }],
    ["budget", { budget: "a-lot" }, { budget: M.budget.unknown }],
    ["message", { message: "я".repeat(5001) }, { message: M.message.long }],
    ["consent", { consent: "" }, { consent: M.consent.processing }],
  ];
  it.each(invalid)("refuses a bad %s with 422, a Russian message for that field, and stores nothing", async (_, overrides, expected) => {
    const before = await h.server.store.submissionCount();
    const fields = validProject(overrides);
    if (overrides.consent === "") delete fields.consent;
    const res = await postForm(h.server, "project", fields);
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.ok).toBe(false);
    expect(answer.errors).toEqual(expected);
    for (const message of Object.values(expected)) expect(message).toMatch(/[а-яё]/i);
    expect(await h.server.store.submission(String(fields.id))).toBeNull();
    expect(await h.server.store.submissionCount()).toBe(before);
  });

  it("takes a job application with a CV checked by its content, stores the file with its checksum and mails it to HR", async () => {
    const bytes = pdf(2000);
    const id = crypto.randomUUID();
    const res = await postForm(h.server, "job", {
      id,
      position: position.slug,
      name: "Иван Петров",
      email: "ivan@cv.example",
      phone: "+7 (903) 111-22-33",
      cv: new File([bytes as BlobPart], "Резюме Иван.pdf", { type: "application/pdf" }),
      letter: "Хочу к вам",
      consent: "yes",
      elapsed: "9000",
    });
    expect(res.status).toBe(200);
    const { number } = await res.json();
    expect((await h.server.store.submission(id))?.number).toBe(number);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const file = await h.server.store.file(id);
    expect(file).toMatchObject({ name: "Резюме Иван.pdf", type: "application/pdf", size: bytes.length, sha256 });
    expect(createHash("sha256").update(file!.content).digest("hex")).toBe(sha256);

    const [letter] = await h.mail.waitFor((m) => m.messageId.includes(id));
    expect(letter!.to).toEqual([MAILBOXES.hr]);
    expect(letter!.subject).toBe(`Отклик №\u00a0${number} на\u00a0вакансию «${position.title}»: Иван Петров`);
    expect(letter!.attachments).toHaveLength(1);
    expect(createHash("sha256").update(letter!.attachments[0]!.content).digest("hex")).toBe(sha256);
    await h.crm.waitFor([id]);
    expect(h.crm.accepted.get(id)!.body).toMatchObject({ form: "job", number, file: { sha256, size: bytes.length } });
  });

  it.each([
    ["DOC", doc(), "cv.doc", 200],
    ["DOCX", docx(), "cv.docx", 200],
    ["a text file named .pdf", new TextEncoder().encode("not a pdf at all"), "cv.pdf", 422],
    ["a spreadsheet named .docx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), "cv.docx", 422],
  ] as const)("judges a CV by its bytes: %s", async (_, bytes, name, status) => {
    const res = await postForm(h.server, "job", {
      id: crypto.randomUUID(),
      position: position.slug,
      name: "Иван",
      email: "ivan@cv.example",
      phone: "+79031112233",
      cv: new File([bytes as BlobPart], name),
      consent: "yes",
      elapsed: "9000",
    });
    expect(res.status).toBe(status);
    if (status === 422) expect((await res.json()).errors).toEqual({ cv: M.cv.unreadable });
  });

  it("refuses a CV over 5 MB with a message on the file field", async () => {
    const res = await postForm(h.server, "job", {
      id: crypto.randomUUID(),
      position: position.slug,
      name: "Иван",
      email: "ivan@cv.example",
      phone: "+79031112233",
      cv: new File([pdf(5 * 1024 * 1024) as BlobPart], "cv.pdf"),
      consent: "yes",
      elapsed: "9000",
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ cv: M.cv.tooLarge });
  });

  it.each([
    ["the honeypot is filled", { homepage: "http://spam.example" }],
    ["the form was filled too fast", { elapsed: "400" }],
  ])("answers a normal-looking success but keeps and delivers nothing when %s", async (_, overrides) => {
    const fields = validProject(overrides);
    const res = await postForm(h.server, "project", fields);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: fields.id, form: "project" });
    // A real one sent after it is delivered; by then the bot's would have been too.
    const real = validProject();
    await postForm(h.server, "project", real);
    await h.crm.waitFor([String(real.id)]);
    await h.mail.waitFor((m) => m.messageId.includes(String(real.id)));
    expect(await h.server.store.submission(String(fields.id))).toBeNull();
    expect(h.crm.requests.some((r) => r.id === fields.id)).toBe(false);
    expect(h.mail.messages.some((m) => m.messageId.includes(String(fields.id)))).toBe(false);
  });

  it("answers the same id twice with the same answer and keeps one submission", async () => {
    const fields = validProject();
    const [first, second] = await Promise.all([postForm(h.server, "project", fields), postForm(h.server, "project", fields)]);
    const third = await postForm(h.server, "project", { ...fields, name: "Другое имя" });
    const answers = await Promise.all([first, second, third].map((r) => r.json()));
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect((await h.server.store.submission(String(fields.id)))?.data.name).toBe("Анна Смирнова");
    expect((await h.server.outbox.forSubmission(String(fields.id))).map((i) => i.channel).sort()).toEqual(["mail", "webhook"]);
  });

  describe("refusals before the form is read", () => {
    it("413 for a body over the limit", async () => {
      const res = await postForm(h.server, "project", validProject({ message: "x".repeat(70 * 1024) }));
      expect(res.status).toBe(413);
    });

    it("415 for a content type forms do not send", async () => {
      const res = await postForm(h.server, "project", {}, { body: JSON.stringify(validProject()), headers: { "Content-Type": "application/json" } });
      expect(res.status).toBe(415);
      const plain = await postForm(h.server, "project", {}, { body: "name=x", headers: { "Content-Type": "text/plain" } });
      expect(plain.status).toBe(415);
    });

    it("403 for a cross-site post, by Sec-Fetch-Site or by Origin", async () => {
      const bySite = await postForm(h.server, "project", validProject(), { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } });
      expect(bySite.status).toBe(403);
      const sameSite = await postForm(h.server, "project", validProject(), { headers: { "Sec-Fetch-Site": "same-site" } });
      expect(sameSite.status).toBe(403);
      const fields = validProject();
      const byOrigin = await fetch(`${h.server.baseUrl}/forms/project/`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: "https://evil.example", "X-Forwarded-For": "10.9.9.9", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields as Record<string, string>),
      });
      expect(byOrigin.status).toBe(403);
      expect(await h.server.store.submission(String(fields.id))).toBeNull();
    });

    it("411 for a body without a declared length", async () => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("name=x"));
          controller.close();
        },
      });
      const res = await fetch(`${h.server.baseUrl}/api/forms/project/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.9.8" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(411);
    });

    it("429 with Retry-After once one address sends too many", async () => {
      const ip = "10.200.0.1";
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await postForm(h.server, "project", validProject(), { ip })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await postForm(h.server, "project", validProject(), { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).message).toBe(M.form.tooMany);
      // Another address is not affected.
      expect((await postForm(h.server, "project", validProject(), { ip: "10.200.0.2" })).status).toBe(200);
    });
  });

  describe("without JavaScript", () => {
    it("a plain post redirects to the result page; reloading it sends nothing again", async () => {
      const fields = validProject();
      delete fields.id;
      delete fields.elapsed;
      const res = await fetch(`${h.server.baseUrl}/forms/project/`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: h.server.baseUrl, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.1.1" },
        body: new URLSearchParams(fields as Record<string, string>),
      });
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get("location")!, h.server.baseUrl);
      const id = location.searchParams.get("sent")!;
      const stored = await h.server.store.submission(id);
      expect(stored).not.toBeNull();
      // The result page names the stored number, carried by the redirect.
      expect(location.searchParams.get("number")).toBe(String(stored?.number));
      const page = await fetch(location);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(id);
      expect(html).toContain(`Заявка №\u00a0${stored?.number}`);
    });

    it("an invalid post answers 422 with the form, its messages and what was typed", async () => {
      const res = await fetch(`${h.server.baseUrl}/forms/project/`, {
        method: "POST",
        headers: { Origin: h.server.baseUrl, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.1.2" },
        body: new URLSearchParams({ name: "Пётр", email: "petr@", company: "Завод «Восток»", consent: "yes" }),
      });
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain(M.email.invalid);
      expect(html).toContain('value="petr@"');
      expect(html).toContain('value="Пётр"');
      expect(html).toContain("Завод «Восток»");
    });
  });
});
