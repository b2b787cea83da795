import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { BACKENDS, receivingFormsServer, MAILBOXES, openEvent, postForm, validRegistration } from "../support/forms-server.ts";

/**
 * Registration for an event (issue 59: a landing's form may be one): the landing shows what the
 * registration is for and sends it with the page's campaign; the server keeps it under its own
 * numbers, with the event, writes to the team and to the registrant, passes it to the CRM, and
 * refuses an event that is over or unknown, saying so above the button.
 */
const landing = content().landings.find((l) => l.blocks.some((b) => b.kind === "form" && b.form === "event"));
if (!landing) throw new Error("content has no landing with a registration form");
const block = landing.blocks.find((b) => b.kind === "form");
const page = `/lp/${landing.slug}/`;

describe.each(BACKENDS)("registration for an event on %s", (backend) => {
  const h = receivingFormsServer(backend);

  it("shows on the landing what the registration is for, with the event as a hidden field", async () => {
    const event = content().events.find((e) => block?.kind === "form" && e.slug === block.event);
    const res = await fetch(h.server.baseUrl + page);
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/&nbsp;|\u00a0/g, " ");
    expect(html).toContain('data-form="event"');
    expect(html).toMatch(new RegExp(`<input type="hidden" name="event" value="${event?.slug}"`));
    expect(html).toContain(`action="/forms/event/"`);
    expect(html).toMatch(/12 марта 2027, 09:30–12:00 МСК/);
  });

  it("keeps a registration from the landing with its event and campaign, and writes to the team, the registrant and the CRM", async () => {
    const event = openEvent();
    // As the landing's form sends it: the campaign's label is one of its hidden fields.
    const label = block?.kind === "form" ? (block.campaign ?? "") : "";
    const fields = validRegistration({ event: event.slug, page, campaign_label: label });
    const res = await postForm(h.server, "event", fields, { headers: { Cookie: "cookie_consent=analytics" } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; form: string; number: number };
    expect(answer).toMatchObject({ ok: true, form: "event" });
    expect(answer.number).toBeGreaterThan(0);

    const stored = await h.server.store.submission(String(fields.id));
    expect(stored).toMatchObject({
      form: "event",
      data: { event: { slug: event.slug, title: event.title }, name: "Ольга Кузнецова", email: String(fields.email), phone: "+79120001122", company: "ООО «Гость»" },
      campaign: { landing: landing.slug, label },
      consent: { purposes: ["events"] },
    });

    const [team] = await h.mail.waitFor((m) => m.to.includes(MAILBOXES.sales) && m.text.includes(String(fields.id)));
    expect(team?.subject).toBe(`Регистрация №\u00a0${answer.number} на\u00a0событие «${event.title}»: Ольга Кузнецова, ООО «Гость»`);
    const [own] = await h.mail.waitFor((m) => m.to.includes(String(fields.email)));
    expect(own?.subject).toBe(`Вы\u00a0зарегистрированы: «${event.title}»`);
    expect(own?.text).toContain(`${h.server.baseUrl}/events/#event-${event.slug}`);

    await h.crm.waitFor([String(fields.id)]);
    const hook = h.crm.requests.find((r) => r.id === String(fields.id) && r.status === 200);
    expect(hook?.body).toMatchObject({ form: "event", fields: { event: { slug: event.slug } }, campaign: { landing: landing.slug } });
  });

  it("works without JavaScript: the form's own page takes the post and shows its number", async () => {
    const event = openEvent();
    const form = await fetch(`${h.server.baseUrl}/forms/event/?event=${event.slug}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(new RegExp(`name="event" value="${event.slug}"`));
    const fields = validRegistration({ event: event.slug, elapsed: "" });
    const res = await postForm(h.server, "event", fields, { endpoint: "page" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/forms\/event\/\?sent=[0-9a-f-]{36}&number=\d+$/);
    const done = await (await fetch(h.server.baseUrl + location)).text();
    expect(done.replace(/&nbsp;|\u00a0/g, " ")).toMatch(/Вы\sзарегистрированы[\s\S]*Регистрация № \d+/);
  });

  it("refuses an unknown event and one that is over, above the button, and keeps nothing", async () => {
    const unknown = validRegistration({ event: "no-such-event" });
    const refused = await postForm(h.server, "event", unknown);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ ok: false, message: M.event.closed, errors: { event: M.event.closed } });
    expect(await h.server.store.submission(String(unknown.id))).toBeNull();

    const { consent: _consent, ...unticked } = validRegistration({ name: "", email: "not-an-email" });
    const missing = await postForm(h.server, "event", unticked);
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: object }).errors).toEqual({ name: M.name.required, email: M.email.invalid, consent: M.consent.event });

    // The server's time passes the event's end: its registration closes.
    h.server.clock.advance(openEvent().closesAt - h.server.clock.now() + 60_000);
    const late = validRegistration();
    const closed = await postForm(h.server, "event", late);
    expect(closed.status).toBe(422);
    expect(await closed.json()).toMatchObject({ message: M.event.closed });
    expect(await h.server.store.submission(String(late.id))).toBeNull();
  });
});
