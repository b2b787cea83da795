import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "#core/studio/api.ts";
import type { SettingsView } from "#core/studio/settings.ts";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, publishSandbox, releasesSettled, startContentServer } from "../support/content.ts";
import { liveRelease, releaseRecord } from "../support/releases.ts";
import { addUser, call, signedInSession, signIn, type StudioSession } from "../support/studio.ts";

/**
 * The Yandex Metrica counter set on «Настройки», by an admin without a terminal: saved on the
 * screen, it goes onto every page of the site by a publication of its own (prerendered pages and
 * pages rendered on request), the site's CSP allows Metrica from that release on, the journal
 * names the change; later publications keep it, and taking it off takes it off everywhere. The
 * sandbox has releases of its own: no other test's site gets the counter.
 */
const ADMIN = { login: "counter.admin", password: "Counter admin passphrase 2026" };
const COUNTER = "98765432";

let env: ContentServer;
let browser: Browser;
let session: StudioSession;
let admin = "";

beforeAll(async () => {
  env = await startContentServer("sqlite");
  await addUser(env.server, ADMIN.login, "admin", ADMIN.password, "Анна Счётчикова");
  admin = await signIn(env.server, ADMIN.login, ADMIN.password);
  await releasesSettled(env);
  browser = await launchBrowser();
  session = await signedInSession(browser, env.server.baseUrl, ADMIN, 1440, { path: "/studio/settings/" });
}, 420_000);
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await env?.dispose();
});

const api = (cookie: string, method: string, body?: unknown) => call(env.server, method, "/studio/api/settings", { cookie, ...(body === undefined ? {} : { body }) });
const view = async () => (await (await api(admin, "GET")).json()) as SettingsView;
const page = (path: string) => fetch(`${env.server.baseUrl}${path}`);
const counterIn = (html: string) => /<meta name="runtime-config" content="[^"]*metrikaId&quot;:&quot;(\d+)&quot;/.exec(html)?.[1] ?? null;

/** The counter a page carries, and whether its CSP lets Metrica's script run. */
async function onPage(path: string): Promise<{ counter: string | null; csp: boolean }> {
  const res = await page(path);
  expect(res.status, path).toBe(200);
  const csp = res.headers.get("content-security-policy") ?? "";
  return { counter: counterIn(await res.text()), csp: /script-src [^;]*https:\/\/mc\.yandex\.ru/.test(csp) };
}

/** Waits until the publication the change started is live and the screen's API says so. */
async function settled(counter: string): Promise<void> {
  await expect.poll(async () => (await view()).metrikaId, { timeout: 240_000, interval: 500 }).toEqual({ value: counter, source: counter ? "studio" : "default", canPublish: true });
}

describe("the Metrica counter on «Настройки»", () => {
  it("refuses editors and a number that is not one, at its field, and keeps the site as it was", async () => {
    expect((await api(env.editor, "PUT", { metrikaId: COUNTER })).status).toBe(403);
    const res = await api(admin, "PUT", { metrikaId: "UA-12345" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ metrikaId: "Номер счётчика\u00a0— только цифры, до\u00a012: его видно в\u00a0Метрике рядом с\u00a0названием сайта" });
    expect(await view()).toMatchObject({ metrikaId: { value: "", source: "default", canPublish: true } });
    expect(await onPage("/")).toEqual({ counter: null, csp: false });
  });

  it("is saved on the screen, published on every page with the CSP that lets it run, and named in the journal", { timeout: 300_000 }, async () => {
    const { page: screen } = session;
    const field = screen.getByLabel("Номер счётчика Яндекс Метрики");
    await field.fill("98 765 432");
    await screen.getByRole("button", { name: "Сохранить счётчик" }).click();
    await screen.getByText(/^Сохранено\. Счётчик появится на\sвсех страницах сайта/).waitFor();
    // The screen follows the publication by itself, until the counter is on the site.
    await screen.getByText(`на\u00a0сайте счётчик ${COUNTER}`, { exact: true }).waitFor({ timeout: 240_000 });
    await settled(COUNTER);

    const record = releaseRecord(env.sandbox.releasesDir, liveRelease(env.sandbox.releasesDir) as string);
    expect(record).toMatchObject({ metrikaId: COUNTER, full: "новый счётчик Метрики", entries: [], changed: [] });
    // A prerendered page, an article, and a page rendered on request (a search's results).
    for (const path of ["/", "/services/seo/", "/search/?q=%D1%81%D0%B5%D0%BE"]) expect(await onPage(path), path).toEqual({ counter: COUNTER, csp: true });

    const journal = (await (await call(env.server, "GET", "/studio/api/audit?action=settings.change", { cookie: admin })).json()) as AuditPage;
    expect(journal.entries[0]).toMatchObject({ actorLogin: ADMIN.login, target: "Номер счётчика Яндекс Метрики", details: { values: { metrikaId: COUNTER } } });
    expect(await atEveryWidth(screen, 1440)).toEqual([]);
  });

  it("stays through the next publication, and taken off, leaves every page and the CSP", { timeout: 420_000 }, async () => {
    await publishSandbox(env);
    expect(await onPage("/")).toEqual({ counter: COUNTER, csp: true });

    expect((await api(admin, "PUT", { metrikaId: "" })).status).toBe(200);
    await settled("");
    for (const path of ["/", "/services/seo/", "/search/?q=%D1%81%D0%B5%D0%BE"]) expect(await onPage(path), path).toEqual({ counter: null, csp: false });
    const journal = (await (await call(env.server, "GET", "/studio/api/audit?action=settings.change", { cookie: admin })).json()) as AuditPage;
    expect(journal.entries[0]).toMatchObject({ target: "Номер счётчика Яндекс Метрики", details: { values: { metrikaId: "снят" } } });
  });
});
