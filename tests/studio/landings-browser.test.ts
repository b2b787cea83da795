import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { waitForReady } from "../support/app.ts";
import { atEveryWidth } from "../support/axe.ts";
import { openSession } from "../support/browser.ts";
import { type ContentServer, contentServerAndBrowser, EDITOR, releasesSettled } from "../support/content.ts";
import { eventually } from "../support/eventually.ts";
import { addUser, signedInSession } from "../support/studio.ts";

/**
 * «Лендинги» in Chromium (issue 59): a marketer builds a landing of six blocks, its form among
 * them, with a second headline, and publishes it; a visitor who agreed to analytics sends the form;
 * the inbox names the landing and the variant the visitor saw, and the landing's results show one
 * view and one request for that variant.
 */
const SALES = { login: "sergey", password: "Sergey sells all day 2026", name: "Сергей Продажин" };
/** Forms sent sooner than this after they appeared count as bots: the visitor's clock is moved on. */
const FILL_MS = 3_200;
const WAIT = { timeout: 20_000 };
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));
beforeAll(async () => {
  await addUser(env.server, SALES.login, "sales", SALES.password, SALES.name);
  await releasesSettled(env);
}, 300_000);

describe("a marketer's landing", () => {
  it("is built from six blocks, published, and its visitor's request and view reach the inbox and the results", { timeout: 300_000 }, async () => {
    const c = content();
    const service = c.services.find((s) => s.slug === "end-to-end-analytics");
    const topic = c.questions.topics[0];
    const member = c.company.team[0];
    const caseStudy = c.cases[0];
    if (!service || !topic || !member || !caseStudy) throw new Error("content lacks what the landing picks");
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR);
    await page.goto(`${env.server.baseUrl}/studio/content/new/landings/`);
    await page.getByRole("heading", { level: 1, name: "Новый лендинг", exact: true }).waitFor();
    await page.getByLabel("Заголовок страницы").fill("Вебинар по сквозной аналитике");
    await page.getByLabel("Адрес", { exact: true }).fill("webinar-analytics");
    await page.getByLabel("Описание для поисковиков").fill("Час о сквозной аналитике: от рекламного расхода до оплаченной сделки, с разбором кабинета и вопросами.");

    // The first screen is there from the start, folded to its line.
    const blocks = page.getByRole("group", { name: "Блоки" });
    await blocks.getByRole("button", { name: "Открыть: Первый экран" }).click();
    const hero = page.getByRole("group", { name: "1. Первый экран" });
    await hero.getByLabel("Заголовок", { exact: true }).fill("Сквозная аналитика за час: вебинар 10 декабря");
    await hero.getByLabel("Текст кнопки").fill("Записаться");

    async function add(kind: string, index: number): Promise<ReturnType<typeof page.getByRole>> {
      await blocks.getByLabel("Какой блок добавить").selectOption({ label: kind });
      await blocks.getByRole("button", { name: "Добавить блок" }).click();
      const group = page.getByRole("group", { name: `${index}. ${kind}` });
      await group.waitFor();
      return group;
    }
    await (await add("Услуги", 2)).getByRole("checkbox", { name: service.name }).check();
    await (await add("Кейсы", 3)).getByRole("checkbox", { name: caseStudy.title }).check();
    await (await add("Вопросы и ответы", 4)).getByLabel(/Тема из\s«Вопросов и\sответов»/).selectOption({ label: topic.title.replace(/\u00a0/g, " ") });
    const form = await add("Форма", 5);
    // The event to register for is asked only of a registration form.
    await form.getByLabel("Форма", { exact: true }).selectOption({ label: "Регистрация на событие" });
    await form.getByLabel("Событие", { exact: true }).waitFor();
    await form.getByLabel("Форма", { exact: true }).selectOption({ label: "Заявка на проект" });
    await form.getByLabel("Событие", { exact: true }).waitFor({ state: "detached" });
    await form.getByLabel(/Метка\sкампании/).fill("webinar-dec");
    await (await add("Команда", 6)).getByRole("checkbox", { name: member.name }).check();
    // Reordered by keyboard: the team goes above the form.
    await blocks.getByRole("button", { name: /^Выше: Команда/ }).click();
    expect(plain(await blocks.getByRole("listitem").nth(4).textContent())).toContain("Команда");

    const test = page.getByRole("group", { name: "Тест заголовка" });
    await test.getByRole("button", { name: "Добавить в «Тест заголовка»" }).click();
    await test.getByLabel("Заголовок", { exact: true }).fill("Вебинар: где реклама теряет заявки");
    await test.getByLabel("Текст кнопки").fill("Хочу на вебинар");

    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await page.waitForURL(/\/studio\/content\/landings\/webinar-analytics\/$/, WAIT);
    expect(await atEveryWidth(page, 1440), "a landing's editor").toEqual([]);
    await page.getByRole("region", { name: "Публикация записи" }).getByRole("button", { name: "Опубликовать" }).click();
    await eventually(async () => (await fetch(`${env.server.baseUrl}/lp/webinar-analytics/`)).status === 200, 120_000, "the landing to be published", 500);
    expect(problems).toEqual([]);

    // A visitor who agreed to analytics gets a variant, kept by the landing's cookie, and sends its form.
    const visitor = await openSession(browser, { width: 390, height: 844 });
    await visitor.context.addCookies([{ name: "cookie_consent", value: "analytics", url: env.server.baseUrl }]);
    await visitor.page.clock.install();
    await visitor.page.goto(`${env.server.baseUrl}/lp/webinar-analytics/`);
    await waitForReady(visitor.page);
    const h1 = plain(await visitor.page.getByRole("heading", { level: 1 }).textContent());
    const letter = h1 === "Сквозная аналитика за час: вебинар 10 декабря" ? "А" : h1 === "Вебинар: где реклама теряет заявки" ? "Б" : null;
    expect(letter, h1).not.toBeNull();
    expect((await visitor.context.cookies()).some((cookie) => cookie.name === "lp_webinar-analytics")).toBe(true);
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const lead = visitor.page.locator("#project-request");
    await lead.getByLabel("Имя").fill("Вера Вебинарова");
    await lead.getByLabel("Телефон").fill("8 912 000-44-55");
    await lead.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).check();
    await visitor.page.clock.fastForward(FILL_MS);
    await lead.getByRole("button", { name: "Отправить заявку" }).click();
    await expect.poll(() => lead.getByRole("status").isVisible(), WAIT).toBe(true);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // The inbox names the landing and the variant.
    const sales = await signedInSession(browser, env.server.baseUrl, SALES);
    await sales.page.goto(`${env.server.baseUrl}/studio/inbox/?landing=webinar-analytics`);
    const row = sales.page.getByRole("row", { name: /Вера Вебинарова/ });
    await row.waitFor(WAIT);
    expect(plain(await row.textContent())).toContain(`Лендинг /lp/webinar-analytics/, вариант ${letter}, метка webinar-dec`);
    expect(sales.problems).toEqual([]);
    await sales.context.close();

    // The results: one view and one request, of that variant.
    await page.getByRole("link", { name: "Просмотры, заявки и тест заголовка" }).click();
    await page.getByRole("heading", { level: 1, name: "Результаты: «Вебинар по сквозной аналитике»" }).waitFor();
    const variantRow = () => page.getByRole("region", { name: "По вариантам" }).getByRole("row", { name: new RegExp(`^Вариант ${letter}`) });
    // Views are written in batches: the page is opened again until they are there.
    const cells = await eventually(
      async () => {
        await page.reload();
        await variantRow().waitFor();
        const texts = (await variantRow().locator("td").allTextContents()).map(plain);
        return texts[2] === "1" && texts[3] === "1" && texts;
      },
      30_000,
      "one view and one request in the results",
      1_000,
    );
    expect(cells[4]).toBe("100 %");
    await page.getByText(/Пока рано судить: нужно ещё около/).waitFor();
    expect(await atEveryWidth(page, 1440), "a landing's results").toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
