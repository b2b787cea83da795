import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaPlaces } from "#core/studio/media-api.ts";
import { CORPUS_BACKENDS } from "../support/forms-server.ts";
import { type ContentServer, describedUpload, getEntry, image, newArticle, save, startContentServer } from "../support/content.ts";
import { call } from "../support/studio.ts";

/**
 * Where «Медиа» finds an image still needed (issue 52, item 4), on each store (PostgreSQL in
 * test:full): a colleague's draft and an entry in «Корзина» keep it as a saved entry does, and
 * so does the deleted entry's kept version; none is a place once it is gone.
 */
describe.each(CORPUS_BACKENDS)("an image's places on %s", (backend) => {
  let env: ContentServer;
  beforeAll(async () => {
    env = await startContentServer(backend);
  }, 240_000);
  afterAll(() => env?.dispose());

  const places = async (file: string) => (await (await call(env.server, "GET", `/studio/api/media/${file}/places`, { cookie: env.editor })).json()) as MediaPlaces;
  const slugs = (list: Array<{ slug: string }>) => list.map((use) => use.slug);

  it("keeps an image a draft, «Корзина» or a kept version shows, and lets it go once nothing does", async () => {
    const file = await describedUpload(env, await image(300, 200, "png"), "Схема воронки продаж");
    const shown = `![Схема](/uploads/${file})`;
    // Saved in one article, and in a colleague's unsaved draft of another.
    const slug = "media-places-saved";
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья со схемой воронки", `Текст.\n\n${shown}\n`), baseHash: null })).status).toBe(200);
    const other = await getEntry(env, "articles", "crm-rfm-segmentation");
    const draft = await call(env.server, "PUT", "/studio/api/content/articles/crm-rfm-segmentation/draft", { cookie: env.editor, body: { values: { ...other.values, body: `${String(other.values.body)}\n\n${shown}\n` }, baseHash: other.hash } });
    expect(draft.status).toBe(200);
    let found = await places(file);
    expect(slugs(found.entries)).toEqual([slug]);
    expect(found.drafts).toEqual([expect.objectContaining({ slug: "crm-rfm-segmentation", by: "Марина Контентова" })]);

    // The article deleted: in «Корзина» it still shows the image, and its kept version does too.
    const saved = await getEntry(env, "articles", slug);
    expect((await call(env.server, "POST", `/studio/api/content/articles/${slug}/delete`, { cookie: env.editor, body: { baseHash: saved.hash } })).status).toBe(200);
    found = await places(file);
    expect(found.entries).toEqual([]);
    expect(found.trash).toEqual([expect.objectContaining({ slug, title: "Статья со схемой воронки" })]);
    expect(found.versions).toEqual([expect.objectContaining({ slug, kind: "статья" })]);
    const refused = await call(env.server, "DELETE", `/studio/api/media/${file}`, { cookie: env.editor });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Изображение есть в.черновике «.+» \(Марина Контентова\)/);

    // The draft dropped: no longer a place; the rest stay.
    expect((await call(env.server, "DELETE", "/studio/api/content/articles/crm-rfm-segmentation/draft", { cookie: env.editor })).status).toBe(204);
    found = await places(file);
    expect(found.drafts).toEqual([]);
    expect(slugs(found.trash)).toEqual([slug]);
    expect(existsSync(join(env.sandbox.contentDir, "uploads", file))).toBe(true);
  });

  it("finds nothing for an image nobody used, and answers 404 for a name «Медиа» does not have", async () => {
    const file = await describedUpload(env, await image(310, 210, "png"), "Никому не нужная схема");
    expect(await places(file)).toEqual({ entries: [], live: [], drafts: [], versions: [], trash: [] });
    for (const name of [`${file.slice(0, 24)}.jpg`, "..%2F..%2Fpages.yaml", "%25"]) {
      expect((await call(env.server, "GET", `/studio/api/media/${name}/places`, { cookie: env.editor })).status, name).toBe(404);
    }
  });
});
