import { describe, expect, it } from "vitest";
import { BACKENDS, receivingFormsServer, eventually, postForm, validProject, validSubscription } from "../support/forms-server.ts";

/** Double opt-in: a subscription is active only after its single-use confirmation link. */
describe.each(BACKENDS)("newsletter subscription on %s", (backend) => {
  const h = receivingFormsServer(backend);

  async function confirmationLink(email: string): Promise<URL> {
    const [letter] = await h.mail.waitFor((m) => m.to.includes(email));
    const link = new RegExp(`${h.server.baseUrl}/sub/confirm/\\?token=[\\w-]+`).exec(letter!.text)?.[0];
    expect(link, letter!.text).toBeDefined();
    return new URL(link!);
  }

  const confirm = (token: string) =>
    fetch(`${h.server.baseUrl}/sub/confirm/`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: h.server.baseUrl, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.7.0.1" },
      body: new URLSearchParams({ token }),
    });

  it("becomes active only through its link, and the link works once", async () => {
    const fields = validSubscription();
    const email = String(fields.email);
    const res = await postForm(h.server, "subscribe", fields);
    expect(res.status).toBe(200);
    const { number } = await res.json();
    expect(await h.server.store.subscription(email)).toMatchObject({ status: "pending" });

    const link = await confirmationLink(email);
    // The letter names the subscription by the number the page showed.
    const [letter] = h.mail.messages.filter((m) => m.to.includes(email));
    expect(letter?.text).toContain(`Подписка №\u00a0${number}`);
    // Opening the link (as a mail scanner would) changes nothing.
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Подтвердить подписку");
    expect(await h.server.store.subscription(email)).toMatchObject({ status: "pending" });
    expect(h.crm.requests.some((r) => r.id === fields.id)).toBe(false);

    const confirmed = await confirm(link.searchParams.get("token")!);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/sub/confirm/?result=confirmed");
    expect(await h.server.store.subscription(email)).toMatchObject({ status: "active" });
    await h.crm.waitFor([String(fields.id)]);
    expect(h.crm.accepted.get(String(fields.id))!.body).toMatchObject({ event: "subscription.confirmed", form: "subscribe", number, fields: { email } });

    expect((await fetch(link)).status).toBe(410);
    expect((await confirm(link.searchParams.get("token")!)).status).toBe(410);
    expect((await fetch(`${h.server.baseUrl}/sub/confirm/?token=made-up`)).status).toBe(410);
    expect(h.crm.requests.filter((r) => r.id === fields.id)).toHaveLength(1);
  });

  it("sends no second letter to an address already subscribed", async () => {
    const fields = validSubscription();
    await postForm(h.server, "subscribe", fields);
    const link = await confirmationLink(String(fields.email));
    await confirm(link.searchParams.get("token")!);
    const again = validSubscription({ email: String(fields.email) });
    expect((await postForm(h.server, "subscribe", again)).status).toBe(200);
    expect(await h.server.outbox.forSubmission(String(again.id))).toEqual([]);
    expect(h.mail.messages.filter((m) => m.to.includes(String(fields.email)))).toHaveLength(1);
  });

  it("subscribes from the project request only when its separate newsletter box is ticked", async () => {
    const ticked = validProject({ email: `lead-${crypto.randomUUID().slice(0, 8)}@client.example`, newsletter: "yes" });
    const plain = validProject({ email: `lead-${crypto.randomUUID().slice(0, 8)}@client.example` });
    await postForm(h.server, "project", ticked);
    await postForm(h.server, "project", plain);
    await confirmationLink(String(ticked.email));
    expect(await h.server.store.subscription(String(ticked.email))).toMatchObject({ status: "pending" });
    expect((await h.server.store.submission(String(ticked.id)))?.consent.purposes).toEqual(["leads", "newsletter"]);
    await eventually(async () => (await h.server.outbox.forSubmission(String(plain.id))).every((i) => i.status === "delivered"), 10_000, "the plain request's deliveries");
    expect(await h.server.store.subscription(String(plain.email))).toBeNull();
    expect(h.mail.messages.some((m) => m.to.includes(String(plain.email)))).toBe(false);
  });
});
