import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, image, newArticle, save, sendImage, startContentServer } from "../support/content.ts";
import { eventually } from "../support/eventually.ts";
import { call } from "../support/studio.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * «Медиа» at scale over HTTP: an upload keeps the name it had on the
 * uploader's computer (cleaned and bounded) and is found by it; the library
 * comes a page at a time, filtered by what has no description, what is
 * unused and by type, every parameter bounded and refused in Russian; each
 * picture has a small WebP copy; several are described at once (all or
 * none, each error at its field, each journaled); the alt text typed in a
 * text becomes a picture's description only when it has none.
 */
type Item = { file: string; name: string; alt: string; uses: unknown[] };
type Page = { items: Item[]; total: number; library: number; page: number; pages: number };

describe("«Медиа» a page at a time", () => {
  let env: ContentServer;
  beforeAll(async () => {
    env = await startContentServer("sqlite");
  }, 240_000);
  afterAll(() => env?.dispose());

  const list = async (query = "") => {
    const res = await call(env.server, "GET", `/studio/api/media${query}`, { cookie: env.editor });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Page;
  };
  const upload = async (bytes: Buffer, name: string) => {
    const res = await sendImage(env, bytes, { path: `/studio/api/content/uploads?name=${encodeURIComponent(name)}` });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { file: string }).file;
  };
  const journal = async (file: string) =>
    (await env.server.db.query<{ details: string }>("SELECT details FROM studio_audit WHERE action = 'media.describe' AND target = $1", [`uploads/${file}`])).map((row) => JSON.parse(row.details) as Record<string, unknown>);

  it("keeps an upload's original name, cleaned, and finds it by the name; pages, filters and refuses what it does not know", { timeout: 120_000 }, async () => {
    const files: string[] = [];
    for (let i = 0; i < 50; i++) files.push(await upload(await image(20 + i, 20, i % 10 === 0 ? "jpeg" : "png"), `C:\\Фото\\foto-${i}.png`));
    const named = await upload(await image(99, 21), "отчёт\u202e\n2026.png");
    const first = await list();
    expect(first).toMatchObject({ total: 51, library: 51, page: 1, pages: 2 });
    expect(first.items).toHaveLength(48);
    expect(first.items[0]).toMatchObject({ file: named, name: "отчёт 2026.png" });
    expect((await list("?page=2")).items).toHaveLength(3);
    // A page past the end is the last one.
    expect((await list("?page=900")).page).toBe(2);
    const found = await list("?q=FOTO-13");
    expect(found.items.map((item) => item.name)).toEqual(["foto-13.png"]);
    expect(found).toMatchObject({ total: 1, library: 51 });
    expect((await list("?type=jpg")).total).toBe(5);
    const slug = "media-used-once";
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья с картинкой", `Текст.\n\n![Картинка](/uploads/${files[3]})\n`), baseHash: null })).status).toBe(200);
    const unused = await list("?filter=unused");
    expect(unused.total).toBe(50);
    expect(unused.items.some((item) => item.file === files[3])).toBe(false);
    for (const [query, message] of [
      ["?filter=everything", "Такого отбора в\u00a0«Медиа» нет"],
      ["?type=gif", "Такого типа изображений в\u00a0«Медиа» нет"],
      ["?page=-1", "Номер страницы — целое число от\u00a01"],
      ["?page=1e9", "Номер страницы — целое число от\u00a01"],
      ["?uses=0&filter=unused", "Отбор «не используется» показывает, где используется каждое изображение: попросите его вместе с\u00a0этим"],
    ] as const) {
      const res = await call(env.server, "GET", `/studio/api/media${query}`, { cookie: env.editor });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(asBuilt(message));
    }
    // A search longer than any name is cut, never a 5xx.
    expect((await list(`?q=${"я".repeat(300)}`)).total).toBe(0);

    // The small copy: a WebP at most 320 px a side, long cached, the studio's headers.
    const thumb = await call(env.server, "GET", `/studio/api/media/${named}/thumb?v=1`, { cookie: env.editor });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(thumb.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect((await call(env.server, "GET", `/studio/api/media/${"0".repeat(24)}.png/thumb`, { cookie: env.editor })).status).toBe(404);
    expect((await call(env.server, "GET", `/studio/api/media/${named}`, { cookie: env.editor })).status).toBe(200);
  });

  it("describes several at once, all or none, each journaled; offers a text's alt text only to a picture without one", { timeout: 120_000 }, async () => {
    const a = await upload(await image(31, 17), "схема.png");
    const b = await upload(await image(32, 17), "план.png");
    const refused = await call(env.server, "POST", "/studio/api/media/describe", { cookie: env.editor, body: { items: [{ file: a, alt: "Схема" }, { file: b, alt: "  " }] } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({ "items.1.alt": "Опишите, что на\u00a0изображении: без этого его не\u00a0поймут те, кто его не\u00a0видит" });
    expect((await list("?q=схема.png")).items[0]?.alt).toBe("");
    const tooMany = await call(env.server, "POST", "/studio/api/media/describe", { cookie: env.editor, body: { items: Array.from({ length: 49 }, () => ({ file: a, alt: "Схема" })) } });
    expect(tooMany.status).toBe(422);
    const done = await call(env.server, "POST", "/studio/api/media/describe", { cookie: env.editor, body: { items: [{ file: a, alt: "Схема отдела" }, { file: b, alt: "План офиса" }] } });
    expect(done.status).toBe(200);
    expect((await list("?q=план.png")).items[0]?.alt).toBe("План офиса");
    expect(await journal(b)).toEqual([{ many: 2 }]);

    // The alt text typed in a text: taken by a picture without a description, never over one.
    const c = await upload(await image(33, 17), "фото.png");
    const offer = (file: string, alt: string) => call(env.server, "POST", `/studio/api/media/${file}/alt`, { cookie: env.editor, body: { alt } });
    expect(await (await offer(c, "Фото из текста")).json()).toEqual({ taken: true });
    expect(await (await offer(b, "Другое описание")).json()).toEqual({ taken: false });
    expect((await list("?q=фото.png")).items[0]?.alt).toBe("Фото из текста");
    expect((await list("?q=план.png")).items[0]?.alt).toBe("План офиса");
    expect(await journal(c)).toEqual([{ from: "text" }]);
    await eventually(async () => (await list("?filter=undescribed&q=фото.png")).total === 0, 5_000, "the described picture out of «без описания»");
  });
});
