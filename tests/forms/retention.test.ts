import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../support/cv-files.ts";
import { BACKENDS, type FormsServer, runScript, startFormsServer } from "../support/forms-server.ts";
import type { NewSubmission } from "../../server/leads/types.ts";

const DAY = 24 * 3_600_000;

function old(form: NewSubmission["form"], ageDays: number, extra: Partial<NewSubmission> = {}): NewSubmission {
  const createdAt = Date.now() - ageDays * DAY;
  return {
    id: crypto.randomUUID(),
    form,
    createdAt,
    data: { email: `${crypto.randomUUID().slice(0, 8)}@mail.example` },
    page: "/",
    utm: {},
    visit: { referrer: null, landing: null },
    campaign: null,
    ip: "10.0.0.1",
    consent: { at: new Date(createdAt).toISOString(), ip: "10.0.0.1", purposes: ["leads"], documents: { agreement: "v", privacy: "v" } },
    deliveries: [{ channel: "mail", payload: { to: "sales@test.example" } }],
    ...extra,
  };
}

describe.each(BACKENDS)("`npm run retention` on %s", (backend) => {
  let server: FormsServer;
  beforeAll(async () => {
    server = await startFormsServer(backend, { env: { LEADS_RETENTION_DAYS: "30" } });
  });
  afterAll(() => server?.dispose());

  it("deletes what is older than the configured days, with files and deliveries; keeps confirmed subscriptions' consent", async () => {
    const expired = old("project", 40);
    const application = old("job", 40, { file: { name: "cv.pdf", type: "application/pdf", size: 10, sha256: "x", content: pdf() } });
    const recent = old("project", 5);
    const token = (n: string) => ({ token: n, tokenHash: n, expiresAt: Date.now() + DAY });
    const unconfirmed = old("subscribe", 40);
    const confirmed = old("subscribe", 40);
    for (const s of [expired, application, recent]) await server.store.insertSubmission(s);
    await server.store.insertSubmission({ ...unconfirmed, subscription: { email: String(unconfirmed.data.email), ...token(`u-${unconfirmed.id}`) } });
    await server.store.insertSubmission({ ...confirmed, subscription: { email: String(confirmed.data.email), ...token(`c-${confirmed.id}`) } });
    expect(await server.store.confirmSubscription(`c-${confirmed.id}`, Date.now(), [])).not.toBeNull();

    const run = await runScript(server, "retention");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/older than 30 days/);

    expect(await server.store.submission(expired.id)).toBeNull();
    expect(await server.store.submission(application.id)).toBeNull();
    expect(await server.store.file(application.id)).toBeNull();
    expect(await server.outbox.forSubmission(expired.id)).toEqual([]);
    expect(await server.store.submission(unconfirmed.id)).toBeNull();
    expect(await server.store.subscription(String(unconfirmed.data.email))).toBeNull();
    expect(await server.store.submission(recent.id)).not.toBeNull();
    expect(await server.store.submission(confirmed.id)).not.toBeNull();
    expect(await server.store.subscription(String(confirmed.data.email))).toMatchObject({ status: "active" });

    // Recorded as the studio's daily run is: «Настройки» show it, the journal has it.
    const [mark] = await server.db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'retention.last'");
    expect(JSON.parse(mark?.value ?? "null")).toMatchObject({ ok: true, days: 30, submissions: 3, subscriptions: 1 });
    const [entry] = await server.db.query<{ details: string }>("SELECT details FROM studio_audit WHERE action = 'retention.run'");
    expect(JSON.parse(entry?.details ?? "null")).toMatchObject({ origin: "command", submissions: 3 });
  });
});
