import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { axe } from "../support/axe.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { liveRelease, makeSandbox, releaseRecord, type Sandbox } from "../support/releases.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";

/**
 * «Публикации» as the agency uses it: a saved change previewed at 360 px,
 * chosen and published from the studio (live within seconds), listed in the
 * history with what changed, rolled back without losing the saved change;
 * publications planned for later carry exactly their entries, on time, also
 * across a restart. The content is a copy with a git repository of its own.
 */
let sandbox: Sandbox;
let server: StudioServer;
let browser: Browser;
const article = content().articles[0] as { slug: string; title: string };
const articleFile = () => join(sandbox.contentDir, "academy", `${article.slug}.md`);
const original = () => readFileSync(join("content", "academy", `${article.slug}.md`), "utf8");

function saveTitle(title: string, file = articleFile(), source = original()) {
  writeFileSync(file, source.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
}

const git = (...args: string[]) => execFileSync("git", ["-C", sandbox.contentDir, ...args], { encoding: "utf8" }).trim();

beforeAll(async () => {
  sandbox = makeSandbox();
  server = await startStudioServer("sqlite", sandbox.env);
  await addUser(server, "editor", "editor", "Editor's long passphrase", "Ева Редакторова");
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function signedInPage(width = 1440): Promise<Page> {
  const { page } = await openSession(browser, { width, height: 900, russian: true });
  await page.goto(`${server.baseUrl}/studio/releases/`);
  await page.waitForURL(/\/studio\/sign-in\//);
  await page.getByLabel("Логин").fill("editor");
  await page.getByLabel("Пароль").fill("Editor's long passphrase");
  await page.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL(`${server.baseUrl}/studio/releases/`);
  return page;
}

const publicTitle = async (path: string) => (await (await fetch(server.baseUrl + path)).text()).replace(/\u00a0/g, " ");

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

describe("publishing from the studio", () => {
  it("changes an article's title and body in the editor, previews it at 360 px, publishes it, lists it and rolls it back", { timeout: 180_000 }, async () => {
    const before = liveRelease(sandbox.releasesDir) as string;
    const title = `Заголовок из студии ${Date.now()}`;
    const sentence = `Абзац, дописанный в студии ${Date.now()}.`;
    const page = await signedInPage();

    // The editor: the title in its field, a paragraph at the end of the body.
    await page.goto(`${server.baseUrl}/studio/content/articles/${article.slug}/`);
    await page.getByLabel("Заголовок страницы").fill(title);
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    await body.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText(`\n\n${sentence}\n`);

    // Preview of the unsaved form: the page as it will be, framed at a phone's width.
    await page.getByRole("button", { name: "Показать страницу" }).click();
    await page.getByRole("tab", { name: "Телефон, 360 px" }).click();
    const frame = page.frameLocator("iframe.s-preview__frame--360");
    await expect.poll(async () => (await frame.locator("h1").textContent())?.replace(/\u00a0/g, " "), { timeout: 15_000 }).toBe(title);
    expect((await frame.locator("main").textContent())?.replace(/\u00a0/g, " ")).toContain(sentence);
    expect(await page.locator("iframe.s-preview__frame--360").evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
    // The desktop width does not fit the editor's column: it is scaled down to fit, all of it in view, not cropped.
    await page.getByRole("tab", { name: "Компьютер, 1440 px" }).click();
    const wide = page.locator("iframe.s-preview__frame--1440");
    await wide.waitFor();
    const fit = await wide.evaluate((el) => {
      const box = el.closest(".s-preview__box") as HTMLElement;
      return { shown: el.getBoundingClientRect().width, room: box.clientWidth, overflow: box.scrollWidth - box.clientWidth, laidOut: el.clientWidth };
    });
    expect(fit.laidOut).toBe(1440);
    expect(fit.shown).toBeLessThanOrEqual(fit.room);
    expect(fit.shown).toBeGreaterThan(fit.room * 0.8);
    expect(fit.overflow).toBe(0);
    expect(await page.getByText(/Страница шириной 1440\spx\sпоказана в\sмасштабе \d+\s%/).count()).toBe(1);
    expect(await publicTitle(`/academy/${article.slug}/`)).not.toContain(title);

    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).waitFor();
    expect(readFileSync(articleFile(), "utf8")).toContain(sentence);
    await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name: "Публикации" }).click();
    await page.getByRole("heading", { level: 1, name: "Публикации" }).waitFor();
    // What is saved and not on the site: the article, linked to its form, with its own state; chosen, it is published.
    const waiting = page.getByRole("region", { name: "Сохранённые правки, которых ещё нет на сайте" });
    expect(await waiting.getByRole("link", { name: title }).count()).toBe(1);
    expect(await waiting.getByRole("row").filter({ hasText: title }).getByText("Опубликовано, есть неопубликованные правки").count()).toBe(1);
    await page.getByRole("checkbox", { name: `Выбрать: ${title}` }).check();
    await page.getByLabel("Название публикации", { exact: true }).fill("Новый заголовок статьи");
    const started = Date.now();
    await page.getByRole("button", { name: "Опубликовать выбранное" }).click();
    await page.getByText(/Опубликовано за/).waitFor({ timeout: 30_000 });
    await expect.poll(() => publicTitle(`/academy/${article.slug}/`), { timeout: 5_000, interval: 200 }).toContain(title);
    expect(Date.now() - started).toBeLessThan(30_000);

    await page.getByText("Всё сохранённое уже на\u00a0сайте").waitFor();
    const after = liveRelease(sandbox.releasesDir) as string;
    expect(after).not.toBe(before);
    expect(releaseRecord(sandbox.releasesDir, after).author).toContain("Ева Редакторова");
    const row = page.getByRole("row").filter({ hasText: "Новый заголовок статьи" });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText("на сайте").count()).toBe(1);

    // The history names the article by its title; its diff names the fields by their labels, the text's new words only.
    expect(plain(await row.textContent())).toContain(`Статья «${title}»`);
    await row.getByRole("link").click();
    await page.getByRole("heading", { name: "Изменения публикации" }).waitFor();
    const changes = page.getByRole("region", { name: new RegExp(`Статья: ${title}`) });
    const fields = (await changes.locator("dt").allTextContents()).map(plain);
    expect(fields).toEqual(expect.arrayContaining(["Заголовок страницы", "Текст статьи"]));
    expect(fields.some((field) => field.includes("title") || field.includes("body"))).toBe(false);
    const bodyChange = changes.locator(".s-diff__field").filter({ has: page.locator("dt", { hasText: "Текст статьи" }) });
    const added = (await bodyChange.locator("ins").allTextContents()).map((text) => plain(text).replace(/^добавлено: /, "")).join("");
    expect(added.trim()).toBe(sentence);
    expect(await bodyChange.locator("del").count()).toBe(0);
    await page.goBack();

    // Roll back: the confirmation says what changes on the site and that saved work stays.
    const earlier = page.getByRole("row").filter({ has: page.getByRole("button", { name: /Вернуть сайт к\sэтой публикации/ }) }).first();
    await earlier.getByRole("button", { name: /Вернуть сайт к\sэтой публикации/ }).click();
    const question = (await page.getByRole("alert").filter({ hasText: "Вернуть сайт" }).textContent())?.replace(/\u00a0/g, " ") ?? "";
    expect(question).toContain(`вернутся прежние версии: Статья «${title}»`);
    expect(question).toContain("Сохранённые правки останутся в студии черновиками");
    await page.getByRole("button", { name: "Да, вернуть" }).click();
    await page.getByText(/На\sсайте снова публикация/).waitFor();
    await expect.poll(() => publicTitle(`/academy/${article.slug}/`), { timeout: 5_000, interval: 200 }).not.toContain(title);
    // Only the site moved: the saved article is as it was, waiting to be published again.
    expect(readFileSync(articleFile(), "utf8")).toContain(title);
    await page.reload();
    await expect.poll(() => waiting.getByRole("link", { name: title }).count()).toBe(1);
    // The rollback is a row of the history and a commit of the site's line in the content repository.
    await expect.poll(() => page.getByRole("row").filter({ hasText: /Откат к\sпубликации/ }).count()).toBe(1);
    expect(git("log", "-1", "--format=%s%n%an", "refs/worktree/published")).toMatch(/^Откат к\sпубликации .*\nЕва Редакторова$/);
    await page.context().close();
  });

  it("passes axe at 768 px (and 1440 px in test:full)", async () => {
    for (const width of FULL_RUN ? [1440, 768] : [768]) {
      const page = await signedInPage(width);
      expect(await axe(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe("the publishing API", () => {
  it("publishes chosen entries only, names what they need first, and keeps everything saved for admins", async () => {
    const cookie = await signIn(server, "editor", "Editor's long passphrase");
    const none = await call(server, "POST", "/studio/api/releases", { cookie, body: { message: "Ничего" } });
    expect(none.status).toBe(422);
    expect(((await none.json()) as { errors: Record<string, string> }).errors.entries).toBeTruthy();
    expect((await call(server, "POST", "/studio/api/releases", { cookie, body: { message: "Всё", all: true } })).status).toBe(403);
    expect((await call(server, "POST", "/studio/api/releases", { cookie, body: { message: "Чужое", entries: ["../etc/passwd"] } })).status).toBe(422);
    // A new author saved in «Компания» and not published: the article cannot appear without it.
    const companyFile = join(sandbox.contentDir, "company.yaml");
    const company = readFileSync(companyFile, "utf8");
    const other = content().articles[1] as { slug: string };
    const otherFile = join(sandbox.contentDir, "academy", `${other.slug}.md`);
    const otherText = readFileSync(otherFile, "utf8");
    try {
      writeFileSync(companyFile, company.replace(/^team:\n/m, "team:\n  - id: nova-avtorova\n    name: Нова Авторова\n    role: Редактор\n"));
      writeFileSync(otherFile, otherText.replace(/^author: .*$/m, "author: nova-avtorova"));
      const asked = await call(server, "POST", "/studio/api/releases", { cookie, body: { message: "Статья нового автора", entries: [`articles/${other.slug}`] } });
      expect(asked.status, await asked.clone().text()).toBe(409);
      const needed = ((await asked.json()) as { needed: Array<{ key: string; because: string }> }).needed;
      expect(needed.map((n) => n.key)).toEqual(["company/-"]);
      expect(needed[0]?.because).toContain("новый автор");
    } finally {
      writeFileSync(companyFile, company);
      writeFileSync(otherFile, otherText);
    }
  });

  it("refuses the signed-out (401), cross-site writes (403) and bad plans with field errors", async () => {
    expect((await call(server, "GET", "/studio/api/releases")).status).toBe(401);
    const cookie = await signIn(server, "editor", "Editor's long passphrase");
    const crossSite = await call(server, "POST", "/studio/api/releases", { cookie, body: { message: "x" }, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const empty = await call(server, "POST", "/studio/api/releases", { cookie, body: { message: " " } });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: Record<string, string> }).errors.message).toBeTruthy();
    const past = await call(server, "POST", "/studio/api/schedules", { cookie, body: { message: "Позже", at: "2020-01-01T10:00" } });
    expect(past.status).toBe(422);
    expect((await call(server, "GET", "/studio/api/releases/not-an-id/diff", { cookie })).status).toBe(404);
    expect((await call(server, "POST", "/studio/api/preview", { cookie, body: { path: "/../../etc/passwd" } })).status).toBe(422);
    expect((await call(server, "POST", "/studio/api/preview", { cookie, body: { path: "/no-such-page/" } })).status).toBe(422);
    // An unsaved entry previewed: refused at its field when its schema refuses it, shown as text when hostile.
    const path = `/academy/${article.slug}/`;
    const entry = (values: Record<string, unknown>) => ({ path, entry: { type: "articles", slug: article.slug, values } });
    const refused = await call(server, "POST", "/studio/api/preview", { cookie, body: entry({ title: "" }) });
    expect(refused.status).toBe(422);
    expect(Object.keys(((await refused.json()) as { errors: Record<string, string> }).errors)).toContain("title");
    const saved = (await call(server, "GET", `/studio/api/content/articles/${article.slug}`, { cookie }).then((r) => r.json())) as { values: Record<string, unknown> };
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const shown = await call(server, "POST", "/studio/api/preview", { cookie, body: entry({ ...saved.values, title: hostile }) });
    expect(shown.status, await shown.clone().text()).toBe(201);
    const frame = await call(server, "GET", ((await shown.json()) as { url: string }).url, { cookie });
    const html = await frame.text();
    expect(html).toContain("&lt;img src=x");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toMatch(/<script>alert/);
    expect((await call(server, "POST", "/studio/api/preview", { cookie, body: { path, entry: { type: "../../etc", slug: "x", values: {} } } })).status).toBe(422);
    expect((await call(server, "POST", "/studio/api/preview", { cookie, body: { path, entry: "строка" } })).status).toBe(400);
  });

  it("makes a planned publication on time, also when the server restarts in between", async () => {
    const cookie = await signIn(server, "editor", "Editor's long passphrase");
    const title = `Запланированный заголовок ${Date.now()}`;
    saveTitle(title);
    // Saved too, before the moment, but not in the plan: it stays where it is.
    const other = content().articles[2] as { slug: string; title: string };
    const otherFile = join(sandbox.contentDir, "academy", `${other.slug}.md`);
    const otherTitle = `Не для этой публикации ${Date.now()}`;
    saveTitle(otherTitle, otherFile, readFileSync(otherFile, "utf8"));
    // The earliest the studio accepts is a minute ahead; the server's clock is then moved past
    // the moment while it is stopped, so the server that starts again finds the plan due.
    const at = new Date(server.clock.now() + 65_000);
    const planned = await call(server, "POST", "/studio/api/schedules", { cookie, body: { message: "По плану", at: at.toISOString(), entries: [`articles/${article.slug}`] } });
    expect(planned.status).toBe(201);
    await server.stop();
    server.clock.advance(66_000);
    await server.restart();
    await expect
      .poll(() => publicTitle(`/academy/${article.slug}/`), { timeout: 60_000, interval: 200 })
      .toContain(title);
    const published = releaseRecord(sandbox.releasesDir, liveRelease(sandbox.releasesDir) as string);
    expect(published.message).toBe("По плану");
    expect(published.entries).toEqual([`academy/${article.slug}.md`]);
    expect(await publicTitle(`/academy/${other.slug}/`)).not.toContain(otherTitle);
    expect(readFileSync(otherFile, "utf8")).toContain(otherTitle);
    expect(Date.parse(published.createdAt)).toBeGreaterThanOrEqual(at.getTime());
    expect(Date.parse(published.createdAt) - at.getTime()).toBeLessThan(20_000);
  }, 90_000);
});
