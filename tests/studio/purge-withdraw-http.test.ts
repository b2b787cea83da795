import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { type ContentServer, contentFile, getEntry, newArticle, releasesSettled, save, startContentServer } from "../support/content.ts";
import { addUser, call, signIn } from "../support/studio.ts";

/**
 * What «Удалить навсегда» and «Снять с публикации» leave to an editor's account (issue 53,
 * items 2 and 10a), over HTTP on the embedded store: a purged entry's history is gone (404,
 * no restore), also once a new entry has its address; a withdrawn page may be redirected only
 * to a page the site has.
 */
const ADMIN = { login: "olga", password: "Olga administers the site 9" };
const SECRET = "Текст, который администратор удалил навсегда.";
const plain = (text: string) => text.replace(/\u00a0/g, " ");

let env: ContentServer;
let admin: string;
beforeAll(async () => {
  env = await startContentServer("sqlite");
  await addUser(env.server, ADMIN.login, "admin", ADMIN.password);
  admin = await signIn(env.server, ADMIN.login, ADMIN.password);
  await releasesSettled(env);
}, 420_000);
afterAll(() => env?.dispose());

type History = { versions: Array<{ commit: string; removed: boolean; events: Array<{ commit: string }> }> };

describe("«Удалить навсегда»", () => {
  const slug = "udalit-navsegda";
  const history = (cookie: string) => call(env.server, "GET", `/studio/api/content/articles/${slug}/history`, { cookie });

  it("leaves no history to read or restore, for an editor or an admin, even when the address is taken again", async () => {
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья для удаления", SECRET), baseHash: null })).status).toBe(200);
    const first = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...first.values, title: "Статья для удаления, вторая версия" }, baseHash: first.hash })).status).toBe(200);
    const loaded = await getEntry(env, "articles", slug);
    expect((await call(env.server, "POST", `/studio/api/content/articles/${slug}/delete`, { cookie: env.editor, body: { baseHash: loaded.hash } })).status).toBe(200);
    // Deleted, not purged: the history is there (so what follows is the purge's doing).
    const before = (await (await history(env.editor)).json()) as History;
    const old = before.versions.find((version) => !version.removed)?.commit as string;
    expect(old).toMatch(/^[0-9a-f]{40}$/);

    const trash = (await (await call(env.server, "GET", "/studio/api/trash", { cookie: admin })).json()) as { items: Array<{ id: number; slug: string }> };
    const id = trash.items.find((item) => item.slug === slug)?.id;
    expect((await call(env.server, "POST", `/studio/api/trash/${id}/purge`, { cookie: admin, body: {} })).status).toBe(200);

    for (const cookie of [env.editor, admin]) {
      expect((await history(cookie)).status).toBe(404);
      expect((await call(env.server, "GET", `/studio/api/content/articles/${slug}/history/${old}`, { cookie })).status).toBe(404);
      expect((await call(env.server, "POST", `/studio/api/content/articles/${slug}/history/${old}/restore`, { cookie, body: { baseHash: null } })).status).toBe(404);
    }
    expect((await call(env.server, "GET", `/studio/api/content/articles/${slug}`, { cookie: env.editor })).status).toBe(404);

    // A new entry at the same address has its own history only; the purged versions are not offered.
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Новая статья по тому же адресу"), baseHash: null })).status).toBe(200);
    const after = (await (await history(env.editor)).json()) as History;
    const known = new Set(before.versions.flatMap((version) => version.events.map((event) => event.commit)));
    expect(after.versions.length).toBeGreaterThan(0);
    expect(after.versions.filter((version) => version.events.some((event) => known.has(event.commit)))).toEqual([]);
    const current = await getEntry(env, "articles", slug);
    const restore = await call(env.server, "POST", `/studio/api/content/articles/${slug}/history/${old}/restore`, { cookie: env.editor, body: { baseHash: current.hash } });
    expect(restore.status).toBe(404);
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).not.toContain(SECRET);
  });
});

describe("«Снять с публикации» with a redirect", () => {
  const live = (content().articles as Array<{ slug: string }>)[0]?.slug as string;
  const withdraw = (redirect: string) => call(env.server, "POST", "/studio/api/releases/withdraw", { cookie: env.editor, body: { entry: `articles/${live}`, redirect } });

  it("refuses at its field a target that is not a page of the site, and the page itself", async () => {
    for (const target of ["//evil.example/", "/evil.example/", "/no-such-page/", "/academy/no-such-article/", `/academy/${live}/`]) {
      const res = await withdraw(target);
      expect(res.status, target).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors), target).toEqual(["redirect"]);
      expect(plain(body.errors.redirect ?? "")).toMatch(/^(Перенаправить можно только на\sстраницу, которая есть на\sсайте|Нельзя перенаправить страницу на\sнеё саму)/);
    }
    expect((await fetch(`${env.server.baseUrl}/academy/${live}/`, { redirect: "manual" })).status).toBe(200);
  });

  it("accepts a live page of the site", async () => {
    expect((await withdraw("/academy/")).status).toBe(202);
  });
});
