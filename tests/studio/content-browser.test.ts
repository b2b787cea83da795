import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type ContentServer, contentServerAndBrowser, contentFile, EDITOR, getEntry, newArticle, publishSandbox, save, SECOND } from "../support/content.ts";
import { signedInSession, signIn, type StudioSession } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";
import { plain as plainText } from "../support/http.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * «Контент» in Chromium, as the agency's people use it: find an entry,
 * create one from the form the schema makes, see an error at its field,
 * publish and find it on the site; delete with a 301; a draft that survives
 * closing the tab; a conflict shown side by side; axe on every page at 1440
 * and 768 px, with no CSP violation (the Markdown editor included).
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

type Session = StudioSession;

const open = (width = 1440, login = EDITOR): Promise<Session> => signedInSession(browser, env.server.baseUrl, login, width);

/**
 * Every Markdown editor of the page has loaded (each with the first long text), and each one
 * with text shows its preview, which follows the text half a second later on the page's clock:
 * moved forward, not waited for.
 */
async function editorsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.body.textContent?.includes("Загружаем редактор текста"));
  await page.clock.runFor(PREVIEW_DELAY_MS);
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".s-markdown")].every((field) => {
      const text = [...field.querySelectorAll(".cm-line")].map((line) => (line.querySelector(".cm-placeholder") ? "" : line.textContent)).join("");
      return text.trim() === "" || field.querySelector(".s-markdown__preview :is(.s-prose, .s-field__error)") !== null;
    }),
  );
}
/** How long after typing stops the preview asks for the text (studio/content/markdown-field.tsx). */
const PREVIEW_DELAY_MS = 500;

/** Types into a CodeMirror editor found by its label (its field switched to «Markdown» first: the visual editor is the default). */
async function typeMarkdown(page: Page, label: string, text: string) {
  await page.getByRole("group", { name: `Вид редактора: ${label}` }).getByRole("button", { name: "Markdown" }).click();
  const editor = page.locator(".cm-content").and(page.getByRole("textbox", { name: label }));
  await editor.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

describe("content in a browser", () => {
  it("finds an entry by search and filter, creates one with an error shown at its field, and a publication shows it", { timeout: 180_000 }, async () => {
    const { context, page, problems } = await open();
    await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name: "Контент" }).click();
    await page.getByRole("heading", { level: 1, name: "Контент" }).waitFor();
    await page.getByRole("link", { name: "Статьи Академии" }).click();
    await page.getByRole("heading", { level: 1, name: "Статьи Академии" }).waitFor();
    await page.getByLabel("Рубрика").selectOption("aso");
    const rows = page.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByLabel("Поиск", { exact: true }).fill("rustore");
    await expect.poll(() => rows.count()).toBe(2);
    // The type's own words, not a generic «запись»: «Добавить статью», «Новая статья».
    await page.getByRole("link", { name: "Добавить статью", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Новая статья", exact: true }).waitFor();
    await page.getByLabel("Адрес", { exact: true }).fill("kak-rabotaet-studiya");
    await page.getByLabel("Заголовок страницы").fill("Как работает студия «Ориентира»");
    await page.getByLabel("Описание для поисковиков").fill("Коротко");
    await page.getByLabel("Автор").selectOption("anna-sokolova");
    await page.getByLabel("Рубрика").selectOption("analytics");
    await page.getByLabel("Теги", { exact: true }).fill("аналитика, студия");
    await page.getByLabel("Дата публикации").fill("25.11.2026");
    await typeMarkdown(page, "Текст статьи", "Студия правит сайт.\n\n## Как это устроено\n\n- черновики\n- публикации\n\n```sql\nSELECT 1;\n```\n");
    // The preview comes from the site's own renderer: the code is highlighted there.
    await page.locator(".s-markdown__preview .code-block").waitFor();
    // The text's size limit is stated at the field (decision 025).
    expect(await page.locator(".s-field__hint", { hasText: /До\s50\s000\sзнаков/ }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Сохранить" }).click();
    const description = page.getByLabel("Описание для поисковиков");
    await expect.poll(() => description.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Не короче 50 символов").isVisible()).toBe(true);
    // Focus goes to the first field to fix, which names its error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-describedby") ?? "")).toMatch(/error/);
    await description.fill("Как агентство правит свой сайт без терминала: черновики, проверки и публикации.");
    // An address an old redirect still takes: only the server knows; it says so at the address field.
    const address = page.getByLabel("Адрес", { exact: true });
    await address.fill("case-odezhda-lab-targeting");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect.poll(() => address.getAttribute("aria-invalid")).toBe("true");
    const said = await page.locator(`#${(await address.getAttribute("aria-describedby"))?.split(" ").find((id) => id.includes("error"))}`).textContent();
    expect(said?.replace(/\u00a0/g, " ")).toContain("Адрес занят: с него перенаправляют на /projects/cases/odezhda-lab-targeting/");
    await address.fill("kak-rabotaet-studiya");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.waitForURL(/\/studio\/content\/articles\/kak-rabotaet-studiya\/$/);
    await page.getByText(/Сохранено/).waitFor();
    expect(contentFile(env.sandbox, "academy/kak-rabotaet-studiya.md")).toMatch(/^---\ntitle: Как работает студия «Ориентира»\n/);
    await publishSandbox(env);
    const page200 = await fetch(`${env.server.baseUrl}/academy/kak-rabotaet-studiya/`);
    expect(page200.status).toBe(200);
    // Typographed on the site: short words bound with no-break spaces.
    const html = (await page200.text()).replace(/\u00a0|&nbsp;/g, " ");
    expect(html).toContain("Как работает студия «Ориентира»");
    expect(html).toContain('<pre class="code-block');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("makes a new entry's address from its title until the address is typed by hand", async () => {
    const { context, page } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/new/articles/`);
    await page.getByRole("heading", { level: 1, name: "Новая статья", exact: true }).waitFor();
    const address = page.getByLabel("Адрес", { exact: true });
    await page.getByLabel("Заголовок страницы").fill("Сквозная аналитика для клиники");
    expect(await address.inputValue()).toBe("skvoznaya-analitika-dlya-kliniki");
    await address.fill("analitika-kliniki");
    await page.getByLabel("Заголовок страницы").fill("Сквозная аналитика для частной клиники");
    expect(await address.inputValue()).toBe("analitika-kliniki");
    await context.close();
  });

  it("deletes an entry with a 301 to the page the person picks", { timeout: 180_000 }, async () => {
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/articles/data-python-report-automation/`);
    await page.getByRole("button", { name: "Удалить…" }).click();
    // The entry is named by its title, not its address.
    const question = page.getByRole("heading", { name: /^Удалить статью/ });
    expect(plainText(await question.textContent())).toBe("Удалить статью «Автоматизируем еженедельный отчёт на Python: API Директа, Метрики и DataLens»?");
    await page.getByText(/ссылаются/).first().waitFor();
    await page.getByLabel("Куда").selectOption("/academy/data-clickhouse-cohort-analysis/");
    await page.getByRole("button", { name: "Удалить", exact: true }).click();
    await page.waitForURL(/\/studio\/content\/articles\/$/);
    await publishSandbox(env);
    const res = await fetch(`${env.server.baseUrl}/academy/data-python-report-automation/`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/academy/data-clickhouse-cohort-analysis/");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists who changed each entry and when, sorts by a column, and sends chosen entries to «Публикации» ticked or to «Корзина» at once", { timeout: 120_000 }, async () => {
    const made = [
      { slug: "bulk-first-note", title: "Ящик заметок редакции" },
      { slug: "bulk-second-note", title: "Азбука заметок редакции" },
    ];
    for (const { slug, title } of made) expect((await save(env, "articles", slug, { values: newArticle(slug, title), baseHash: null })).status).toBe(200);
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/articles/`);
    const table = page.getByRole("table");
    const rows = table.getByRole("row");
    // Newest change first: the two just saved, each with who saved it.
    const firstTwo = async () => (await rows.nth(1).textContent()) + " | " + (await rows.nth(2).textContent());
    await expect.poll(firstTwo).toMatch(/(Ящик|Азбука) заметок редакции.*Марина Контентова.*\|.*(Ящик|Азбука) заметок редакции.*Марина Контентова/);
    // Sorted by title: the rows' titles in Russian alphabetical order, and the header says so.
    await table.getByRole("button", { name: "Название" }).click();
    expect(await table.getByRole("columnheader", { name: "Название" }).getAttribute("aria-sort")).toBe("ascending");
    const titles = await table.locator("tbody tr td:nth-child(2) a").allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "ru")));
    expect(titles.indexOf("Азбука заметок редакции")).toBeLessThan(titles.indexOf("Ящик заметок редакции"));
    // The same order in the select a phone uses (its table is cards without headers).
    expect(await page.getByLabel("Порядок").inputValue()).toBe("title:ascending");
    await table.getByRole("button", { name: "Название" }).click();
    expect(await table.getByRole("columnheader", { name: "Название" }).getAttribute("aria-sort")).toBe("descending");
    expect(await table.locator("tbody tr td:nth-child(2) a").allTextContents()).toEqual([...titles].reverse());

    for (const { title } of made) await page.getByLabel(`Выбрать: ${title}`).check();
    await page.getByText("Выбрано: 2").waitFor();
    await page.getByRole("link", { name: "Опубликовать выбранные (2)" }).click();
    await page.waitForURL(/\/studio\/releases\/\?choose=/);
    for (const { title } of made) await expect.poll(() => page.getByLabel(`Выбрать: ${title}`).isChecked()).toBe(true);
    // The list may be drawn again as its data comes back: counted once it has settled.
    await expect.poll(() => page.locator('input[name="entries"]:checked').count()).toBe(2);

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Статьи Академии" }).waitFor();
    for (const { title } of made) await page.getByLabel(`Выбрать: ${title}`).check();
    await page.getByRole("button", { name: "В «Корзину»" }).click();
    await page.getByRole("heading", { name: "Переместить в «Корзину»: 2?" }).waitFor();
    await page.getByRole("button", { name: "Переместить", exact: true }).click();
    await page.getByText("В «Корзину» перемещено: 2 из 2.").waitFor();
    for (const { title } of made) expect(await page.getByRole("link", { name: title }).count()).toBe(0);
    for (const { slug } of made) expect(existsSync(join(env.sandbox.contentDir, "academy", `${slug}.md`))).toBe(false);
    await page.goto(`${env.server.baseUrl}/studio/content/trash/`);
    for (const { title } of made) await page.getByText(title).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("picks tags, an icon and a time zone instead of typing codes", { timeout: 120_000 }, async () => {
    const { context, page, problems } = await open();
    // Tags: one typed in Russian is kept as typed (tidied); one picked from those the articles use;
    // one that cannot be a tag is refused at the field, in Russian, and stays there to be corrected.
    await page.goto(`${env.server.baseUrl}/studio/content/articles/seo-b2b-semantic-core/`);
    const tags = page.getByLabel("Теги", { exact: true });
    await tags.fill("«»!");
    await tags.press("Enter");
    await expect.poll(() => tags.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("В теге нужна хотя бы одна буква или цифра").waitFor();
    expect(await tags.inputValue()).toBe("«»!");
    await tags.fill("  сквозная   аналитика ");
    await tags.press("Enter");
    await page.getByRole("button", { name: "Убрать тег сквозная аналитика" }).waitFor();
    await page.getByRole("button", { name: "Добавить тег аналитика" }).click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).first().waitFor();
    expect(contentFile(env.sandbox, "academy/seo-b2b-semantic-core.md")).toMatch(/tags:[^\n]*\n(?:\s+- [^\n]+\n)*?\s+- сквозная аналитика\n\s+- аналитика\n/);
    // On the site: shown as typed on the article and on its tag page, at a transliterated address.
    await publishSandbox(env);
    await page.goto(`${env.server.baseUrl}/academy/seo-b2b-semantic-core/`);
    const onArticle = page.getByRole("list", { name: "Теги статьи" }).getByRole("link", { name: "сквозная аналитика", exact: true });
    expect(await onArticle.getAttribute("href")).toBe("/academy/?tag=skvoznaya-analitika");
    await onArticle.click();
    await page.waitForURL(/\/academy\/\?tag=skvoznaya-analitika$/);
    const chosen = page.getByRole("navigation", { name: "Фильтры статей" }).getByRole("link", { name: "сквозная аналитика", exact: true });
    expect(await chosen.getAttribute("aria-current")).toBe("true");
    expect(await page.locator(".academy__list .card__link").count()).toBe(1);
    expect(await page.getByText("skvoznaya", { exact: false }).count()).toBe(0);
    // An icon, seen and clicked, never named by hand.
    await page.goto(`${env.server.baseUrl}/studio/content/services/aso/`);
    await page.getByPlaceholder(asBuilt("Найти значок по названию")).fill("chart");
    await page.getByRole("radio", { name: "chart" }).check();
    // A list's «add» says where it adds, in Russian, not «Добавить: этапы работы».
    expect(await page.getByRole("button", { name: "Добавить в «Этапы работы»", exact: true }).count()).toBe(1);
    await page.getByText("Выбран: chart").waitFor();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).first().waitFor();
    expect(contentFile(env.sandbox, "services/aso.md")).toMatch(/\nicon: chart\n/);
    // A time zone from the list, by its city: the start keeps the time as typed, now read in that
    // zone (its offset follows), and the hint under it names the zone.
    await page.goto(`${env.server.baseUrl}/studio/content/events/data-meetup-december-2026/`);
    const start = page.getByLabel("Начало");
    const typed = await start.inputValue();
    const wall = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2})$/.exec(typed);
    expect(wall, `the start as shown: «${typed}»`).not.toBeNull();
    await page.getByLabel("Часовой пояс").selectOption({ label: "Екатеринбург, GMT+5" });
    expect(await start.inputValue()).toBe(typed);
    await page.getByText(/по\sвремени часового пояса события: Екатеринбург/).first().waitFor();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).first().waitFor();
    const saved = contentFile(env.sandbox, "events/data-meetup-december-2026.md");
    expect(saved).toMatch(/\ntimeZone: Asia\/Yekaterinburg\n/);
    const [, d, m, y, hm] = wall as RegExpExecArray;
    expect(saved).toMatch(new RegExp(`\\nstartsAt: ['"]?${y}-${m}-${d}T${hm}:00\\+05:00`));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("states the limits under the fields, and refuses a title and tags over theirs at those fields, never with the browser's own bubble", async () => {
    const { context, page, problems } = await open();
    const path = "academy/brand-health-tracking.md";
    const before = contentFile(env.sandbox, path);
    await page.goto(`${env.server.baseUrl}/studio/content/articles/brand-health-tracking/`);
    const title = page.getByLabel("Заголовок страницы");
    const tags = page.getByLabel("Теги", { exact: true });
    /** What a screen reader reads with the control: its error and its hint. */
    const said = async (control: typeof title) => {
      const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(" ").replace(/\u00a0/g, " ");
    };
    expect(await said(title)).toContain("До 160 знаков");
    expect(await said(page.getByLabel("Описание для поисковиков"))).toContain("От 50 до 200 знаков");
    expect(await said(tags)).toContain("До 30 тегов");
    await title.fill("Очень длинный заголовок ".repeat(7));
    await tags.fill(`${Array.from({ length: 30 }, (_, i) => `tag-${i + 1}`).join(", ")},`);
    await page.getByRole("button", { name: "Убрать тег tag-30" }).waitFor();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe("true");
    expect(await said(title)).toContain("Не длиннее 160 знаков");
    expect(await said(tags)).toContain("Не больше 30 тегов");
    // The form's own errors only: the browser neither cuts what is typed nor shows a bubble of its own.
    expect(await title.getAttribute("maxlength")).toBeNull();
    expect(await title.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
    expect(contentFile(env.sandbox, path)).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the entry as Yandex, Google and a messenger will, with counters that follow the typing", async () => {
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/articles/cro-lead-forms-audit/`);
    const snippet = page.getByRole("region", { name: "Как увидят в поиске и в мессенджерах" });
    const yandex = snippet.locator("figure", { hasText: "Яндекс" });
    await expect.poll(() => yandex.textContent()).toContain("Аудит лид-форм: где теряются заявки и как это найти в Метрике — Ориентир".slice(0, 59));
    expect((await yandex.textContent())?.replace(/\u00a0/g, " ")).toContain("academy › cro-lead-forms-audit");
    // A long title: the counter says engines will cut it, and the result is cut with «…».
    await page.getByLabel("Заголовок страницы").fill("Очень длинный заголовок статьи, который поисковики точно не покажут целиком");
    await expect.poll(async () => (await snippet.textContent())?.replace(/\u00a0/g, " ")).toMatch(/Заголовок с\sназванием сайта: 86 знаков, длиннее 60: поисковики обрежут конец/);
    expect(await yandex.locator(".s-snippet__link").textContent()).toMatch(/…$/);
    await page.getByLabel("Описание для поисковиков").fill("Коротко");
    await expect.poll(async () => (await snippet.textContent())?.replace(/\u00a0/g, " ")).toContain("Описание: 7 знаков, нужно не меньше 50");
    // The published page's own picture, as messengers will show it.
    const picture = snippet.getByRole("img", { name: "Картинка страницы для соцсетей" });
    expect(await picture.getAttribute("src")).toBe("/og/academy/cro-lead-forms-audit.png");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("edits the redirect table as a searchable, paged list: one row changed, one added, one deleted, a bad one opened at its error", { timeout: 120_000 }, async () => {
    const rows = contentFile(env.sandbox, "redirects.csv").trim().split("\n").length - 1;
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/redirects/`);
    const table = page.getByRole("group", { name: "Старые адреса" });
    await table.getByText(`Всего ${rows}, страница 1 из ${Math.ceil(rows / 25)}`).waitFor();
    // One page of rows, not hundreds of inputs: the whole form fits in a few screens.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000);
    await table.getByLabel("Найти в списке «Старые адреса»").fill("/academy/cases/odezhda-lab-targeting/");
    await table.getByText(/^Найдено 1 из/).waitFor();
    await table.getByRole("button", { name: "Изменить: /academy/cases/odezhda-lab-targeting/ → /projects/cases/odezhda-lab-targeting/" }).click();
    await table.getByLabel("Куда ведёт").fill("/projects/");
    await table.getByRole("button", { name: "Готово" }).click();
    await table.getByLabel("Найти в списке «Старые адреса»").fill("");
    await table.getByRole("button", { name: "Добавить строку" }).click();
    await table.getByLabel("Старый адрес").fill("promo-2026");
    await table.getByLabel("Куда ведёт").fill("/services/");
    await page.getByRole("button", { name: "Сохранить" }).click();
    // Refused at the row's field, the row open and named.
    await table.getByText("Ошибки в строках: 1").waitFor();
    const from = table.getByLabel("Старый адрес");
    await expect.poll(() => from.getAttribute("aria-invalid")).toBe("true");
    await from.fill("/promo-2026/");
    await table.getByRole("button", { name: "Готово" }).click();
    await table.getByLabel("Найти в списке «Старые адреса»").fill("/academy/case-odezhda-lab-targeting/");
    await table.getByRole("button", { name: "Удалить: /academy/case-odezhda-lab-targeting/ → /projects/cases/odezhda-lab-targeting/" }).click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).first().waitFor();
    const csv = contentFile(env.sandbox, "redirects.csv");
    expect(csv).toMatch(/^\/academy\/cases\/odezhda-lab-targeting\/,\/projects\/$/m);
    expect(csv).toMatch(/^\/promo-2026\/,\/services\/$/m);
    expect(csv).not.toMatch(/^\/academy\/case-odezhda-lab-targeting\//m);
    expect(csv.trim().split("\n").length - 1).toBe(rows);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a draft when the tab is closed and offers it when the entry is opened again", async () => {
    const first = await open();
    await first.page.goto(`${env.server.baseUrl}/studio/content/articles/seo-b2b-semantic-core/`);
    await first.page.getByLabel("Заголовок страницы").fill("Заголовок из черновика");
    await first.page.getByText(/Черновик сохранён в/).waitFor({ state: "attached" });
    await first.context.close();
    const second = await open();
    await second.page.goto(`${env.server.baseUrl}/studio/content/articles/seo-b2b-semantic-core/`);
    await second.page.getByText(/несохранённый черновик/).waitFor();
    await second.page.getByRole("button", { name: "Продолжить черновик" }).click();
    expect(await second.page.getByLabel("Заголовок страницы").inputValue()).toBe("Заголовок из черновика");
    // The file is untouched until «Сохранить».
    expect(contentFile(env.sandbox, "academy/seo-b2b-semantic-core.md")).not.toContain("Заголовок из черновика");
    expect(second.problems).toEqual([]);
    await second.context.close();
  });

  it("shows who else has the entry open, and the title both changed when saving over a newer one", async () => {
    const slug = "crm-email-deliverability";
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/articles/${slug}/`);
    await page.getByLabel("Заголовок страницы").fill("Моя версия заголовка");
    // Павел opens it too and saves first.
    const pavel = await signIn(env.server, SECOND.login, SECOND.password);
    const theirs = await getEntry(env, "articles", slug, pavel);
    await fetch(`${env.server.baseUrl}/studio/api/content/articles/${slug}/presence`, {
      method: "POST",
      headers: { Cookie: pavel, Origin: env.server.baseUrl, "Content-Type": "application/json" },
      body: "{}",
    });
    await page.getByText(/также открыли: Павел Второй/).waitFor({ timeout: 10_000 });
    const theirSave = await save(env, "articles", slug, { values: { ...theirs.values, title: "Версия Павла" }, baseHash: theirs.hash }, pavel);
    expect(theirSave.status, await theirSave.clone().text()).toBe(200);
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByRole("heading", { name: /^Пока вы\sредактировали, запись сохранили: Павел Второй/ }).waitFor();
    const clash = page.getByRole("group", { name: "Заголовок страницы" });
    expect(await clash.getByText("Версия Павла").first().isVisible()).toBe(true);
    expect(await clash.getByText("Моя версия заголовка").first().isVisible()).toBe(true);
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain("title: Версия Павла");
    await clash.getByLabel("Мой вариант").check();
    await page.getByRole("button", { name: "Сохранить объединённое" }).click();
    await page.getByText(/Сохранено/).waitFor();
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain("title: Моя версия заголовка");
    expect(problems).toEqual([]);
    await context.close();
  });

  // Each page at one of the two widths per commit, the widths taking turns; every page at both
  // in `npm run test:full` (the sweep over every page and width).
  const PAGES = [
    ["/studio/content/", "Контент"],
    ["/studio/content/articles/", "Статьи Академии"],
    ["/studio/content/articles/seo-audit-checklist-2026/", /./],
    ["/studio/content/new/services/", "Новая услуга"],
    ["/studio/content/new/cases/", "Новый кейс"],
    ["/studio/content/new/events/", "Новое событие"],
    ["/studio/content/navigation/", /Навигация/],
    ["/studio/content/redirects/", /Перенаправления/],
    ["/studio/content/company/", /Компания/],
    ["/studio/content/services/aso/", /ASO/],
    ["/studio/content/events/data-meetup-december-2026/", /./],
    ["/studio/content/trash/", "Корзина"],
    ["/studio/content/history/articles/seo-audit-checklist-2026/", /^История: /],
  ] as const;
  const WIDTHS = [1440, 768, 390];
  // Per commit one page of each kind, a width each (a list, an entry's editor, a new entry's);
  // test:full: every content page at all three widths.
  const SAMPLE = ["/studio/content/articles/", "/studio/content/articles/seo-audit-checklist-2026/", "/studio/content/new/services/"];
  it("passes axe on the content pages, a list, an editor and a new entry's per commit (every page at 1440, 768 and 390 px in test:full), with no CSP violation and no sideways scroll", { timeout: 400_000 }, async () => {
    for (const [turn, width] of WIDTHS.entries()) {
      const { context, page, problems } = await open(width);
      await page.clock.install();
      const pages = FULL_RUN ? PAGES : PAGES.filter(([path]) => SAMPLE[turn] === path);
      for (const [path, heading] of pages) {
        await page.goto(env.server.baseUrl + path);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await editorsSettled(page);
        expect(await axe(page), `${path} at ${width}px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
