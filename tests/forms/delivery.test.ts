import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, type FormsServer, eventually, postForm, runScript, startFormsServer, validProject } from "../support/forms-server.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type WebhookReceiver, startWebhookReceiver } from "../support/webhook-receiver.ts";

const outboxCli = (server: FormsServer, ...args: string[]) => runScript(server, "outbox", ...args);
/** An id the receiver below does not fail on purpose (those start with 0). */
const plainId = () => `1${crypto.randomUUID().slice(1)}`;

describe.each(BACKENDS)("delivery through the outbox on %s", (backend) => {
  let server: FormsServer;
  let crm: WebhookReceiver;
  let mail: SmtpSink;
  const failing = new Set<string>();

  beforeAll(async () => {
    [crm, mail] = await Promise.all([startWebhookReceiver(), startSmtpSink()]);
    crm.respond = (id, attempt) => (failing.has(id) ? 500 : attempt <= 2 && id.startsWith("0") ? 500 : 200);
    server = await startFormsServer(backend, { webhookUrl: crm.url, webhookSecret: crm.secret, smtpUrl: mail.url });
  });
  afterAll(async () => {
    await server?.dispose();
    await Promise.all([crm?.close(), mail?.close()]);
  });

  it("retries a receiver that answers 500 twice, then delivers each submission once", async () => {
    // Ids starting with 0 get two 500s first (see respond above).
    const ids = ["0", "0", "0"].map((p) => p + crypto.randomUUID().slice(1));
    for (const id of ids) expect((await postForm(server, "project", validProject({ id }))).status).toBe(200);
    await crm.waitFor(ids);
    for (const id of ids) {
      expect(crm.requests.filter((r) => r.id === id).map((r) => r.status)).toEqual([500, 500, 200]);
      const webhook = await eventually(async () => {
        const item = (await server.outbox.forSubmission(id)).find((i) => i.channel === "webhook");
        return item?.status === "delivered" ? item : undefined;
      }, 5_000, "the item to be marked delivered");
      expect(webhook.attempts).toBe(3);
    }
    expect(crm.duplicates).toBe(0);
  });

  it("counts a redirect as a failure", async () => {
    const id = plainId();
    const previous = crm.respond;
    crm.respond = (hookId, attempt) => (hookId === id && attempt === 1 ? 302 : previous(hookId, attempt));
    await postForm(server, "project", validProject({ id }));
    await crm.waitFor([id]);
    crm.respond = previous;
    expect(crm.requests.filter((r) => r.id === id).map((r) => r.status)).toEqual([302, 200]);
  });

  it("dead-letters after the last attempt, logs an alert, lists it in `outbox status` and delivers it on `outbox retry`", async () => {
    const id = plainId();
    failing.add(id);
    await postForm(server, "project", validProject({ id }));
    const dead = await eventually(async () => {
      const item = (await server.outbox.forSubmission(id)).find((i) => i.channel === "webhook");
      return item?.status === "dead" ? item : undefined;
    }, 20_000, "the item to be dead-lettered");
    // OUTBOX_RETRY_SCHEDULE has three delays: four attempts in all.
    expect(dead).toMatchObject({ attempts: 4, lastError: "webhook: HTTP 500" });
    expect(crm.requests.filter((r) => r.id === id)).toHaveLength(4);
    expect(server.output()).toMatch(new RegExp(`"level":"alert".*"submissionId":"${id}"`));

    const status = await outboxCli(server, "status");
    expect(status.code).toBe(0);
    expect(status.out).toMatch(new RegExp(`^${dead.id}\\s+dead\\s+webhook\\s+4\\s.*${id}.*HTTP 500`, "m"));

    failing.delete(id);
    const retry = await outboxCli(server, "retry", String(dead.id));
    expect(retry.code).toBe(0);
    expect(retry.out).toContain("delivered");
    expect(crm.accepted.has(id)).toBe(true);
    expect((await outboxCli(server, "status")).out).not.toMatch(new RegExp(`^${dead.id}\\s`, "m"));
    expect((await outboxCli(server, "retry", "999999")).code).toBe(1);
  });

  it("a bounced letter leaves no address, name or phone in the log or the outbox: the error is kept by its codes, its text redacted", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const who = { email: `bounce.${tag}@visitor.example`, name: `Олег Отказов${tag.replace(/\d/g, "")}`, phone: "+7 912 555-01-02" };
    // Mail servers quote the refused address, some what else they know of its owner.
    mail.refuse = (recipient) => (recipient === who.email ? `550 5.1.1 <${recipient}>: Recipient address rejected: ${who.name}, ${who.phone}` : undefined);
    // The newsletter box: the confirmation letter goes to the visitor's own address.
    const res = await postForm(server, "project", validProject({ id: plainId(), ...who, newsletter: "yes" }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const dead = await eventually(async () => {
      const item = (await server.outbox.forSubmission(id)).find((i) => i.channel === "confirm");
      return item?.status === "dead" ? item : undefined;
    }, 20_000, "the refused letter to be dead-lettered");
    mail.refuse = () => undefined;
    // What an operator needs: the reply's code, its enhanced status, what was refused.
    expect(dead.lastError).toMatch(/\b550\b/);
    expect(dead.lastError).toContain("5.1.1");
    expect(dead.lastError).toContain("Recipient address rejected");
    const log = server.output();
    expect(log).toMatch(new RegExp(`"level":"alert".*"submissionId":"${id}".*5\\.1\\.1`));
    for (const personal of [who.email, `bounce.${tag}`, who.name, who.name.split(" ")[1]!, "555-01-02", "5550102"]) {
      expect(dead.lastError, `${personal} in outbox.last_error`).not.toContain(personal);
      expect(log, `${personal} in the log`).not.toContain(personal);
    }
  });

  it("keeps delivering after a restart", async () => {
    const id = plainId();
    failing.add(id);
    await postForm(server, "project", validProject({ id }));
    await eventually(() => crm.requests.some((r) => r.id === id), 10_000, "a first failed attempt");
    await server.kill9();
    failing.delete(id);
    await server.restart();
    await crm.waitFor([id], 20_000);
    await eventually(async () => (await server.outbox.forSubmission(id)).every((i) => i.status === "delivered"), 10_000, "webhook and mail to be delivered");
  });
});
