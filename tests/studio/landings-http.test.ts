import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { landingVariants } from "#core/content/schemas/landings.ts";
import type { InboxPage } from "#core/studio/inbox.ts";
import type { LandingResults } from "#core/studio/landings-api.ts";
import { BACKENDS, eventually, postForm, validProject } from "../support/forms-server.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * A landing's headline test as a visitor and the studio meet it (issue 59), on both stores: with
 * analytics consent a visitor draws a variant (the split near even), keeps it by a cookie of the
 * landing's own and is counted; without it everyone sees А, gets no cookie and is not counted;
 * a request from the landing's form names the landing, the variant and the campaign's label in
 * the inbox, its filter and export; the studio's results add the views and requests up.
 */
const landing = content().landings.find((l) => landingVariants(l).length > 1);
if (!landing) throw new Error("content has no landing with a headline test");
const [A, B] = landingVariants(landing) as [ReturnType<typeof landingVariants>[number], ReturnType<typeof landingVariants>[number]];
const address = `/lp/${landing.slug}/`;
const cookieName = `lp_${landing.slug}`;
const PASSWORD = "Landing results editor 2026";
const SALES = "Landing requests sales 2026";

/** Which variant's first screen a page shows: its <h1>. */
function variantOf(html: string): "a" | "b" | null {
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
  const plain = (text: string) => text.replace(/\u00a0/g, " ").replace(/&nbsp;/g, " ");
  if (plain(h1) === plain(A.title)) return "a";
  if (plain(h1) === plain(B.title)) return "b";
  return null;
}

describe.each(BACKENDS)("a landing's headline test, on %s", (backend) => {
  let server: StudioServer;
  let editor = "";
  let sales = "";
  const visit = (cookie?: string) => fetch(server.baseUrl + address, { headers: cookie ? { Cookie: cookie } : {} });
  const results = async () => (await (await call(server, "GET", `/studio/api/landings/${landing.slug}/results`, { cookie: editor })).json()) as LandingResults;

  beforeAll(async () => {
    server = await startStudioServer(backend);
    await addUser(server, "landing.editor", "editor", PASSWORD, "Марина Маркетолог");
    await addUser(server, "landing.sales", "sales", SALES, "Сергей Продажи");
    editor = await signIn(server, "landing.editor", PASSWORD);
    sales = await signIn(server, "landing.sales", SALES);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("shows everyone without analytics consent variant А, with no cookie and no count", async () => {
    // Consent is not required here (the default): a visitor who has not answered the notice, or refused.
    for (const cookie of [undefined, "cookie_consent=necessary", "_ym_uid=1764999888777666"]) {
      for (let i = 0; i < 33; i++) {
        const res = await visit(cookie);
        expect(res.status).toBe(200);
        expect(res.headers.get("set-cookie")).toBeNull();
        expect(res.headers.get("vary") ?? "").toMatch(/Cookie/);
        expect(variantOf(await res.text())).toBe("a");
      }
    }
    // One who refused after drawing Б: А, and the variant forgotten.
    const refused = await visit(`cookie_consent=necessary; ${cookieName}=b`);
    expect(variantOf(await refused.text())).toBe("a");
    expect(refused.headers.get("set-cookie")).toMatch(new RegExp(`^${cookieName}=; Max-Age=0; Path=${address}`));
    // Nothing was counted: the results stay empty however long the server's batch waits.
    const now = await results();
    expect(now.variants.map((v) => v.views)).toEqual([0, 0]);
  });

  it("deals the variants about evenly to 400 visitors who agreed, each keeping theirs for 30 days, and counts each view", async () => {
    const drawn = { a: 0, b: 0 };
    for (let i = 0; i < 400; i++) {
      const res = await visit("cookie_consent=analytics; _ym_uid=1764999888777666");
      expect(res.status).toBe(200);
      const seen = variantOf(await res.text());
      expect(seen).not.toBeNull();
      drawn[seen as "a" | "b"]++;
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toContain(`${cookieName}=${seen}`);
      expect(cookie).toContain(`Path=${address}`);
      expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
      expect(cookie).toMatch(/HttpOnly/);
    }
    expect(drawn.a).toBeGreaterThanOrEqual(160);
    expect(drawn.a).toBeLessThanOrEqual(240);
    // A visitor who drew Б sees Б again, and is told nothing new.
    const again = await visit(`cookie_consent=analytics; ${cookieName}=b`);
    expect(variantOf(await again.text())).toBe("b");
    expect(again.headers.get("set-cookie")).toBeNull();
    const counted = await eventually(async () => {
      const r = await results();
      return r.variants.reduce((n, v) => n + v.views, 0) === 401 && r;
    }, 20_000, "401 views counted");
    expect(counted.variants.map((v) => [v.key, v.views])).toEqual([
      ["a", drawn.a],
      ["b", drawn.b + 1],
    ]);
    expect(counted.verdict?.text).toMatch(/^Пока рано судить: нужно ещё около [\d\u00a0 ]+просмотр/);
  });

  it("serves each other variant at an address of its own, canonical to the landing's, and no variant that is not there", async () => {
    const own = await fetch(`${server.baseUrl}${address}b/`);
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(variantOf(html)).toBe("b");
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${address}"`));
    for (const path of [`${address}c/`, `${address}a/`, "/lp/no-such-landing/"]) expect((await fetch(server.baseUrl + path)).status, path).toBe(404);
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${address}</loc>`);
    expect(sitemap).not.toContain(`${address}b/`);
  });

  it("gives a client-side navigation to the landing the data of the visitor's own variant", async () => {
    const plain = (text: string) => text.replace(/\u00a0/g, " ");
    const data = async (cookie?: string) => {
      const res = await fetch(`${server.baseUrl}${address}_.data`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status).toBe(200);
      return plain(await res.text());
    };
    const kept = await data(`cookie_consent=analytics; ${cookieName}=b`);
    expect(kept).toContain(plain(B.title));
    expect(kept).not.toContain(plain(A.title));
    const refused = await data(`cookie_consent=necessary; ${cookieName}=b`);
    expect(refused).toContain(plain(A.title));
    expect(refused).not.toContain(plain(B.title));
  });

  it("names the landing, the variant and the campaign of a request from its form in the inbox, its filter, its export and the results", async () => {
    const res = await postForm(server, "project", validProject({ page: address, campaign_variant: "b", campaign_label: "ads-audit-2026", name: "Лидия Лендингова" }), {
      headers: { Cookie: `cookie_consent=analytics; ${cookieName}=b` },
    });
    expect(res.status).toBe(200);
    // Without consent the visitor saw А uncounted: the landing is named, no variant.
    await postForm(server, "project", validProject({ page: address, campaign_variant: "b", name: "Нина Несогласная" }), { headers: { Cookie: "cookie_consent=necessary" } });
    await postForm(server, "project", validProject({ page: "/contacts/", name: "Контакт Обычный" }));
    const list = (await (await call(server, "GET", `/studio/api/inbox?landing=${landing.slug}`, { cookie: sales })).json()) as InboxPage;
    expect(list.items.map((item) => [item.name, item.campaign])).toEqual([
      ["Нина Несогласная", { landing: landing.slug, variant: null, label: null }],
      ["Лидия Лендингова", { landing: landing.slug, variant: "b", label: "ads-audit-2026" }],
    ]);
    const plain = (text: string) => text.replace(/\u00a0/g, " ");
    expect(list.landings.map((l) => [l.value, plain(l.label)])).toContainEqual([landing.slug, plain(landing.title)]);
    const onlyB = (await (await call(server, "GET", `/studio/api/inbox?landing=${landing.slug}&variant=b`, { cookie: sales })).json()) as InboxPage;
    expect(onlyB.items.map((item) => item.name)).toEqual(["Лидия Лендингова"]);
    const wrong = await call(server, "GET", "/studio/api/inbox?variant=z", { cookie: sales });
    expect(wrong.status).toBe(400);
    const csv = await (await call(server, "GET", `/studio/api/inbox/export?landing=${landing.slug}`, { cookie: sales })).text();
    expect(csv).toContain('"Лендинг";"Вариант";"Метка кампании"');
    expect(csv).toContain(`"${address}";"Б";"ads-audit-2026"`);
    const r = await results();
    expect(r.variants.map((v) => [v.key, v.requests])).toEqual([
      ["a", 0],
      ["b", 1],
    ]);
    // Counts only, and only for those who edit the content.
    expect((await call(server, "GET", `/studio/api/landings/${landing.slug}/results`, { cookie: sales })).status).toBe(403);
    expect((await call(server, "GET", "/studio/api/landings/..%2Fcompany/results", { cookie: editor })).status).toBe(404);
  });
});
