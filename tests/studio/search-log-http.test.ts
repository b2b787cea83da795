import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchLogView } from "#core/search/log.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * What visitors search, through the site's endpoint and «Поиск по сайту»'s API, on both stores:
 * counts per week and query, the results followed and at which place; a query that looks like an
 * e-mail, a phone or a long number never stored, nor the visitor's address or cookies; a visitor
 * who refused analytics not counted; bad reports refused with their status; editors and admins
 * only.
 */
const PASSWORDS = { editor: "Search log editor 2026", sales: "Search log sales 2026 ok" };
const VISITOR_IP = "203.0.113.77";
const VISITOR_COOKIE = "_ym_uid=1764999888777666";

describe.each(BACKENDS)("what visitors search, on %s", (backend) => {
  let server: StudioServer;
  const cookies = { editor: "", sales: "" };
  const report = (body: unknown, cookie = `cookie_consent=seen; ${VISITOR_COOKIE}`, type = "text/plain;charset=UTF-8") =>
    fetch(`${server.baseUrl}/search-log`, {
      method: "POST",
      headers: { "Content-Type": type, Cookie: cookie, "X-Forwarded-For": VISITOR_IP },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const view = async (query = "") => (await (await call(server, "GET", `/studio/api/search-log${query}`, { cookie: cookies.editor })).json()) as SearchLogView;

  beforeAll(async () => {
    server = await startStudioServer(backend);
    await addUser(server, "search.editor", "editor", PASSWORDS.editor, "Ольга Поисковая");
    await addUser(server, "search.sales", "sales", PASSWORDS.sales);
    cookies.editor = await signIn(server, "search.editor", PASSWORDS.editor);
    cookies.sales = await signIn(server, "search.sales", PASSWORDS.sales);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("counts each query of the week once per report, what found nothing, and the results followed at their place", async () => {
    expect((await view()).week).toBeNull();
    for (const body of [
      { q: "Контекстная  реклама", found: 12 },
      { q: "контекстная реклама", found: 12 },
      { q: "реклама в тиктоке", found: 0 },
      { q: "контекстная реклама", url: "/services/context-advertising/", position: 1 },
      { q: "Контекстная реклама", url: "/services/context-advertising/", position: 1 },
      { q: "контекстная реклама", url: "/academy/ppc-budget/", position: 3 },
    ]) {
      expect((await report(body)).status).toBe(204);
    }
    const week = await view();
    expect(week.week).not.toBeNull();
    expect(week.searches).toBe(3);
    expect(week.empty).toBe(1);
    expect(week.queries.map((q) => [q.query, q.searches, q.empty, q.clicksTotal])).toEqual([
      ["контекстная реклама", 2, 0, 3],
      ["реклама в тиктоке", 1, 1, 0],
    ]);
    expect(week.queries[0]?.clicks).toEqual([
      { url: "/services/context-advertising/", position: 1, clicks: 2 },
      { url: "/academy/ppc-budget/", position: 3, clicks: 1 },
    ]);
    // Only what found nothing.
    expect((await view(`?week=${week.week}&empty=1`)).queries.map((q) => q.query)).toEqual(["реклама в тиктоке"]);
  });

  it("stores no e-mail, phone, long number, address or cookie, and nothing of a visitor who refused analytics", async () => {
    for (const q of ["ivan.petrov@example.ru", "+7 (916) 123-45-67", "8 916 1234567", "заказ 4417 8826 1190 0032"]) {
      expect((await report({ q, found: 0 })).status).toBe(204);
    }
    expect((await report({ q: "зюзябра без согласия", found: 0 }, "cookie_consent=necessary")).status).toBe(204);
    const week = await view();
    expect(week.queries.map((q) => q.query).sort()).toEqual(["контекстная реклама", "реклама в тиктоке"]);
    if (server.dataDir) {
      // The store's own files: not a byte of the address, the cookie or the dropped queries.
      const files = readdirSync(server.dataDir, { recursive: true, encoding: "utf8" }).map((name) => join(server.dataDir as string, name)).filter((path) => statSync(path).isFile());
      const bytes = Buffer.concat(files.map((path) => readFileSync(path)));
      expect(bytes.includes("тиктоке")).toBe(true);
      for (const secret of [VISITOR_IP, "1764999888777666", "ivan.petrov@", "123-45-67", "916 1234567", "8826 1190", "зюзябра"]) expect(bytes.includes(secret), secret).toBe(false);
    }
  });

  it("refuses a report sent from another site's page (403) and counts nothing of it", async () => {
    const before = await view();
    const foreign = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/search-log`, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8", Cookie: "cookie_consent=analytics", ...headers },
        body: JSON.stringify({ q: "чужой сайт", found: 0 }),
      });
    expect((await foreign({ Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await foreign({ "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await foreign({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    // The site's own page: same-origin.
    expect((await foreign({ "Sec-Fetch-Site": "same-origin", Origin: server.baseUrl })).status).toBe(204);
    const after = await view();
    expect(after.searches).toBe(before.searches + 1);
    expect(after.queries.find((q) => q.query === "чужой сайт")?.searches).toBe(1);
  });

  it("refuses a report that is not one with its status, and a flood of them with 429", async () => {
    expect((await report("{not json")).status).toBe(400);
    expect((await report({ q: "seo", found: -1 })).status).toBe(400);
    expect((await report({ q: "seo", url: "https://elsewhere.example/", position: 1 })).status).toBe(400);
    expect((await report({ q: "x".repeat(2_000), found: 1 })).status).toBe(413);
    expect((await report({ q: "seo", found: 1 }, "", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await fetch(`${server.baseUrl}/search-log`)).status).toBe(405);
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) statuses.push((await report({ q: `поток ${i}`, found: 1 }, "", "application/json")).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
  });

  it("is shown to editors and admins, not to sales (403), nor signed out (401)", async () => {
    expect((await call(server, "GET", "/studio/api/search-log", { cookie: cookies.sales })).status).toBe(403);
    expect((await call(server, "GET", "/studio/api/search-log", { cookie: null })).status).toBe(401);
  });
});
