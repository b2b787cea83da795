import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, contentFile, EDITOR, getEntry, newArticle, publishSandbox, save, startContentServer, releasesSettled } from "../support/content.ts";
import { BACKENDS, PUBLISHING_BACKENDS } from "../support/forms-server.ts";
import { addUser, call, signedInSession, signIn, type StudioSession } from "../support/studio.ts";

/**
 * «Корзина» (issue 38, point 5) in Chromium, on both stores: a published
 * article deleted in the editor goes to the trash, «Восстановить» brings it
 * back at its address as a saved entry, and publishing it makes the page
 * answer 200 there again; «Удалить навсегда» is an admin's only (the API
 * answers 403 to an editor); a taken address is refused and another one
 * offered; after 30 days (the server's clock moved, not waited for) an entry
 * is gone from the trash by itself.
 */
const ADMIN = { login: "olga", password: "Olga administers the site 9", name: "Ольга Админова" };
const DAY = 24 * 60 * 60 * 1000;
const articles = content().articles as Array<{ slug: string; title: string }>;
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type TrashJson = { items: Array<{ id: number; slug: string; title: string; daysLeft: number }>; canPurge: boolean };

for (const backend of BACKENDS) {
  describe(`«Корзина» on ${backend}`, () => {
    let env: ContentServer;
    const free: Array<{ slug: string; title: string }> = [];

    beforeAll(async () => {
      env = await startContentServer(backend);
      await addUser(env.server, ADMIN.login, "admin", ADMIN.password, ADMIN.name);
      await releasesSettled(env);
      // Articles only old addresses lead to (a delete with a 301 takes those along): deleting them is allowed.
      for (const article of articles) {
        if (free.length === 3) break;
        const res = await call(env.server, "GET", `/studio/api/content/articles/${article.slug}/references`, { cookie: env.editor });
        if (((await res.json()) as { references: Array<{ type: string }> }).references.every((r) => r.type === "redirects")) free.push(article);
      }
    }, 420_000);
    afterAll(async () => {
      await env?.dispose();
    });

    const open = (login: { login: string; password: string }, width = 1440): Promise<StudioSession> => signedInSession(browser, env.server.baseUrl, login, width);

    async function trash(cookie: string): Promise<TrashJson> {
      const res = await call(env.server, "GET", "/studio/api/trash", { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as TrashJson;
    }

    async function deleteByApi(slug: string, cookie = env.editor, redirect = true): Promise<number> {
      const loaded = await getEntry(env, "articles", slug, cookie);
      const res = await call(env.server, "POST", `/studio/api/content/articles/${slug}/delete`, { cookie, body: { baseHash: loaded.hash, ...(redirect ? { redirect: { to: "/academy/" } } : {}) } });
      expect(res.status, await res.clone().text()).toBe(200);
      const item = (await trash(cookie)).items.find((i) => i.slug === slug);
      expect(item, `${slug} in the trash`).toBeDefined();
      return item?.id as number;
    }

    // The whole way through a browser and two publications: SQLite per commit, PostgreSQL too in
    // `npm run test:full` (PUBLISHING_BACKENDS); the store's own part (the API, the 30 days) on both.
    it.runIf(PUBLISHING_BACKENDS.includes(backend))("deletes a published article to «Корзина», restores it at its address, and publishing it brings the page back", { timeout: 240_000 }, async () => {
      const article = free[0] as { slug: string; title: string };
      const address = `/academy/${article.slug}/`;
      const file = `academy/${article.slug}.md`;
      const text = contentFile(env.sandbox, file);
      expect((await fetch(env.server.baseUrl + address)).status).toBe(200);
      const { context, page, problems } = await open(EDITOR);

      await page.goto(`${env.server.baseUrl}/studio/content/articles/${article.slug}/`);
      await page.getByRole("button", { name: "Удалить…" }).click();
      const panel = page.getByRole("region", { name: /^Удалить статью/ });
      // The article is named by its title, not its address.
      expect(plain(await panel.getByRole("heading").textContent())).toBe(plain(`Удалить статью «${article.title}»?`));
      expect(plain(await panel.textContent())).toContain("попадёт в «Корзину» и пробудет там 30 дней");
      expect(plain(await panel.textContent())).not.toContain("истории публикаций");
      // Ever published: a 301 from its address is offered (and left on).
      expect(await panel.getByRole("checkbox", { name: new RegExp(`Перенаправлять адрес ${address}`) }).isChecked()).toBe(true);
      // The answer first: a refusal (a conflict, a check) is said with its reason, not as a page that never moved.
      const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith(`/${article.slug}/delete`));
      await panel.getByRole("button", { name: "Удалить", exact: true }).click();
      const answer = await answered;
      expect(answer.status(), await answer.text()).toBe(200);
      await page.waitForURL(/\/studio\/content\/articles\/$/);
      await page.getByText(/перенесена в\s«Корзину»/).waitFor();
      expect(existsSync(join(env.sandbox.contentDir, file))).toBe(false);

      // The deletion goes live: the address leads to the section's list.
      await publishSandbox(env);
      const gone = await fetch(env.server.baseUrl + address, { redirect: "manual" });
      expect(gone.status).toBe(301);

      await page.getByRole("link", { name: "Корзина: 1" }).click();
      await page.getByRole("heading", { level: 1, name: "Корзина" }).waitFor();
      const row = page.getByRole("row").filter({ hasText: article.slug });
      const cells = plain(await row.textContent());
      expect(cells).toContain("Статьи Академии");
      expect(cells).toContain(EDITOR.name);
      expect(cells).toMatch(/\d{1,2} [а-я]+ 20\d\d г\. в\s\d\d:\d\d/);
      expect(cells).toContain("30 дней");
      // An editor is not offered permanent deletion.
      expect(await page.getByRole("button", { name: /Удалить навсегда/ }).count()).toBe(0);
      if (backend === "sqlite") {
        expect(await atEveryWidth(page, 1440), "«Корзина»").toEqual([]);
      }

      await row.getByRole("button", { name: /^Восстановить/ }).click();
      await page.getByText(new RegExp(`восстановлена:\\sадрес\\s${address}`)).waitFor();
      await page.getByText("Корзина пуста").waitFor();
      // Stored: the file as it was, no saved 301 from its address, nothing left in the trash.
      expect(contentFile(env.sandbox, file)).toBe(text);
      expect(contentFile(env.sandbox, "redirects.csv")).not.toMatch(new RegExp(`^${address},`, "m"));
      expect((await trash(env.editor)).items.some((i) => i.slug === article.slug)).toBe(false);

      // Saved, not yet on the site: its state says so, and the address still leads away.
      await page.getByRole("link", { name: "Открыть запись" }).click();
      await page.waitForURL(new RegExp(`/studio/content/articles/${article.slug}/$`));
      await expect.poll(async () => plain(await page.getByTestId("entry-state").textContent())).toMatch(/^(Черновик|Снято с\sпубликации)/);
      expect((await fetch(env.server.baseUrl + address, { redirect: "manual" })).status).toBe(301);

      await page.getByRole("region", { name: "Публикация записи" }).getByRole("button", { name: "Опубликовать" }).click();
      await expect.poll(async () => plain(await page.getByTestId("entry-state").textContent()), { timeout: 90_000, interval: 250 }).toBe("Опубликовано");
      await expect
        .poll(async () => (await fetch(env.server.baseUrl + address, { redirect: "manual" })).status, { timeout: 15_000, interval: 200 })
        .toBe(200);
      const html = plain((await (await fetch(env.server.baseUrl + address)).text()).replace(/&nbsp;/g, " "));
      expect(html).toContain(plain(article.title).replace(/&/g, "&amp;").slice(0, 30));
      expect(problems).toEqual([]);
      await context.close();
    });

    it.runIf(PUBLISHING_BACKENDS.includes(backend))("lets only an admin delete for good, and refuses to restore over a taken address", { timeout: 120_000 }, async () => {
      const doomed = free[1] as { slug: string; title: string };
      const id = await deleteByApi(doomed.slug);
      expect((await trash(env.editor)).canPurge).toBe(false);
      const refused = await call(env.server, "POST", `/studio/api/trash/${id}/purge`, { cookie: env.editor, body: {} });
      expect(refused.status).toBe(403);
      expect((await trash(env.editor)).items.some((i) => i.id === id)).toBe(true);

      const { context, page, problems } = await open(ADMIN);
      await page.goto(`${env.server.baseUrl}/studio/content/trash/`);
      const row = page.getByRole("row").filter({ hasText: doomed.slug });
      await row.getByRole("button", { name: /Удалить навсегда/ }).click();
      expect(plain(await row.getByRole("alert").textContent())).toContain("навсегда? Вернуть её будет нельзя.");
      await row.getByRole("button", { name: "Да, удалить навсегда" }).click();
      await page.getByText(/удалена навсегда/).waitFor();
      await expect.poll(() => page.getByRole("row").filter({ hasText: doomed.slug }).count()).toBe(0);
      const admin = await signIn(env.server, ADMIN.login, ADMIN.password);
      expect((await trash(admin)).items.some((i) => i.id === id)).toBe(false);
      expect((await call(env.server, "POST", `/studio/api/trash/${id}/restore`, { cookie: env.editor, body: {} })).status).toBe(404);
      expect(problems).toEqual([]);
      await context.close();

      // A new entry took the address meanwhile: the refusal says so, nothing is lost, another address works.
      const slug = `korzina-${backend}`;
      expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья, которую удалят"), baseHash: null })).status).toBe(200);
      const original = contentFile(env.sandbox, `academy/${slug}.md`);
      const takenId = await deleteByApi(slug, env.editor, false);
      const created = await save(env, "articles", slug, { values: newArticle(slug, "Новая статья на том же адресе"), baseHash: null });
      expect(created.status, await created.clone().text()).toBe(200);
      const clash = await call(env.server, "POST", `/studio/api/trash/${takenId}/restore`, { cookie: env.editor, body: {} });
      expect(clash.status).toBe(422);
      const body = (await clash.json()) as { message: string; taken: boolean };
      expect(plain(body.message)).toContain(`Адрес /academy/${slug}/ уже занят другой записью`);
      expect(body.taken).toBe(true);
      expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain("Новая статья на том же адресе");
      const bad = await call(env.server, "POST", `/studio/api/trash/${takenId}/restore`, { cookie: env.editor, body: { slug: "Не Адрес" } });
      expect(bad.status).toBe(422);
      // In the studio: the refusal, then the entry restored under the address offered instead.
      const editor = await open(EDITOR);
      await editor.page.goto(`${env.server.baseUrl}/studio/content/trash/`);
      const entry = editor.page.getByRole("row").filter({ hasText: `/academy/${slug}/` });
      await entry.getByRole("button", { name: /^Восстановить/ }).click();
      await editor.page.getByRole("alert").filter({ hasText: /уже занят другой записью/ }).waitFor();
      expect(await entry.getByLabel("Другой адрес").inputValue()).toBe(`${slug}-2`);
      await entry.getByRole("button", { name: /^Восстановить под другим адресом/ }).click();
      await editor.page.getByText(new RegExp(`восстановлена:\\sадрес\\s/academy/${slug}-2/`)).waitFor();
      expect(editor.problems).toEqual([]);
      await editor.context.close();
      expect(contentFile(env.sandbox, `academy/${slug}-2.md`)).toBe(original);
      expect((await trash(env.editor)).items.some((i) => i.id === takenId)).toBe(false);
    });

    // Who may call each of its endpoints (401, 403, cross-site writes): tests/studio/access-http.test.ts.
    it("answers odd trash requests without a 5xx, restoring nothing", async () => {
      expect((await call(env.server, "GET", "/studio/api/trash?type=..%2Fetc", { cookie: env.editor })).status).toBe(404);
      const id = await deleteByApi(free[2]?.slug as string);
      const failures: string[] = [];
      for (const target of ["abc", "0", "-1", "1e3", "9".repeat(40), "%00", String(id)]) {
        for (const body of [{ slug: 1 }, { slug: "../x" }, { slug: "x".repeat(3000) }, { slug: "__proto__" }, { slug: "Пробел и кириллица" }]) {
          const res = await call(env.server, "POST", `/studio/api/trash/${target}/restore`, { cookie: env.editor, body });
          if (res.status >= 500 || res.status === 200) failures.push(`${res.status} ${target} ${JSON.stringify(body).slice(0, 40)}`);
        }
      }
      expect(failures).toEqual([]);
      // Still there, untouched, for the next test.
      expect((await trash(env.editor)).items.some((i) => i.id === id)).toBe(true);
    });

    it("removes an entry from «Корзина» by itself after 30 days", { timeout: 60_000 }, async () => {
      const old = free[2] as { slug: string; title: string };
      const id = (await trash(env.editor)).items.find((i) => i.slug === old.slug)?.id as number;
      expect(id).toBeGreaterThan(0);
      env.server.clock.advance(29 * DAY);
      // Sessions end meanwhile: sign in again at the new time.
      let cookie = await signIn(env.server, EDITOR.login, EDITOR.password);
      expect((await trash(cookie)).items.find((i) => i.id === id)?.daysLeft).toBe(1);
      env.server.clock.advance(DAY + 60_000);
      cookie = await signIn(env.server, EDITOR.login, EDITOR.password);
      const { context, page, problems } = await open(EDITOR);
      await page.goto(`${env.server.baseUrl}/studio/content/trash/`);
      await page.getByRole("heading", { level: 1, name: "Корзина" }).waitFor();
      expect(await page.getByRole("row").filter({ hasText: old.slug }).count()).toBe(0);
      expect((await trash(cookie)).items.some((i) => i.id === id)).toBe(false);
      expect((await call(env.server, "POST", `/studio/api/trash/${id}/restore`, { cookie, body: {} })).status).toBe(404);
      // The journal says it went by itself.
      const admin = await signIn(env.server, ADMIN.login, ADMIN.password);
      const journal = (await (await call(env.server, "GET", "/studio/api/audit?action=content.trash-purge", { cookie: admin })).json()) as {
        entries: Array<{ target: string; actorLogin: string | null; details: Record<string, unknown> }>;
      };
      expect(journal.entries.find((e) => e.target === `articles/${old.slug}`)).toMatchObject({ actorLogin: null, details: { expired: true } });
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
