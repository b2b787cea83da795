import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_TEXT_MESSAGE } from "#core/studio/media-api.ts";
import { PUBLISHING_BACKENDS } from "../support/forms-server.ts";
import { HOSTILE_ALTS, HOSTILE_DESCRIPTIONS, OFF_SITE_IMAGES } from "../support/hostile.ts";
import { type ContentServer, contentFile, describedUpload, getEntry, image, newArticle, publishSandbox, releasesSettled, save, sendImage, startContentServer } from "../support/content.ts";
import { liveRelease, releaseState } from "../support/releases.ts";
import { call } from "../support/studio.ts";
import { readUploads, type UploadInfo } from "#core/content/uploads.server.ts";
import { renditionsOf } from "../../server/releases/uploads.ts";
import { eventually } from "../support/eventually.ts";

/**
 * «Медиа» as an editor who means harm meets it over HTTP (issue 53): a request names one
 * file exactly or changes nothing, a sidecar goes only with its own picture and comes back
 * with the same bytes, the journal names only what happened; descriptions are one line and
 * go into another editor's text as a description only; a replacing file already in «Медиа»
 * keeps a cover described; a release publishes only the uploads its pages show; an image
 * from another site is refused at its field.
 */
type Item = { file: string; alt: string; caption: string; focal: { x: number; y: number }; uses: Array<{ slug: string }> };

describe("«Медиа» over HTTP", () => {
  let env: ContentServer;
  beforeAll(async () => {
    env = await startContentServer("sqlite");
  }, 240_000);
  afterAll(() => env?.dispose());

  const uploads = (name = "") => join(env.sandbox.contentDir, "uploads", name);
  const library = async () => ((await (await call(env.server, "GET", "/studio/api/media", { cookie: env.editor })).json()) as { items: Item[] }).items;
  const audit = async (target: string) =>
    (await env.server.db.query<{ action: string; details: string }>("SELECT action, details FROM studio_audit WHERE target = $1 ORDER BY id", [`uploads/${target}`])).map((row) => ({
      action: row.action,
      details: JSON.parse(row.details) as Record<string, unknown>,
    }));
  const upload = async (bytes: Buffer, type = "image/png") => {
    const res = await sendImage(env, bytes, { type });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { file: string; alt: string; markdown: string };
  };

  it("answers a request for another extension of an image in use with 404 and changes nothing: the entry that uses it still saves", async () => {
    const file = await describedUpload(env, await image(320, 200, "jpeg"), "Фотография для статьи");
    expect(file).toMatch(/^[a-f\d]{24}\.jpg$/);
    const hash = file.slice(0, 24);
    const slug = "media-exact-name";
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья с фотографией", `Текст.\n\n![Фото](/uploads/${file})\n`), baseHash: null })).status).toBe(200);
    const sidecar = readFileSync(uploads(`${hash}.json`));
    for (const other of ["png", "webp", "avif", "jpeg", "JPG"].map((ext) => `${hash}.${ext}`).concat([`${hash.toUpperCase()}.jpg`, `${hash}.jpg.png`])) {
      const deleted = await call(env.server, "DELETE", `/studio/api/media/${other}`, { cookie: env.editor });
      expect(deleted.status, `DELETE ${other}`).toBe(404);
      expect(((await deleted.json()) as { message: string }).message).toBe("Такого изображения в\u00a0«Медиа» нет");
      expect((await call(env.server, "PUT", `/studio/api/media/${other}`, { cookie: env.editor, body: { alt: "Чужое описание" } })).status, `PUT ${other}`).toBe(404);
      expect((await sendImage(env, await image(33, 33), { path: `/studio/api/media/${other}/replace` })).status, `replace ${other}`).toBe(404);
      expect(await audit(other), other).toEqual([]);
    }
    // The picture, its own sidecar and its place in «Медиа» are as they were.
    expect(readFileSync(uploads(`${hash}.json`)).equals(sidecar)).toBe(true);
    expect(existsSync(uploads(file))).toBe(true);
    expect((await library()).find((item) => item.file === file)).toMatchObject({ alt: "Фотография для статьи", uses: [{ slug }] });
    // Its own name is checked for its own uses.
    const used = await call(env.server, "DELETE", `/studio/api/media/${file}`, { cookie: env.editor });
    expect(used.status).toBe(409);
    expect(((await used.json()) as { places: { entries: Array<{ slug: string }> } }).places.entries.map((use) => use.slug)).toEqual([slug]);
    // Nobody is kept from saving: the entry that shows it, and any other.
    const entry = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...entry.values, title: "Статья с фотографией, исправленная" }, baseHash: entry.hash })).status).toBe(200);
    const other = await getEntry(env, "articles", "crm-rfm-segmentation");
    expect((await save(env, "articles", "crm-rfm-segmentation", { values: { ...other.values, title: "Сегментация RFM в CRM" }, baseHash: other.hash })).status).toBe(200);
    // Content names an upload exactly too: another extension of it is no image.
    const wrong = await save(env, "articles", "media-wrong-extension", { values: newArticle("media-wrong-extension", "Чужое расширение", `![Фото](/uploads/${hash}.png)`), baseHash: null });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors.body).toBe(`изображение /uploads/${hash}.png не\u00a0найдено: загрузите его заново`);
  });

  it("writes a lost sidecar back when the same picture is uploaded again, and says in the journal what each upload did", async () => {
    const bytes = await image(300, 180, "png");
    const first = await upload(bytes);
    const hash = first.file.slice(0, 24);
    const slug = "media-lost-sidecar";
    expect((await call(env.server, "PUT", `/studio/api/media/${first.file}`, { cookie: env.editor, body: { alt: "Схема до потери", caption: "Подпись" } })).status).toBe(200);
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья со схемой", `![Схема](/uploads/${first.file})`), baseHash: null })).status).toBe(200);
    // The same bytes again: nothing written, its description kept and offered.
    const again = await upload(bytes);
    expect(again).toMatchObject({ file: first.file, alt: "Схема до потери" });
    // A sidecar lost (removed by hand, or by the hole issue 53 closed): the picture leaves «Медиа», its entry cannot be saved…
    rmSync(uploads(`${hash}.json`));
    expect((await library()).map((item) => item.file)).not.toContain(first.file);
    expect((await call(env.server, "DELETE", `/studio/api/media/${first.file}`, { cookie: env.editor })).status).toBe(404);
    const entry = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...entry.values, title: "Статья со схемой, правка" }, baseHash: entry.hash })).status).toBe(422);
    // …until the same picture is uploaded again.
    const restored = await upload(bytes);
    expect(restored.file).toBe(first.file);
    expect(JSON.parse(readFileSync(uploads(`${hash}.json`), "utf8"))).toMatchObject({ width: 300, height: 180, format: "png" });
    expect((await library()).find((item) => item.file === first.file)).toMatchObject({ alt: "", uses: [{ slug }] });
    expect((await save(env, "articles", slug, { values: { ...entry.values, title: "Статья со схемой, правка" }, baseHash: entry.hash })).status).toBe(200);
    expect((await audit(first.file)).map((row) => [row.action, row.details.stored])).toEqual([
      ["content.upload", "new"],
      ["media.describe", undefined],
      ["content.upload", "kept"],
      ["content.upload", "restored"],
    ]);
  });

  it("keeps descriptions one line: breaks made spaces, hidden controls refused at their field in Russian", async () => {
    const { file } = await upload(await image(310, 190, "png"));
    for (const { text, refused } of HOSTILE_DESCRIPTIONS) {
      for (const name of ["alt", "caption"] as const) {
        const body = { alt: "Описание", caption: "", [name]: text };
        const res = await call(env.server, "PUT", `/studio/api/media/${file}`, { cookie: env.editor, body });
        if (refused) {
          expect(res.status, `${name} ${JSON.stringify(text)}`).toBe(422);
          expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ [name]: MEDIA_TEXT_MESSAGE });
        } else {
          expect(res.status, `${name} ${JSON.stringify(text)}`).toBe(200);
          const item = (await library()).find((i) => i.file === file) as Item;
          expect(item[name]).not.toMatch(/[\n\r\t\u2028]/);
          expect(item[name]).toBe(text.replace(/\s*[\n\r\t\u2028]\s*/g, " ").trim());
        }
      }
    }
  });

  it("gives an upload's Markdown with its description escaped: in another editor's text it is the description, never markup", async () => {
    const bytes = await image(330, 170, "png");
    const { file } = await upload(bytes);
    const hash = file.slice(0, 24);
    for (const alt of HOSTILE_ALTS) {
      expect((await call(env.server, "PUT", `/studio/api/media/${file}`, { cookie: env.editor, body: { alt } })).status, alt).toBe(200);
      const { markdown } = await upload(bytes);
      expect(markdown, alt).not.toMatch(/\n/);
      // In the middle of someone else's text, as the studio's preview renders it (the site's renderer).
      const res = await call(env.server, "POST", "/studio/api/content/preview", { cookie: env.editor, body: { markdown: `Текст коллеги.\n\n${markdown}\n\nЕщё текст.` } });
      expect(res.status, alt).toBe(200);
      const { html } = (await res.json()) as { html: string };
      expect(html.match(/<img /g), alt).toHaveLength(1);
      expect(html, alt).not.toMatch(/<(?!\/?p>|img )[a-z/]/);
      expect(html, alt).toContain(`/content/uploads/${hash}.png`);
      const shown = (/alt="([^"]*)"/.exec(html)?.[1] ?? "").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, "&");
      expect(shown.replace(/\u00a0/g, " "), alt).toBe(alt);
    }
  });

  it("refuses an image from another site at its field, naming it, and keeps links to other sites", async () => {
    for (const src of OFF_SITE_IMAGES) {
      const res = await save(env, "articles", "media-off-site", { values: newArticle("media-off-site", "Чужая картинка", `Текст.\n\n![График роста](${src})\n`), baseHash: null });
      expect(res.status, src).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.body, src).toBe(
        `Изображение «График роста» по\u00a0адресу «${src}» на\u00a0сайте не\u00a0покажется: страницы показывают только свои изображения. Загрузите его в\u00a0«Медиа» и\u00a0вставьте оттуда`,
      );
    }
    expect(existsSync(join(env.sandbox.contentDir, "academy/media-off-site.md"))).toBe(false);
    const links = await save(env, "articles", "media-off-site", { values: newArticle("media-off-site", "Ссылки наружу", "[Сайт партнёра](https://partner.example/) и [отчёт](http://example.com/report.pdf)."), baseHash: null });
    expect(links.status, await links.clone().text()).toBe(200);
  });

  it("carries a file's description to a replacing picture already in «Медиа», as to a new one; one described for itself keeps its own", async () => {
    const old = await describedUpload(env, await image(340, 220, "png"), "Команда на планёрке");
    expect((await call(env.server, "PUT", `/studio/api/media/${old}`, { cookie: env.editor, body: { alt: "Команда на планёрке", caption: "По понедельникам", focal: { x: 0.3, y: 0.6 } } })).status).toBe(200);
    const slug = "media-replaced-cover";
    expect((await save(env, "articles", slug, { values: { ...newArticle(slug, "Статья с обложкой"), cover: `/uploads/${old}` }, baseHash: null })).status).toBe(200);
    // Already in «Медиа», never described (uploaded straight into a text).
    const undescribed = await image(350, 230, "png");
    const { file: next } = await upload(undescribed);
    const replaced = await sendImage(env, undescribed, { path: `/studio/api/media/${old}/replace` });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    expect(((await replaced.json()) as { file: string }).file).toBe(next);
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain(`cover: /uploads/${next}`);
    expect((await library()).find((item) => item.file === next)).toMatchObject({ alt: "Команда на планёрке", caption: "По понедельникам", focal: { x: 0.3, y: 0.6 } });
    expect((await audit(old)).at(-1)).toEqual({ action: "media.replace", details: { by: next, stored: "kept", description: "adopted", entries: 1, files: [`academy/${slug}.md`] } });
    // One described for itself keeps its description: it was written for that very picture.
    const ownBytes = await image(360, 240, "png");
    const own = await describedUpload(env, ownBytes, "Офис агентства снаружи");
    const again = await sendImage(env, ownBytes, { path: `/studio/api/media/${next}/replace` });
    expect(again.status).toBe(200);
    expect((await library()).find((item) => item.file === own)).toMatchObject({ alt: "Офис агентства снаружи" });
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain(`cover: /uploads/${own}`);
  });

  it("refuses at its field a version restored or an entry published with a picture «Медиа» no longer has", async () => {
    const lost = await describedUpload(env, await image(420, 260, "png"), "Обложка, которая потом пропала");
    const kept = await describedUpload(env, await image(430, 270, "png"), "Обложка, которая осталась");
    const slug = "media-lost-cover";
    expect((await save(env, "articles", slug, { values: { ...newArticle(slug, "Статья с пропавшей обложкой"), cover: `/uploads/${lost}` }, baseHash: null })).status).toBe(200);
    const first = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...first.values, cover: `/uploads/${kept}` }, baseHash: first.hash })).status).toBe(200);
    // The picture gone from disk (removed by hand: «Медиа» itself keeps what a version shows).
    rmSync(uploads(lost));
    rmSync(uploads(`${lost.slice(0, 24)}.json`));
    const history = (await (await call(env.server, "GET", `/studio/api/content/articles/${slug}/history`, { cookie: env.editor })).json()) as { versions: Array<{ commit: string }> };
    const older = history.versions.at(-1)?.commit ?? "";
    const current = await getEntry(env, "articles", slug);
    const restored = await call(env.server, "POST", `/studio/api/content/articles/${slug}/history/${older}/restore`, { cookie: env.editor, body: { baseHash: current.hash } });
    expect(restored.status).toBe(422);
    expect(((await restored.json()) as { errors: Record<string, string> }).errors).toEqual({ cover: "Этого изображения нет в\u00a0«Медиа»: выберите другое или верните его из\u00a0«Корзины»" });
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain(`cover: /uploads/${kept}`);
    // Written by hand into the file, it is not published either: named with its field, not a release that quietly drops it.
    writeFileSync(join(env.sandbox.contentDir, "academy", `${slug}.md`), contentFile(env.sandbox, `academy/${slug}.md`).replace(kept, lost));
    const published = await call(env.server, "POST", "/studio/api/releases", { cookie: env.editor, body: { message: "Статья с пропавшей обложкой", entries: [`articles/${slug}`] } });
    expect(published.status).toBe(422);
    expect(await published.json()).toMatchObject({
      message: "«Статья с пропавшей обложкой» не\u00a0опубликовать: в\u00a0поле «Обложка» изображение, которого нет в\u00a0«Медиа». Выберите другое или верните его из\u00a0«Корзины»",
      errors: { cover: expect.stringMatching(/^Этого изображения нет/) },
    });
  });

  it.runIf(PUBLISHING_BACKENDS.includes("sqlite"))(
    "publishes only the uploads a page shows, and deletes none the site as published still shows",
    { timeout: 300_000 },
    async () => {
      await releasesSettled(env);
      const shown = await describedUpload(env, await image(800, 500, "png"), "Схема, которую показывает страница");
      const unused = await describedUpload(env, await image(810, 505, "png"), "Схема, которую не показывает ни одна страница");
      const slug = "media-on-the-site";
      expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья со схемой на сайте", `Текст.\n\n![Схема](/uploads/${shown})\n`), baseHash: null })).status).toBe(200);
      await publishSandbox(env);
      const copies = (file: string, width: number) => [480, width].flatMap((w) => ["avif", "webp"].map((format) => `/assets/images/uploads/${file.slice(0, 24)}-${w}.${format}`)).concat(`/assets/images/uploads/${file.slice(0, 24)}-og-50-50.jpg`);
      for (const url of copies(shown, 800)) expect((await fetch(env.server.baseUrl + url)).status, url).toBe(200);
      for (const url of copies(unused, 810)) expect((await fetch(env.server.baseUrl + url)).status, url).toBe(404);
      const state = releaseState(env.sandbox.releasesDir, liveRelease(env.sandbox.releasesDir) as string);
      expect(state.pages[`/academy/${slug}/`]?.uploads).toEqual([shown.slice(0, 24)]);
      expect(Object.keys(state.files).filter((url) => url.includes(unused.slice(0, 24)))).toEqual([]);

      // Taken out of the text and saved, not published: the site still shows it, so it stays.
      const entry = await getEntry(env, "articles", slug);
      expect((await save(env, "articles", slug, { values: { ...entry.values, body: "Текст без схемы." }, baseHash: entry.hash })).status).toBe(200);
      const live = await call(env.server, "DELETE", `/studio/api/media/${shown}`, { cookie: env.editor });
      expect(live.status).toBe(409);
      expect(await live.json()).toMatchObject({ message: expect.stringMatching(/^Изображение ещё на\u00a0сайте/), places: { entries: [], live: [{ slug }] } });
      expect(existsSync(uploads(shown))).toBe(true);
      // Published without it: the site no longer shows it, but the article's earlier version does, and can be restored. Kept.
      await publishSandbox(env);
      const kept = await call(env.server, "DELETE", `/studio/api/media/${shown}`, { cookie: env.editor });
      expect(kept.status).toBe(409);
      expect(await kept.json()).toMatchObject({
        message: expect.stringMatching(/^Изображение показывает версия от.\d+ \S+ \d{4} г\. в\s\d\d:\d\d, статья «Статья со\sсхемой на\sсайте»: пока эта версия хранится/),
        places: { entries: [], live: [], versions: [{ slug, kind: "статья" }] },
      });
      expect(existsSync(uploads(shown))).toBe(true);
      // One no version ever showed goes to «Корзина», picture and its own sidecar, and the journal says so once.
      const gone = await call(env.server, "DELETE", `/studio/api/media/${unused}`, { cookie: env.editor });
      expect(gone.status).toBe(200);
      expect(existsSync(uploads(unused))).toBe(false);
      expect(existsSync(uploads(`${unused.slice(0, 24)}.json`))).toBe(false);
      expect((await audit(unused)).filter((row) => row.action === "media.delete")).toHaveLength(1);
      expect((await call(env.server, "DELETE", `/studio/api/media/${unused}`, { cookie: env.editor })).status).toBe(404);
      expect((await audit(unused)).filter((row) => row.action === "media.delete")).toHaveLength(1);
      const trash = (await (await call(env.server, "GET", "/studio/api/trash", { cookie: env.editor })).json()) as { pictures: Array<{ file: string; alt: string; daysLeft: number }> };
      expect(trash.pictures.find((picture) => picture.file === unused)).toMatchObject({ alt: "Схема, которую не показывает ни одна страница", daysLeft: 30 });
      // Nobody else's file is reachable through the trash, and only an admin purges.
      for (const name of ["../../content/pages.yaml", "x.json", `${unused}.json`]) {
        expect((await call(env.server, "GET", `/studio/api/trash/pictures/${encodeURIComponent(name)}`, { cookie: env.editor })).status, name).toBe(404);
      }
      expect((await call(env.server, "POST", `/studio/api/trash/pictures/${unused}/purge`, { cookie: env.editor, body: {} })).status).toBe(403);
      // Back in «Медиа» with its description.
      expect((await call(env.server, "POST", `/studio/api/trash/pictures/${unused}/restore`, { cookie: env.editor, body: {} })).status).toBe(200);
      expect((await library()).find((item) => item.file === unused)).toMatchObject({ alt: "Схема, которую не показывает ни одна страница" });
      expect((await call(env.server, "POST", `/studio/api/trash/pictures/${unused}/restore`, { cookie: env.editor, body: {} })).status).toBe(404);
      // And the next publication still goes (nothing on the site needed it).
      writeFileSync(join(env.sandbox.contentDir, "academy", `${slug}.md`), contentFile(env.sandbox, `academy/${slug}.md`).replace("Текст без схемы.", "Текст без схемы, ещё раз."));
      await publishSandbox(env);
    },
  );

  it.runIf(PUBLISHING_BACKENDS.includes("sqlite"))(
    "draws an upload's copies once it is stored, a replacing file's at the focal point it took over, so the release that shows it encodes none (issue 52)",
    { timeout: 120_000 },
    async () => {
      const cache = join(env.sandbox.releasesDir, ".cache", "images", "uploads");
      // Every copy a release would publish of `file`, as its sidecar now describes it.
      const copiesOf = (file: string) => renditionsOf(file.slice(0, 24), readUploads(env.sandbox.contentDir)[file.slice(0, 24)] as UploadInfo).map((copy) => copy.file);
      const drawn = (file: string) => eventually(() => copiesOf(file).every((copy) => existsSync(join(cache, copy))), 20_000, `the copies of ${file}`);
      const first = await upload(await image(905, 605, "jpeg"), "image/jpeg");
      await drawn(first.file);
      // 480 and 905 wide in AVIF and WebP, and the Open Graph picture at the middle.
      expect(copiesOf(first.file)).toHaveLength(5);
      expect(copiesOf(first.file)).toContain(`${first.file.slice(0, 24)}-og-50-50.jpg`);
      expect((await call(env.server, "PUT", `/studio/api/media/${first.file}`, { cookie: env.editor, body: { alt: "Офис", focal: { x: 0.2, y: 0.7 } } })).status).toBe(200);
      const replaced = await sendImage(env, await image(1010, 707, "jpeg"), { type: "image/jpeg", path: `/studio/api/media/${first.file}/replace` });
      expect(replaced.status, await replaced.clone().text()).toBe(200);
      const next = ((await replaced.json()) as { file: string }).file;
      await drawn(next);
      expect(copiesOf(next)).toContain(`${next.slice(0, 24)}-og-20-70.jpg`);

      await releasesSettled(env);
      const slug = "media-copies-drawn-ahead";
      expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья с новой фотографией", `Текст.\n\n![Офис](/uploads/${next})\n`), baseHash: null })).status).toBe(200);
      await publishSandbox(env);
      const record = JSON.parse(readFileSync(join(env.sandbox.releasesDir, liveRelease(env.sandbox.releasesDir) as string, "release.json"), "utf8")) as { uploads?: unknown };
      // 480, 960 and 1010 wide in both formats and the Open Graph picture: all on the site, all from the cache
      // (the release publishes other pages' pictures too, so its count of them is not this one's).
      expect(copiesOf(next)).toHaveLength(7);
      for (const copy of copiesOf(next)) expect((await fetch(`${env.server.baseUrl}/assets/images/uploads/${copy}`)).status, copy).toBe(200);
      expect(record.uploads).toMatchObject({ encoded: 0 });
    },
  );
});
