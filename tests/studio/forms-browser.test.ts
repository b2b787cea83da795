import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, TABLE_CATALOG } from "#core/content/catalog.ts";
import { atEveryWidth } from "../support/axe.ts";
import { type ContentServer, contentServerAndBrowser, EDITOR, getEntry } from "../support/content.ts";
import { signedInSession, type StudioSession } from "../support/studio.ts";

/**
 * The studio's forms as an editor meets them: every type's form (a
 * collection's longest entry) in its sections, repeated groups one line
 * each, at most three screens tall at 1440 px; no field that asks for a
 * code, an ISO date or a phone in the international form typed by hand; a
 * repeated group reordered by keyboard and stored so; axe and nothing wider
 * than the screen at 390, 768 and 1440 px.
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

const SCREEN = 900;

/** The longest entry of each collection (most repeated items), each document and table: a form's address each. */
function everyForm(): Array<{ name: string; path: string }> {
  const collections = Object.entries(COLLECTION_CATALOG).map(([type, info]) => {
    const folder = join("content", info.folder);
    const [longest] = readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .sort((a, b) => statSync(join(folder, b)).size - statSync(join(folder, a)).size);
    return { name: `${type}/${longest}`, path: `/studio/content/${type}/${longest?.replace(/\.md$/, "")}/` };
  });
  const singles = [...Object.keys(DOCUMENT_CATALOG), ...Object.keys(TABLE_CATALOG)].map((type) => ({ name: type, path: `/studio/content/${type}/-/` }));
  return [...collections, ...singles];
}

async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(`${env.server.baseUrl}${path}`);
  await page.locator("form.s-entry").waitFor();
  await page.waitForFunction(() => !document.body.textContent?.includes("Загружаем редактор текста"));
}

/** Opens the first item of every repeated group on screen, and of those inside it, so that every kind of field is shown. */
async function openFirstItems(page: Page): Promise<void> {
  for (let pass = 0; pass < 4; pass++) {
    const closed = page.locator(".s-repeat:not(:has(> .s-repeat__item--open)) > .s-repeat__item:first-child [data-act='open']");
    const count = await closed.count();
    if (count === 0) return;
    for (let i = 0; i < count; i++) await closed.first().click();
  }
}

/** What the visible fields ask for: their labels, hints and placeholders. */
const visibleWording = (page: Page) =>
  page.evaluate(() => {
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const texts = [...document.querySelectorAll("form.s-entry :is(label, legend, .s-field__hint)")].filter(shown).map((el) => el.textContent ?? "");
    const placeholders = [...document.querySelectorAll<HTMLInputElement>("form.s-entry input[placeholder]")].filter(shown).map((el) => el.placeholder);
    return [...texts, ...placeholders];
  });

/** A code, a key, an ISO date or an international phone asked for as typed text. */
const TECHNICAL = [/латиницей/i, /ГГГГ-ММ/, /\d{4}-\d{2}-\d{2}/, /\+7\d{10}/, /время московское/];

describe("the studio's forms", () => {
  it("shows every type's form in sections, at most three screens tall at 1440 px with its groups collapsed", { timeout: 300_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440);
    const heights: string[] = [];
    for (const form of everyForm()) {
      await openForm(page, form.path);
      // Sections start open; «Свернуть разделы» leaves the first, the fields used most.
      const collapse = page.getByRole("button", { name: "Свернуть разделы" });
      if (await collapse.count()) await collapse.click();
      const height = await page.locator("form.s-entry").evaluate((el) => Math.round(el.getBoundingClientRect().height));
      heights.push(`${form.name}: ${height} px`);
      expect(height, form.name).toBeLessThanOrEqual(3 * SCREEN);
    }
    console.log(heights.join("\n"));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for no code, key, ISO date or international phone typed by hand", { timeout: 300_000 }, async () => {
    const { context, page } = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440);
    for (const form of everyForm()) {
      await openForm(page, form.path);
      await openFirstItems(page);
      const wording = await visibleWording(page);
      for (const rule of TECHNICAL) expect(wording.filter((text) => rule.test(text)), `${form.name}: ${rule}`).toEqual([]);
    }
    await context.close();
  });

  it("reorders a repeated group by keyboard, says where it went and saves that order", { timeout: 120_000 }, async () => {
    const { context, page } = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440);
    const before = (await getEntry(env, "services", "aso")).values as { stages: Array<{ title: string }> };
    const [first, second] = before.stages.map((stage) => stage.title);
    await openForm(page, "/studio/content/services/aso/");
    const stages = page.getByRole("group", { name: "Этапы работы" });
    await stages.getByRole("button", { name: `Ниже: ${first}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => stages.locator(".s-repeat__title").first().textContent()).toContain(second);
    expect((await stages.getByRole("status").textContent())?.replace(/\u00a0/g, " ")).toBe(`«${first}»: место 2 из ${before.stages.length}`);
    // Focus stays with the moved item, so pressing again moves it on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Ниже: ${first}`);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => stages.locator(".s-repeat__title").first().textContent()).toContain(first);
    await stages.getByRole("button", { name: `Ниже: ${first}` }).click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect.poll(() => page.locator(".s-notice").first().textContent(), { timeout: 30_000 }).toMatch(/Сохранено/);
    const after = (await getEntry(env, "services", "aso")).values as { stages: Array<{ title: string }> };
    expect(after.stages.map((stage) => stage.title).slice(0, 2)).toEqual([second, first]);
    await context.close();
  });

  it("keeps long forms clean under axe and within the screen at 390, 768 and 1440 px", { timeout: 400_000 }, async () => {
    const session: StudioSession = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440);
    const { context, page } = session;
    for (const path of ["/studio/content/services/aso/", "/studio/content/searchSynonyms/-/", "/studio/content/contacts/-/"]) {
      await openForm(page, path);
      await openFirstItems(page);
      expect(await atEveryWidth(page, 1440), path).toEqual([]);
    }
    await context.close();
  });
});
