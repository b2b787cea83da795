import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, getEntry, newArticle, save, siteWhile, startContentServer } from "../support/content.ts";
import { call } from "../support/studio.ts";

/**
 * Hostile Markdown in the studio (issue 41, decision 025): texts that take
 * the renderer minutes are refused at their field in Russian while the site
 * goes on answering; links that browsers would take to another site are
 * refused at their field.
 */
describe("hostile Markdown in the studio", () => {
  let env: ContentServer;
  beforeAll(async () => {
    env = await startContentServer("sqlite");
  }, 240_000);
  afterAll(() => env?.dispose());

  it("refuses 500,000 characters of `_a` and a shorter text that takes minutes at the field, the site answering within 1 s meanwhile", { timeout: 120_000 }, async () => {
    const huge = "_a".repeat(250_000);
    // Under the size limit, and half a minute of work for marked on its own.
    const slow = "_*a".repeat(16_000);
    const preview = (markdown: string) => call(env.server, "POST", "/studio/api/content/preview", { cookie: env.editor, body: { markdown } });
    const pagePreview = (body: string) =>
      call(env.server, "POST", "/studio/api/preview", { cookie: env.editor, body: { path: "/academy/hostile/", entry: { type: "articles", slug: "hostile", values: newArticle("hostile", "Статья", body) } } });
    const studio = Promise.all([
      preview(huge),
      save(env, "articles", "hostile-huge", { values: newArticle("hostile-huge", "Статья", huge), baseHash: null }),
      preview(slow),
      save(env, "articles", "hostile-slow", { values: newArticle("hostile-slow", "Статья", slow), baseHash: null }),
      pagePreview(slow),
    ]);
    const started = performance.now();
    const site = await siteWhile(env, studio);
    const studioMs = performance.now() - started;
    // The same answers over a window as long with the studio idle: what the host's own load costs them now.
    const quiet = await siteWhile(env, new Promise((resolve) => setTimeout(resolve, studioMs)));
    const [hugePreview, hugeSave, slowPreview, slowSave, slowPagePreview] = await studio;
    console.log(`hostile Markdown: studio answered in ${Math.round(studioMs)} ms; meanwhile ${site.answered} site answers, slowest ${Math.round(site.slowestMs)} ms`);

    expect(hugePreview.status).toBe(422);
    expect(((await hugePreview.json()) as { message: string }).message).toMatch(/^Текст не\u00a0длиннее 50\u00a0000 знаков/);
    expect(hugeSave.status).toBe(422);
    expect(((await hugeSave.json()) as { errors: Record<string, string> }).errors.body).toMatch(/^Текст не\u00a0длиннее 50\u00a0000 знаков/);
    expect(slowPreview.status).toBe(422);
    expect(((await slowPreview.json()) as { message: string }).message).toMatch(/^Текст слишком сложный для разметки/);
    for (const res of [slowSave, slowPagePreview]) {
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.body).toMatch(/^Текст слишком сложный для разметки/);
    }
    // The slow text was really worked on (a second at least), and the site answered all along.
    expect(studioMs).toBeGreaterThan(1_000);
    expect(site.answered).toBeGreaterThanOrEqual(4);
    // Beyond what the host's load costs the same answers without hostile texts (a site answer took
    // 1.1 s once with both test lanes beside it): far from the seconds a text held the site before.
    expect(site.slowestMs - quiet.slowestMs, `slowest ${Math.round(site.slowestMs)} ms with the texts, ${Math.round(quiet.slowestMs)} ms without`).toBeLessThan(1_000);
    // Nothing was stored.
    expect((await call(env.server, "GET", "/studio/api/content/articles/hostile-slow", { cookie: env.editor })).status).toBe(404);
  });

  it.each(["/\\evil.example", "//evil.example", "</\t/evil.example>", "/\\/evil.example", "javascript:alert(1)"])(
    "refuses a Markdown link to %j at its field, in save and preview",
    async (href) => {
      const body = `Текст со [ссылкой](${href}).`;
      const saved = await save(env, "articles", "bad-link", { values: newArticle("bad-link", "Статья", body), baseHash: null });
      expect(saved.status).toBe(422);
      expect(((await saved.json()) as { errors: Record<string, string> }).errors.body).toMatch(/^Ссылка «.*» не\u00a0годится/);
      const preview = await call(env.server, "POST", "/studio/api/content/preview", { cookie: env.editor, body: { markdown: body } });
      expect(preview.status).toBe(422);
      expect(((await preview.json()) as { message: string }).message).toMatch(/^Ссылка «.*» не\u00a0годится/);
    },
  );

  it.each(["https:\\\\evil.example", "https:/\\evil.example", "https://evil.example/\t", "//evil.example"])("refuses a link field of %j at its field", async (url) => {
    const event = await getEntry(env, "events", "volga-digital-2026");
    const res = await save(env, "events", "volga-digital-2026", { values: { ...event.values, registrationUrl: url }, baseHash: event.hash });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.registrationUrl).toMatch(/^Ссылка, начинающаяся с\u00a0https:\/\//);
  });
});
