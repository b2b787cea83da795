import { parse } from "node-html-parser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { counterDecided, waitForReady } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { pdf } from "../support/cv-files.ts";
import { type FormsServer, startFormsServer } from "../support/forms-server.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type WebhookReceiver, startWebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * The forms as a visitor uses them, with and without JavaScript, against the
 * production server on the embedded store. Forms sent sooner than
 * FORMS_MIN_FILL_MS after they appeared count as bots, so a visitor here takes
 * the time a person would (on the page's clock, moved forward).
 */
const FILL_MS = 3_200;
/** Answers come from a real server on a shared machine: wait as a person would. */
const WAIT = { timeout: 15_000 };
const COUNTER = "12345678";

let browser: Browser;
let server: FormsServer;
let crm: WebhookReceiver;
let mail: SmtpSink;

beforeAll(async () => {
  [crm, mail, browser] = await Promise.all([startWebhookReceiver(), startSmtpSink(), launchBrowser()]);
  server = await startFormsServer("sqlite", { webhookUrl: crm.url, webhookSecret: crm.secret, smtpUrl: mail.url, env: { PUBLIC_METRIKA_ID: COUNTER, FORMS_RATE_LIMIT: "100" } });
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await Promise.all([crm?.close(), mail?.close()]);
});

async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, problems } = await openSession(browser, { width: 1280, height: 900, ...options });
  await context.route("https://mc.yandex.ru/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  // The page's clock, which times how long the form was filled in: moved forward, not waited for.
  await page.clock.install();
  return { context, page, errors: problems };
}

async function open(page: Page, path: string, on: FormsServer = server, referer?: string) {
  await page.goto(on.baseUrl + path, { referer });
  // Hydrated and idle: sections hydrate apart at low priority (decision 022), and a blur in a form
  // whose section is still the server's HTML is not replayed by React once it hydrates.
  await waitForReady(page);
}

const form = (page: Page, id = "#project-request") => page.locator(id);

describe("with JavaScript", () => {
  it("explains errors field by field in Russian, then sends without a page load and shows a clear success", async () => {
    const { context, page, errors } = await newPage();
    // Followed from an article on another site: its host (not its address) is kept with the visit.
    await open(page, "/contacts/?utm_source=browser-test&utm_campaign=forms", server, "https://www.vc.ru/marketing/123-analitika?from=feed");
    await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
    const f = form(page);
    await f.getByLabel("Имя").fill("Мария");
    await f.getByLabel("E-mail").fill("maria@");
    // Leaving the field again until it answers: on a loaded machine the form's section may still be
    // the server's HTML when it is first left (sections hydrate apart), and React does not replay that blur.
    await expect
      .poll(async () => {
        await f.getByLabel("E-mail").focus();
        await f.getByLabel("E-mail").blur();
        return f.getByText(M.email.invalid).isVisible();
      }, WAIT)
      .toBe(true);
    expect(await f.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
    await f.getByLabel("E-mail").fill("maria@client.example");
    await expect.poll(() => f.getByText(M.email.invalid).count(), WAIT).toBe(0);

    await f.getByRole("button", { name: "Отправить заявку" }).click();
    await expect.poll(() => f.getByText(M.consent.processing).isVisible(), WAIT).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("consent");

    await f.getByLabel("Телефон").fill("8 912 000-11-22");
    await f.getByRole("checkbox", { name: /SEO/ }).first().check();
    await f.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).check();
    await page.clock.fastForward(FILL_MS);
    await f.getByRole("button", { name: "Отправить заявку" }).click();
    const success = f.getByRole("status");
    await expect.poll(() => success.isVisible(), WAIT).toBe(true);
    const id = await success.getAttribute("data-submission-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);

    const stored = await server.store.submission(id!);
    expect(stored).toMatchObject({
      page: "/contacts/",
      utm: { utm_source: "browser-test", utm_campaign: "forms" },
      visit: { referrer: "vc.ru", landing: "/contacts/" },
      data: { phone: "+79120001122", email: "maria@client.example" },
    });
    // The visitor is told the number the studio and the CRM know it by, not the id.
    expect(await success.textContent()).toContain(`Заявка №\u00a0${stored?.number}`);
    expect(await success.textContent()).not.toContain(id!);
    await crm.waitFor([id!]);
    expect(crm.accepted.get(id!)?.body.number).toBe(stored?.number);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reaches the Metrica goal of the form", async () => {
    const { context, page } = await newPage();
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { ym: (...args: unknown[]) => void; ymCalls: unknown[][] }).ymCalls = calls;
      (window as unknown as { ym: (...args: unknown[]) => void }).ym = (...args: unknown[]) => calls.push(args);
    });
    await open(page, "/sub/");
    const f = page.locator("main .lead-form");
    await f.getByLabel("E-mail").fill(`goal-${Date.now()}@mail.example`);
    await f.getByRole("checkbox", { name: /для рассылки/ }).check();
    await page.clock.fastForward(FILL_MS);
    await f.getByRole("button", { name: "Подписаться" }).click();
    await expect.poll(() => f.getByRole("status").isVisible(), WAIT).toBe(true);
    const calls = await page.evaluate(() => (window as unknown as { ymCalls: unknown[][] }).ymCalls);
    expect(calls).toContainEqual([Number(COUNTER), "reachGoal", "form_subscribe"]);
    await context.close();
  });

  it("registers a visitor for an event from a landing: asks what is missing at its field, then names the registration", async () => {
    const { context, page, errors } = await newPage();
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { ymCalls: unknown[][] }).ymCalls = calls;
      (window as unknown as { ym: (...args: unknown[]) => void }).ym = (...args: unknown[]) => calls.push(args);
    });
    const landing = content().landings.find((l) => l.blocks.some((b) => b.kind === "form" && b.form === "event"));
    await open(page, `/lp/${landing?.slug}/`);
    const f = page.locator('[data-form="event"]');
    await f.getByText(/«Performance-завтрак\sв\sКазани.*12\sмарта\s2027/).waitFor();
    await f.getByLabel("Имя").fill("Ольга");
    await f.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect.poll(() => f.getByText(M.email.required).isVisible(), WAIT).toBe(true);
    await f.getByLabel("E-mail").fill("olga@developer.example");
    await f.getByRole("checkbox", { name: /для регистрации на\s+событие/ }).check();
    await page.clock.fastForward(FILL_MS);
    await f.getByRole("button", { name: "Зарегистрироваться" }).click();
    const success = f.getByRole("status");
    await expect.poll(() => success.isVisible(), WAIT).toBe(true);
    const stored = await server.store.submission((await success.getAttribute("data-submission-id"))!);
    expect(stored).toMatchObject({ form: "event", data: { event: { slug: "kazan-performance-breakfast-2027" }, name: "Ольга" }, campaign: { landing: landing?.slug } });
    expect(await success.textContent()).toMatch(/Вы\sзарегистрированы/);
    expect(await success.textContent()).toContain(`Регистрация №\u00a0${stored?.number}`);
    expect(await page.evaluate(() => (window as unknown as { ymCalls: unknown[][] }).ymCalls)).toContainEqual([Number(COUNTER), "reachGoal", "form_event"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps what was typed when the store is unavailable, and sends it once when retried", async () => {
    const { context, page } = await newPage();
    await open(page, "/");
    const f = form(page);
    await f.getByLabel("Имя").fill("Олег");
    await f.getByLabel("E-mail").fill("oleg@client.example");
    await f.getByLabel("О задаче").fill("Нужна аналитика для интернет-магазина");
    await f.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).check();
    await page.clock.fastForward(FILL_MS);
    let release: () => void = () => {};
    let opened: () => void = () => {};
    const held = new Promise<void>((resolve) => (opened = resolve));
    const locked = server.db.transaction(async () => {
      opened();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    await f.getByRole("button", { name: "Отправить заявку" }).click();
    await expect.poll(() => f.getByText(M.form.unavailable).isVisible(), WAIT).toBe(true);
    expect(await f.getByLabel("Имя").inputValue()).toBe("Олег");
    expect(await f.getByLabel("О задаче").inputValue()).toBe("Нужна аналитика для интернет-магазина");
    expect(await f.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).isChecked()).toBe(true);
    release();
    await locked;
    await f.getByRole("button", { name: "Отправить заявку" }).click();
    await expect.poll(() => f.getByRole("status").isVisible(), WAIT).toBe(true);
    const id = await f.getByRole("status").getAttribute("data-submission-id");
    expect((await server.store.submission(id!))?.data.name).toBe("Олег");
    await context.close();
  });

  it("checks a CV's content as soon as it is chosen, and sends an application with a real one", async () => {
    const position = content().positions[0]!;
    const { context, page } = await newPage();
    await open(page, `/career/${position.slug}/`);
    const f = form(page, "#job-application");
    const file = f.getByLabel("Резюме", { exact: true });
    await file.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("this is not a pdf") });
    await expect.poll(() => f.getByText(M.cv.unreadable).isVisible(), WAIT).toBe(true);
    await file.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf(5000)) });
    await expect.poll(() => f.getByText(M.cv.unreadable).count(), WAIT).toBe(0);
    await f.getByLabel("Имя и фамилия").fill("Ирина Ким");
    await f.getByLabel("E-mail").fill("irina@cv.example");
    await f.getByLabel("Телефон").fill("+7 999 123-45-67");
    await f.getByRole("checkbox", { name: /для рассмотрения отклика/ }).check();
    await page.clock.fastForward(FILL_MS);
    await f.getByRole("button", { name: "Откликнуться" }).click();
    await expect.poll(() => f.getByRole("status").isVisible(), WAIT).toBe(true);
    const id = await f.getByRole("status").getAttribute("data-submission-id");
    expect(await server.store.file(id!)).toMatchObject({ name: "cv.pdf", type: "application/pdf" });
    expect((await server.store.submission(id!))?.data).toMatchObject({ position: { slug: position.slug, title: position.title } });
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("sends the project request from /contacts/ end to end and shows the result page", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`${server.baseUrl}/contacts/`);
    const f = form(page);
    await f.getByLabel("Имя").fill("Павел");
    await f.getByLabel("E-mail").fill("pavel@");
    await f.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).check();
    await f.getByRole("button", { name: "Отправить заявку" }).click();
    await page.waitForURL(`${server.baseUrl}/forms/project/`);
    // The form comes back with its message and what was typed.
    expect(await page.getByText(M.email.invalid).isVisible()).toBe(true);
    const again = page.locator("main form");
    expect(await again.getByLabel("Имя").inputValue()).toBe("Павел");
    expect(await again.getByLabel("E-mail").inputValue()).toBe("pavel@");
    expect(await again.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).isChecked()).toBe(true);
    await again.getByLabel("E-mail").fill("pavel@client.example");
    await again.getByRole("button", { name: "Отправить заявку" }).click();
    await page.waitForURL(/\/forms\/project\/\?sent=/);
    const id = new URL(page.url()).searchParams.get("sent")!;
    expect(await page.getByRole("status").isVisible()).toBe(true);
    const stored = await server.store.submission(id);
    expect(stored).toMatchObject({ page: "/contacts/", data: { name: "Павел", email: "pavel@client.example" } });
    // Without JavaScript too, the answer names the stored number.
    expect(await page.getByRole("status").textContent()).toContain(`Заявка №\u00a0${stored?.number}`);
    await crm.waitFor([id]);
    await mail.waitFor((m) => m.messageId.includes(id));
    // Reloading the result page sends nothing again.
    const count = await server.store.submissionCount("project");
    await page.reload();
    expect(await page.getByRole("status").isVisible()).toBe(true);
    expect(await server.store.submissionCount("project")).toBe(count);
    await context.close();
  });
});

describe("cookie notice", () => {
  it("shows on the first visit and remembers its dismissal", async () => {
    const { context, page } = await newPage();
    await open(page, "/services/");
    const notice = page.getByRole("region", { name: "Уведомление о cookie" });
    await expect.poll(() => notice.isVisible(), WAIT).toBe(true);
    expect(await notice.getByRole("link").getAttribute("href")).toBe("/cookies/");
    // The counter runs here (PUBLIC_METRIKA_ID): the notice names it.
    expect(await notice.textContent()).toMatch(/для\sстатистики\sпосещений\s\(Яндекс\sМетрика\)/);
    await notice.getByRole("button", { name: "Понятно" }).click();
    await expect.poll(() => notice.count(), WAIT).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent");
    expect(cookie).toMatchObject({ value: "seen", path: "/", sameSite: "Lax" });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // The notice shows at the app's first idle moment (app/consent/cookie-notice.tsx); `open` waits
    // for an idle moment after that one, so a notice still absent then stays absent.
    await open(page, "/academy/");
    expect(await notice.count()).toBe(0);
    await context.close();
  });

  // Its server renders a release of its own (the setting is in every page): 35 s on a quiet host.
  it("with ANALYTICS_REQUIRE_CONSENT asks, and the counter starts only once the visitor agrees", async () => {
    const strict = await startFormsServer("sqlite", { env: { ANALYTICS_REQUIRE_CONSENT: "true", PUBLIC_METRIKA_ID: COUNTER } });
    try {
      const { context, page } = await newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { ym: (...args: unknown[]) => void; ymCalls: unknown[][]; consentEvents: unknown[] };
        w.ymCalls = [];
        w.consentEvents = [];
        w.ym = (...args: unknown[]) => w.ymCalls.push(args);
        window.addEventListener("site:consent", (e) => w.consentEvents.push((e as CustomEvent).detail));
      });
      // The setting is runtime configuration: a prerendered page carries it.
      await open(page, "/contacts/", strict);
      const notice = page.getByRole("region", { name: "Уведомление о cookie" });
      await expect.poll(() => notice.isVisible(), WAIT).toBe(true);
      expect(await notice.getByRole("button", { name: "Только необходимые" }).isVisible()).toBe(true);
      expect(await notice.textContent()).toMatch(/если\sвы\sсогласны\s—\sдля\sстатистики\sпосещений\s\(Яндекс\sМетрика\)/);
      const calls = () => page.evaluate(() => (window as unknown as { ymCalls: unknown[][] }).ymCalls.map((c) => c[1]));
      await counterDecided(page);
      expect(await calls()).toEqual([]);
      await notice.getByRole("button", { name: "Принять" }).click();
      await expect.poll(() => notice.count(), WAIT).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { consentEvents: unknown[] }).consentEvents)).toEqual([{ analytics: true }]);
      await expect.poll(calls, WAIT).toEqual(["init", "hit"]);
      expect((await context.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("analytics");
      await context.close();

      const declined = await newPage();
      await declined.page.addInitScript(() => {
        const w = window as unknown as { ym: (...args: unknown[]) => void; ymCalls: unknown[][] };
        w.ymCalls = [];
        w.ym = (...args: unknown[]) => w.ymCalls.push(args);
      });
      await open(declined.page, "/contacts/", strict);
      await declined.page.getByRole("button", { name: "Только необходимые" }).click();
      await open(declined.page, "/services/", strict);
      await counterDecided(declined.page);
      expect(await declined.page.evaluate(() => (window as unknown as { ymCalls: unknown[][] }).ymCalls)).toEqual([]);
      expect(await declined.page.getByRole("region", { name: "Уведомление о cookie" }).count()).toBe(0);
      await declined.context.close();
    } finally {
      await strict.dispose();
    }
  }, 120_000);
});


it("puts the forms on their pages", async () => {
  const c = content();
  const servicePages = c.services.map((s) => `/services/${s.slug}/`);
  const checks: Array<[string, string]> = [
    ["/contacts/", "#project-request"],
    ["/", "#project-request"],
    ...servicePages.map((p): [string, string] => [p, "#project-request"]),
    ...c.positions.map((p): [string, string] => [`/career/${p.slug}/`, "#job-application"]),
    ["/sub/", "main .lead-form form[action='/forms/subscribe/']"],
    ["/company/", "footer form[action='/forms/subscribe/']"],
  ];
  // In the HTML as sent, which is what a visitor without JavaScript gets.
  for (const [path, selector] of checks) {
    const html = await (await fetch(server.baseUrl + path)).text();
    expect(parse(html).querySelectorAll(selector).length, path).toBe(1);
  }
  // Each service page ticks its own service.
  const seo = await (await fetch(`${server.baseUrl}/services/seo/`)).text();
  expect(/<input[^>]*\bchecked=""[^>]*value="seo"|<input[^>]*value="seo"[^>]*\bchecked=""/.test(seo)).toBe(true);
});
