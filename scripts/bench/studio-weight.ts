/**
 * `npm run bench:studio`: what the studio's JavaScript costs, screen by
 * screen, from the production build in Chromium: the sign-in screen, the shell
 * with its home page, then what each section and the text editor add when
 * first opened. Sizes are the ones the server sends (brotli, from
 * build/studio). Needs the code build (`npm run build`).
 *
 * Results go to docs/studio.md by hand, with the date and the machine.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { STUDIO_DIR } from "#core/config/folders.server.ts";
import { studioHref } from "#core/studio/paths.ts";
import { launchBrowser } from "../../tests/support/browser.ts";
import { addUser, startStudioServer } from "../../tests/support/studio.ts";
import { firstScreens, type Scripts, sectionScripts } from "../../tests/support/studio-weight.ts";

if (!existsSync(join(STUDIO_DIR, "index.html"))) throw new Error("no studio build: run npm run build");

const who = { login: "weight.admin", password: "Weighs the studio 2026" };
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const row = (label: string, s: Scripts) => `| ${label} | ${s.files.length} | ${kb(s.raw)} | ${kb(s.br)} |`;

const server = await startStudioServer("sqlite");
const browser = await launchBrowser();
try {
  await addUser(server, who.login, "admin", who.password, "Алла Админова");
  const { signIn, shell } = await firstScreens(browser, server.baseUrl, who);
  const sections = await sectionScripts(
    browser,
    server.baseUrl,
    who,
    [
      { label: "«Контент»", href: studioHref("content") },
      { label: "«Медиа»", href: studioHref("media") },
      { label: "«Публикации»", href: studioHref("releases") },
      { label: "«Заявки»", href: studioHref("inbox") },
      { label: "«Персональные данные»", href: studioHref("personalData") },
      { label: "«Пользователи»", href: studioHref("users") },
      { label: "«Журнал»", href: studioHref("journal") },
    ],
    [
      {
        label: "статья с длинным текстом (форма и визуальный редактор)",
        async run(page) {
          await page.locator(`a[href="${studioHref("content")}"]`).first().click();
          await page.locator(`a[href="${studioHref("content")}articles/"]`).first().click();
          await page.locator(`a[href^="${studioHref("content")}articles/"]`).nth(1).click();
          await page.locator(".s-visual__content").first().waitFor();
        },
      },
      {
        label: "режим «Markdown» (CodeMirror)",
        async run(page) {
          await page.getByRole("button", { name: "Markdown", exact: true }).first().click();
          await page.locator(".cm-content").first().waitFor();
        },
      },
    ],
  );
  console.log(`JavaScript of the studio, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC\n`);
  console.log("| screen | files | raw, KB | brotli, KB |\n| --- | ---: | ---: | ---: |");
  console.log(row("вход (первый экран)", signIn));
  console.log(row("оболочка с главной (первый экран после входа)", shell));
  for (const { label, scripts } of sections) console.log(row(`+ ${label}`, scripts));
} finally {
  await browser.close();
  await server.dispose();
}
