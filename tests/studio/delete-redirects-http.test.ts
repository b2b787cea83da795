import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { type ContentServer, contentFile, getEntry, newArticle, releasesSettled, save, startContentServer } from "../support/content.ts";
import { call } from "../support/studio.ts";

/**
 * Deleting an entry that old addresses lead to (issue 52, item 6), over HTTP on the embedded
 * store: without a redirect the delete is refused, naming the rows; with one, the same write
 * leads them to the chosen page (no chain); publishing the deletion alone asks to take
 * «Перенаправления» along, and then both old addresses answer 301 to that page.
 */
const plain = (text: string) => text.replace(/\u00a0/g, " ");
const articles = content().articles as Array<{ slug: string; title: string }>;

let env: ContentServer;
let victim: { slug: string; title: string };
const extra = "/studio-old-article-address/";
beforeAll(async () => {
  env = await startContentServer("sqlite");
  await releasesSettled(env);
  // An article only old addresses lead to: nothing else would stop its delete.
  for (const article of articles) {
    const res = await call(env.server, "GET", `/studio/api/content/articles/${article.slug}/references`, { cookie: env.editor });
    const refs = ((await res.json()) as { references: Array<{ type: string }> }).references;
    if (refs.length > 0 && refs.every((r) => r.type === "redirects")) {
      victim = article;
      break;
    }
  }
}, 420_000);
afterAll(() => env?.dispose());

/** Publishes through the API (answer 202) and waits for the publication to end. */
async function publish(body: Record<string, unknown>): Promise<void> {
  const res = await call(env.server, "POST", "/studio/api/releases", { cookie: env.editor, body });
  expect(res.status, await res.clone().text()).toBe(202);
  await expect
    .poll(async () => ((await (await call(env.server, "GET", "/studio/api/releases/job", { cookie: env.editor })).json()) as { state: string }).state, { timeout: 90_000, interval: 250 })
    .toBe("published");
}

const get = (path: string) => fetch(`${env.server.baseUrl}${path}`, { redirect: "manual" });
const rowsTo = (csv: string, to: string) => csv.split("\n").filter((line) => line.endsWith(`,${to}`)).map((line) => line.split(",")[0]);
const deleteEntry = (slug: string, body: Record<string, unknown>) => call(env.server, "POST", `/studio/api/content/articles/${slug}/delete`, { cookie: env.editor, body });

describe("deleting an entry old addresses lead to", () => {
  it("refuses without a redirect, naming the rows; with one, leads them to the chosen page; published alone with «Перенаправления», both answer 301 there", { timeout: 240_000 }, async () => {
    const address = `/academy/${victim.slug}/`;
    // A second old address leads to it, on the site.
    const tables = await getEntry(env, "redirects", "-");
    (tables.values.redirects as Array<{ from: string; to: string }>).push({ from: extra, to: address });
    expect((await save(env, "redirects", "-", { values: tables.values, baseHash: tables.hash })).status).toBe(200);
    await publish({ message: "Ещё один старый адрес", entries: ["redirects/-"] });
    const leading = rowsTo(contentFile(env.sandbox, "redirects.csv"), address);
    expect(leading).toContain(extra);
    expect(leading.length).toBeGreaterThanOrEqual(2);
    for (const from of leading) expect((await get(from as string)).headers.get("location"), from).toBe(address);
    const table = contentFile(env.sandbox, "redirects.csv");
    const { hash } = await getEntry(env, "articles", victim.slug);

    // No choice at all (an API client) and a choice declined alike: refused in words, the rows named, no file path.
    for (const body of [{ baseHash: hash }, { baseHash: hash, redirect: null }]) {
      const refused = await deleteEntry(victim.slug, body);
      expect(refused.status).toBe(422);
      const said = (await refused.json()) as { message: string; problems: string[] };
      for (const from of leading) expect(plain(said.message)).toContain(`${from} → ${address}`);
      expect(plain(said.message)).toContain("отметьте «Перенаправлять…»");
      expect(`${said.message} ${said.problems.join(" ")}`).not.toMatch(/content\/|\.csv/);
    }
    expect(existsSync(join(env.sandbox.contentDir, `academy/${victim.slug}.md`))).toBe(true);
    expect(contentFile(env.sandbox, "redirects.csv")).toBe(table);

    // A page that is not one of the site's is refused too, in words.
    const nowhere = await deleteEntry(victim.slug, { baseHash: hash, redirect: { to: "/no-such-page/" } });
    expect(nowhere.status).toBe(422);
    expect(JSON.stringify(await nowhere.json())).not.toMatch(/content\/|\.csv/);

    // Deleted with a 301 to the chosen page: every row that led to the article leads there directly.
    const chosen = "/services/";
    const deleted = await deleteEntry(victim.slug, { baseHash: hash, redirect: { to: chosen } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await deleted.json()).toMatchObject({ ok: true, redirected: address });
    const saved = contentFile(env.sandbox, "redirects.csv");
    expect(rowsTo(saved, address)).toEqual([]);
    expect(rowsTo(saved, chosen).sort()).toEqual([...rowsTo(table, chosen), ...leading, address].sort());
    // The table's state says it has unpublished rows.
    expect(((await getEntry(env, "redirects", "-")) as unknown as { life: { state: string } }).life.state).toBe("changed");

    // Published alone, the deletion asks to take «Перенаправления» along, saying which addresses go where.
    const releases = async () => ((await (await call(env.server, "GET", "/studio/api/releases", { cookie: env.editor })).json()) as { releases: unknown[] }).releases.length;
    const before = await releases();
    const asked = await call(env.server, "POST", "/studio/api/releases", { cookie: env.editor, body: { message: "Удалена статья", entries: [`articles/${victim.slug}`] } });
    expect(asked.status).toBe(409);
    const needed = ((await asked.json()) as { needed: Array<{ key: string; title: string; because: string }> }).needed;
    expect(needed.map((n) => n.key)).toEqual(["redirects/-"]);
    expect(needed[0]?.title).toBe("Перенаправления");
    for (const from of [address, ...leading]) expect(plain(needed[0]?.because ?? "")).toContain(`${from} → ${chosen}`);
    expect(needed[0]?.because).not.toContain("уйдёт вся сохранённая версия");

    await publish({ message: "Удалена статья", entries: [`articles/${victim.slug}`], withNeeded: true });
    expect(await releases()).toBe(before + 1);
    for (const from of [address, ...leading]) {
      const res = await get(from as string);
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get("location") ?? "", env.server.baseUrl).pathname, from).toBe(chosen);
    }
    const changes = (await (await call(env.server, "GET", "/studio/api/content/changes", { cookie: env.editor })).json()) as { changes: Array<{ key: string }> };
    expect(changes.changes.map((c) => c.key)).not.toContain("redirects/-");
  });

  it("leads the rows on for an entry never published, without a 301 from its own address", async () => {
    const slug = "studio-never-published";
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Черновик, на который ведёт старый адрес"), baseHash: null })).status).toBe(200);
    const table = await getEntry(env, "redirects", "-");
    (table.values.redirects as Array<{ from: string; to: string }>).push({ from: "/studio-old-draft/", to: `/academy/${slug}/` });
    expect((await save(env, "redirects", "-", { values: table.values, baseHash: table.hash })).status).toBe(200);
    const { hash } = await getEntry(env, "articles", slug);

    const refused = await deleteEntry(slug, { baseHash: hash });
    expect(refused.status).toBe(422);
    expect(plain(((await refused.json()) as { message: string }).message)).toContain(`/studio-old-draft/ → /academy/${slug}/`);

    const deleted = await deleteEntry(slug, { baseHash: hash, redirect: { to: "/academy/" } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await deleted.json()).toMatchObject({ ok: true, redirected: null });
    const saved = contentFile(env.sandbox, "redirects.csv");
    expect(saved).toContain("\n/studio-old-draft/,/academy/\n");
    expect(saved).not.toContain(`/academy/${slug}/`);
  });
});
