import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { pdf } from "../support/cv-files.ts";
import { submission } from "../support/inbox.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer, type StudioSession } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";

/**
 * The inbox as sales and HR work it, in Chromium on the embedded store: a request is found by
 * its number, assigned, commented, moved through its stages, changed with two others at once
 * and sorted by owner, and its Excel row then has its owner, stage and last comment, its second
 * sheet the stage changes; an admin renames a stage. At 390, 768 and 1440 px nothing is wider than
 * the window, no word breaks inside, and axe (WCAG 2.2 A and AA) finds nothing. The overview's
 * «untouched for a day» follows the server's clock, moved forward rather than waited for.
 */
const PASSWORD = "Pipeline in the browser 2026";
const HOUR = 3_600_000;

let server: StudioServer;
let browser: Browser;
const now = Date.now();
const request = submission({ form: "project", name: "Карина Заказчикова", email: "karina@client.example", company: "ООО «Очень длинное название компании заказчика»", createdAt: now - 3 * HOUR, utm: { utm_source: "yandex" } });
const others = [
  submission({ form: "project", name: "Олег Второй", createdAt: now - 2 * HOUR }),
  submission({ form: "project", name: "Вера Третья", createdAt: now - HOUR }),
  submission({ form: "project", name: "Глеб Четвёртый", createdAt: now - 4 * HOUR }),
];
const application = submission({
  form: "job",
  name: "Константин Константинопольский-Длиннофамильный",
  email: "konstantin.konstantinopolsky@very-long-domain-name.example",
  message: "Сопроводительное письмо: опыт работы аналитиком восемь лет, интересуюсь вакансией.",
  file: { name: "Резюме.pdf", type: "application/pdf", size: pdf().byteLength, sha256: "x", content: pdf() },
});
let number = 0;

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "sales.web", "sales", PASSWORD, "Соня Продажина");
  await addUser(server, "sales.boris", "sales", PASSWORD, "Борис Аккаунтов");
  await addUser(server, "hr.web", "hr", PASSWORD, "Гера Кадрова");
  await addUser(server, "admin.web", "admin", PASSWORD, "Ада Админова");
  await server.store.insertSubmissions([request, ...others, application]);
  const [row] = await server.db.query<{ number: number }>("SELECT number FROM submissions WHERE id = $1", [request.id]);
  number = Number(row?.number);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const signIn = (width: number, login: string, path = "/studio/inbox/"): Promise<StudioSession> => signedInSession(browser, server.baseUrl, { login, password: PASSWORD }, width, { path, acceptDownloads: true });

const rowNames = (page: Page) => page.locator(".s-inbox-table tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector("td[data-label='Кто'] a")?.textContent ?? ""));

describe("the inbox's pipeline in a browser", () => {
  it("finds a request by number, assigns it, comments, moves it through the stages, changes it with two others and sorts by owner", async () => {
    const session = await signIn(1440, "sales.web");
    const { page } = session;
    const figures = page.getByRole("region", { name: "Сейчас" }).or(page.locator("section[aria-labelledby='overview-title']"));
    await expect.poll(() => figures.textContent()).toMatch(/4\s*Без ответственного/);

    await page.getByLabel("Поиск").fill(`№ ${number}`);
    await page.getByRole("button", { name: "Показать" }).click();
    await page.getByRole("link", { name: `Заявка №\u00a0${number}` }).click();
    await page.getByRole("heading", { level: 1, name: `Заявка №\u00a0${number}: Карина Заказчикова` }).waitFor();

    await page.getByLabel("Ответственный", { exact: true }).selectOption({ label: "Соня Продажина" });
    await page.getByRole("button", { name: "Назначить" }).click();
    await page.getByRole("heading", { name: "Ответственный: Соня Продажина" }).waitFor();

    await page.getByLabel("Новый комментарий").fill("Просит КП до\u00a0пятницы");
    await page.getByRole("button", { name: "Добавить комментарий" }).click();
    const comments = page.getByRole("list", { name: "Комментарии" });
    await comments.getByText("Просит КП до\u00a0пятницы").waitFor();
    expect(await comments.textContent()).toContain("Соня Продажина");

    for (const stage of ["Квалификация", "КП отправлено", "Договор"]) {
      await page.getByLabel("Новый этап").selectOption({ label: stage });
      await page.getByRole("button", { name: "Сохранить этап" }).click();
      await page.getByRole("heading", { name: `Этап: ${stage}` }).waitFor();
    }
    const history = await page.getByRole("list", { name: "История этапов" }).getByRole("listitem").allTextContents();
    expect(history.map((line) => line.replace(/^.*Соня Продажина: /, "").replaceAll("\u00a0", " "))).toEqual(["Новая → Квалификация", "Квалификация → КП отправлено", "КП отправлено → Договор"]);

    // The Excel file has the work: owner, stage, last comment, and the stage changes on its second sheet.
    await page.getByRole("link", { name: "← Все заявки" }).click();
    const [excel] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Скачать Excel" }).click()]);
    const bytes = readFileSync(await excel.path());
    const [header = [], ...rows] = (await readSheet(bytes)) as unknown[][];
    const ours = rows.find((row) => row[header.indexOf("Номер")] === number) ?? [];
    const cell = (name: string) => ours[header.indexOf(name)];
    expect(cell("Имя")).toBe("Карина Заказчикова");
    expect(cell("Ответственный")).toBe("Соня Продажина");
    expect(cell("Этап")).toBe("Договор");
    expect(String(cell("Последний комментарий"))).toMatch(/, Соня Продажина: Просит КП\sдо\u00a0пятницы$/);
    expect(cell("Источник")).toBe("yandex");
    const changes = ((await readSheet(bytes, "История этапов")) as unknown[][]).filter((line) => line[0] === number);
    expect(changes.map((line) => line.slice(2, 5))).toEqual([
      ["Новая", "Квалификация", "sales.web"],
      ["Квалификация", "КП отправлено", "sales.web"],
      ["КП отправлено", "Договор", "sales.web"],
    ]);

    // «Мои заявки»: only hers.
    await page.getByRole("link", { name: "Мои заявки" }).click();
    await expect.poll(() => rowNames(page)).toEqual(["Карина Заказчикова"]);
    expect(new URL(page.url()).searchParams.get("owner")).toBe("me");

    // The three requests at once: a stage and an owner.
    await page.goto(`${server.baseUrl}/studio/inbox/?kind=project`);
    for (const name of ["Карина Заказчикова", "Олег Второй", "Вера Третья"]) {
      const row = page.locator(".s-inbox-table tbody tr", { hasText: name });
      await row.getByRole("checkbox").check();
    }
    await page.getByLabel("Новый этап отмеченных").selectOption({ label: "Отказ" });
    // A loss asks for its reason.
    await page.getByLabel("Причина отказа").selectOption({ label: "Выбрали другое агентство" });
    await page.getByLabel("Ответственный за\u00a0отмеченные").selectOption({ label: "Борис Аккаунтов" });
    await page.getByRole("button", { name: "Изменить отмеченные" }).click();
    await page.getByRole("status").filter({ hasText: "Изменено заявок: 3." }).waitFor();
    await expect.poll(() => page.locator(".s-inbox-table tbody tr", { hasText: "Борис Аккаунтов" }).count()).toBe(3);
    expect(await page.locator(".s-inbox-table tbody tr", { hasText: "Отказ" }).count()).toBe(3);
    const [stages] = await server.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM submission_status_history WHERE to_status = 'rejected'");
    expect(Number(stages?.n)).toBe(3);

    // Sorted by owner: nobody first, then by name.
    await page.getByLabel("Ответственный", { exact: true }).selectOption("");
    await page.goto(`${server.baseUrl}/studio/inbox/?sort=owner`);
    await page.getByRole("heading", { level: 1, name: "Заявки" }).waitFor();
    const sorted = await page.locator(".s-inbox-table tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector("td[data-label='Ответственный']")?.textContent ?? ""));
    expect(sorted).toEqual(["никто", "Борис Аккаунтов", "Борис Аккаунтов", "Борис Аккаунтов"]);
    expect(await page.getByLabel("Порядок").inputValue()).toBe("owner");
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("lets an admin rename a stage, which the inbox then shows", async () => {
    const session = await signIn(1440, "admin.web", "/studio/inbox/stages/");
    const { page } = session;
    const requests = page.getByRole("region", { name: "Заявка на\u00a0проект" }).or(page.locator("section[aria-labelledby='stages-project']"));
    await requests.getByLabel("Этап 3", { exact: true }).fill("Коммерческое предложение");
    await requests.getByRole("button", { name: "Сохранить этапы" }).click();
    await requests.getByRole("status").filter({ hasText: "Этапы сохранены." }).waitFor();
    await requests.getByLabel("Этап 2", { exact: true }).fill("");
    await requests.getByRole("button", { name: "Сохранить этапы" }).click();
    // The error stands at its field.
    await requests.getByText("У\u00a0этапа должно быть название до\u00a060\u00a0знаков").waitFor();
    expect(await requests.getByLabel("Этап 2", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await requests.getByLabel("Этап 2", { exact: true }).fill("Квалификация");
    // A stage with requests in it stays, and the message names it.
    await requests.getByRole("button", { name: "Убрать: Новая (Заявка на проект)" }).click();
    await requests.getByRole("button", { name: "Сохранить этапы" }).click();
    await requests.locator(".s-field__error", { hasText: "В\u00a0этапе «Новая» есть заявки, его нельзя убрать." }).waitFor();
    // An empty one goes.
    await page.reload();
    await requests.getByRole("button", { name: "Добавить этап" }).click();
    const added = requests.getByLabel(/^Этап \d+$/).last();
    await added.fill("Пилот");
    await requests.getByRole("button", { name: "Сохранить этапы" }).click();
    await requests.getByRole("status").filter({ hasText: "Этапы сохранены." }).waitFor();
    await page.reload();
    await requests.getByRole("button", { name: "Убрать: Пилот (Заявка на проект)" }).click();
    await requests.getByRole("button", { name: "Сохранить этапы" }).click();
    await requests.getByRole("status").filter({ hasText: "Этапы сохранены." }).waitFor();
    await page.reload();
    await requests.getByLabel("Этап 1", { exact: true }).waitFor();
    expect(await requests.getByRole("textbox").evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))).not.toContain("Пилот");
    await page.goto(`${server.baseUrl}/studio/inbox/`);
    // The studio renders its screens in the browser: the list is there once the app has loaded it.
    await expect.poll(() => page.getByLabel("Этап", { exact: true }).locator("option").allTextContents()).toContain("Коммерческое предложение");
    await session.context.close();
  });

  it("counts a request untouched for a day by the server's clock, moved forward", async () => {
    const session = await signIn(1440, "hr.web", "/studio/");
    const untouched = () => session.page.locator(".s-overview__figure", { hasText: "Без движения" }).locator(".s-overview__value").textContent();
    expect(await untouched()).toBe("0");
    await session.context.close();
    server.clock.advance(25 * HOUR);
    // One application comes while nobody is signed in: the next sign-in counts it as come since the last.
    await server.store.insertSubmissions([submission({ form: "job", name: "Пришедшая Позже", createdAt: Date.now() + 25 * HOUR - 60_000 })]);
    const later = await signIn(1440, "hr.web", "/studio/");
    expect(await later.page.locator(".s-overview__figure", { hasText: "Без движения" }).locator(".s-overview__value").textContent()).toBe("1");
    expect(await later.page.locator(".s-overview__figure", { hasText: "Пришли с прошлого входа" }).locator(".s-overview__value").textContent()).toBe("1");
    await later.context.close();
  });

  // The phone and the desktop per commit; the tablet between them in test:full.
  // Per commit the phone, where a board overflows first (the wide screens' inbox pages are checked by
  // tests/studio/inbox-browser.test.ts); every width in test:full.
  it.each(FULL_RUN ? [390, 768, 1440] : [390])("fits %i px: nothing wider than the window, no word broken inside, and nothing for axe", async (width) => {
    const paths = ["/studio/", "/studio/inbox/", `/studio/inbox/${request.id}/`, `/studio/inbox/${application.id}/`, "/studio/inbox/stages/"];
    {
      const session = await signIn(width, "admin.web", "/studio/");
      const { page } = session;
      for (const path of paths) {
        await page.goto(server.baseUrl + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        const where = `${path} at ${width} px`;
        const layout = await page.evaluate(() => {
          const root = document.documentElement;
          const wide = [...document.querySelectorAll("body *")]
            .filter((el) => !el.closest(".s-visually-hidden") && el.getBoundingClientRect().width > window.innerWidth + 0.5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
          // A word broken inside: its letters on two lines (a break after a hyphen or a slash is not inside a word).
          const broken: string[] = [];
          const walker = document.createTreeWalker(document.querySelector("main") ?? document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            if (node.parentElement?.closest(".s-visually-hidden, svg, option, select")) continue;
            for (const match of text.matchAll(/[^\s\-/@.,]+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (tops.size > 1) broken.push(match[0]);
            }
          }
          // The list's own box shows every column, the stage and the owner too, without scrolling.
          const box = document.querySelector(".s-inbox__wide");
          const hidden = box ? box.scrollWidth - box.clientWidth : 0;
          return { scroll: root.scrollWidth, client: root.clientWidth, wide, broken, hidden };
        });
        expect(layout.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(layout.client);
        expect(layout.hidden, `${where}: the list scrolls sideways in its box`).toBeLessThanOrEqual(0);
        if (width === 390) expect(layout.wide, `${where}: wider than the window`).toEqual([]);
        expect(layout.broken, `${where}: words broken inside`).toEqual([]);
        const violations = await axe(page);
        expect(violations, where).toEqual([]);
      }
      expect(session.problems).toEqual([]);
      await session.context.close();
    }
  });
});
