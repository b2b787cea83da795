import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { eventually } from "../support/eventually.ts";
import { freePort, startServer, stopServer } from "../support/server.ts";
import { liveRelease, makeSandbox, releaseRecord, releaseState, runPublish, type Sandbox } from "../support/releases.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * `npm run publish` as the people who change content use it, on a copy of
 * the content (its own git repository) and a releases folder of its own,
 * with a server serving it.
 */
let sandbox: Sandbox;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  const port = await freePort();
  server = await startServer(port, sandbox.env);
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await stopServer(server);
});

const newest = content().articles[0] as { slug: string; title: string };
const articleFile = () => join(sandbox.contentDir, "academy", `${newest.slug}.md`);
const git = (...args: string[]) => execFileSync("git", ["-C", sandbox.contentDir, ...args], { encoding: "utf8" });

async function servedRelease(): Promise<string | null> {
  return (await fetch(`${url}/`)).headers.get("x-release-id");
}

/** Waits until the server answers from `id` (it looks for a new release every second). */
async function waitForRelease(id: string) {
  await eventually(async () => (await servedRelease()) === id, 10_000, `the server to switch to release ${id}`);
}

/** Whether an unfinished release in `dir` has pages written into it already. */
function pagesWritten(dir: string): boolean {
  return readdirSync(dir)
    .filter((name) => name.startsWith(".partial-"))
    .some((name) => {
      const files = join(dir, name, "files");
      return existsSync(files) && readdirSync(files, { recursive: true }).some((file) => String(file).endsWith(".html"));
    });
}

const pageOf = (path: string) => (path.endsWith("/") ? `${path}index.html` : path);

describe("publishing a changed title", () => {
  const title = `Проверочный заголовок публикации ${Date.now()}`;
  let before: string;
  let after: string;
  let said = "";

  beforeAll(async () => {
    // The sandbox starts from the suite's live release, which may be from the day before in
    // Moscow (a run across midnight): a new day renders again the pages that depend on it (the
    // events). A release of today first, so that the title is the only change measured below.
    const today = await runPublish(sandbox, ["--message", "Выпуск этого дня"]);
    expect(today.code, today.output).toBe(0);
    before = liveRelease(sandbox.releasesDir) as string;
    const source = readFileSync(articleFile(), "utf8");
    writeFileSync(articleFile(), source.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
    const run = await runPublish(sandbox, ["--message", "Новый заголовок статьи", "--author", "Анна Редактор <anna@orientir.example>"]);
    expect(run.code, run.output).toBe(0);
    said = run.output;
    after = liveRelease(sandbox.releasesDir) as string;
    await waitForRelease(after);
  });

  it("says how many pages it drew in words that agree with the count («33 страницы отрисованы», never «33 страниц»)", () => {
    const [, count = "", words = ""] = /Готово: (\d+)\u00a0(\S+ \S+),/.exec(said) ?? [];
    const n = Number(count);
    const expected = n % 10 === 1 && n % 100 !== 11 ? "страница отрисована" : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? "страницы отрисованы" : "страниц отрисовано";
    expect(count, said).not.toBe("");
    expect(words).toBe(expected);
  });

  it("commits the change with its author and message, and records the commit", () => {
    expect(git("status", "--porcelain")).toBe("");
    expect(git("log", "-1", "--format=%an <%ae>|%s").trim()).toBe("Анна Редактор <anna@orientir.example>|Новый заголовок статьи");
    // The release records the site's line (decision 030): everything saved was published, so its tree is the saved line's.
    const commit = releaseRecord(sandbox.releasesDir, after).commit as string;
    expect(commit).toBe(git("rev-parse", "refs/worktree/published").trim());
    expect(git("rev-parse", `${commit}^{tree}`).trim()).toBe(git("rev-parse", "HEAD^{tree}").trim());
    expect(git("log", "-1", "--format=%an <%ae>|%s", commit).trim()).toBe("Анна Редактор <anna@orientir.example>|Новый заголовок статьи");
    expect(git("rev-list", "--parents", "-1", commit).trim().split(" ")).toContain(git("rev-parse", "HEAD").trim());
  });

  it("shows the new title on the article, the academy list, the feed, search and the article's picture", async () => {
    for (const path of [`/academy/${newest.slug}/`, "/academy/", "/academy/rss.xml"]) {
      expect(await (await fetch(url + path)).text(), path).toContain(title);
    }
    // Search: the index files the server serves now hold the new title.
    const indexFiles = Object.keys(releaseState(sandbox.releasesDir, after).files).filter((p) => p.startsWith("/search-index/"));
    const texts = await Promise.all(indexFiles.map(async (p) => (await fetch(url + p)).text()));
    expect(texts.some((text) => text.includes(title))).toBe(true);
    // Only the index's delta is new (the changed pages' records and lists, a few chunks, the manifest), not the whole index.
    const filesBefore = releaseState(sandbox.releasesDir, before).files;
    const filesAfter = releaseState(sandbox.releasesDir, after).files;
    const fresh = indexFiles.filter((p) => filesBefore[p]?.hash !== filesAfter[p]?.hash);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length).toBeLessThan(indexFiles.length / 10);
    const pictureBefore = releaseState(sandbox.releasesDir, before).files[`/og/academy/${newest.slug}.png`]?.hash;
    const pictureAfter = releaseState(sandbox.releasesDir, after).files[`/og/academy/${newest.slug}.png`]?.hash;
    expect(pictureAfter).toBeDefined();
    expect(pictureAfter).not.toBe(pictureBefore);
  });

  it("gives the article today's date as its last change in the sitemap", async () => {
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Moscow" }).format(new Date());
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap).toMatch(new RegExp(`/academy/${newest.slug}/</loc>\\s*<lastmod>${today}</lastmod>`));
  });

  it("renders again exactly the pages that show the title (and the sitemap), and reuses every other file", () => {
    const record = releaseRecord(sandbox.releasesDir, after);
    expect(record.full).toBeNull();
    expect(record.changed).toEqual([`articles/${newest.slug}`]);
    const state = releaseState(sandbox.releasesDir, after);
    const previous = releaseState(sandbox.releasesDir, before);
    const showing = Object.keys(state.pages).filter((path) =>
      readFileSync(join(sandbox.releasesDir, after, "files", ...pageOf(path).split("/").filter(Boolean)), "utf8").includes(title),
    );
    expect(record.rendered.sort()).toEqual([...new Set([...showing, "/sitemap.xml"])].sort());
    expect(record.pages.rendered).toBeLessThan(20);
    for (const path of Object.keys(state.pages).filter((p) => !record.rendered.includes(p))) {
      expect(state.files[pageOf(path)]?.hash, path).toBe(previous.files[pageOf(path)]?.hash);
    }
  });

  it("lists the release with its author, message and the entry that changed", async () => {
    const run = await runPublish(sandbox, ["--list"]);
    expect(run.code).toBe(0);
    const line = run.output.split("\n").find((l) => l.includes(after)) ?? "";
    expect(line).toContain("▶");
    expect(line).toContain("Анна Редактор");
    expect(line).toContain("Новый заголовок статьи");
    expect(line).toContain(`articles/${newest.slug}`);
  });

  it("rolls back in seconds to the previous release's files, byte for byte", async () => {
    const run = await runPublish(sandbox, ["--rollback"]);
    expect(run.code, run.output).toBe(0);
    expect(run.seconds).toBeLessThan(5);
    expect(liveRelease(sandbox.releasesDir)).toBe(before);
    await waitForRelease(before);
    for (const path of [`/academy/${newest.slug}/`, "/academy/", "/sitemap.xml", `/og/academy/${newest.slug}.png`]) {
      const served = Buffer.from(await (await fetch(url + path, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      const kept = readFileSync(join(sandbox.releasesDir, before, "files", ...pageOf(path).split("/").filter(Boolean)));
      expect(served.equals(kept), path).toBe(true);
    }
    // Forward again, to the release with the new title.
    expect((await runPublish(sandbox, ["--rollback", after])).code).toBe(0);
    await waitForRelease(after);
  });
});

describe("broken content", () => {
  it("publishes nothing, names the file and the field, and commits nothing", async () => {
    const live = liveRelease(sandbox.releasesDir);
    const head = git("rev-parse", "HEAD");
    const source = readFileSync(articleFile(), "utf8");
    writeFileSync(articleFile(), source.replace(/^published: .*$/m, "published: 2026-13-45"));
    try {
      const run = await runPublish(sandbox);
      expect(run.code).toBe(1);
      expect(run.output).toContain(asBuilt("Не опубликовано, на сайте прежняя публикация."));
      expect(run.output).toMatch(new RegExp(`academy/${newest.slug}\\.md: поле "published": Нужна дата: в\u00a0студии 25.11.2026, в\u00a0файле 2026-11-25`));
      expect(liveRelease(sandbox.releasesDir)).toBe(live);
      expect(git("rev-parse", "HEAD")).toBe(head);
      expect(await servedRelease()).toBe(live);
    } finally {
      writeFileSync(articleFile(), source);
    }
  });

  it("refuses a redirect to a page that does not exist", async () => {
    const file = join(sandbox.contentDir, "redirects.csv");
    const table = readFileSync(file, "utf8");
    writeFileSync(file, `${table.trimEnd()}\n/old-page/,/no-such-page/\n`);
    try {
      const run = await runPublish(sandbox);
      expect(run.code).toBe(1);
      expect(run.output.replace(/\u00a0/g, " ")).toContain('redirects.csv: "/old-page/" ведёт на "/no-such-page/", а такой страницы на сайте нет');
    } finally {
      writeFileSync(file, table);
    }
  });
});

describe("a release killed halfway", () => {
  it("leaves the live release serving, and its leftovers are removed by the next one", async () => {
    const live = liveRelease(sandbox.releasesDir) as string;
    const child = spawn(process.execPath, ["build/runtime/publish.js", "--full"], { env: { ...process.env, ...sandbox.env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<never>((_, reject) => child.on("exit", () => reject(new Error(`the release ended before it could be killed:\n${output}`))));
    // Pages are being written into the unfinished release: the moment to pull the plug.
    await Promise.race([ended, eventually(() => pagesWritten(sandbox.releasesDir), 60_000, "pages in the unfinished release")]);
    child.removeAllListeners("exit");
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(readdirSync(sandbox.releasesDir).some((name) => name.startsWith(".partial-"))).toBe(true);
    expect(liveRelease(sandbox.releasesDir)).toBe(live);
    expect(await servedRelease()).toBe(live);
    expect((await fetch(`${url}/academy/${newest.slug}/`)).status).toBe(200);

    const next = await runPublish(sandbox, ["--message", "После сбоя"]);
    expect(next.code, next.output).toBe(0);
    expect(readdirSync(sandbox.releasesDir).filter((name) => name.startsWith(".partial-") || name === ".lock")).toEqual([]);
    expect(existsSync(join(sandbox.releasesDir, live))).toBe(true);
  });
});

describe("publishing chosen entries", () => {
  it("publishes only the files named, keeps other saved changes off the site, and a rollback leaves saved work alone", async () => {
    const [chosen, other] = content().articles.slice(3, 5) as Array<{ slug: string }>;
    const fileOf = (slug: string) => join(sandbox.contentDir, "academy", `${slug}.md`);
    const retitle = (slug: string, title: string) => writeFileSync(fileOf(slug), readFileSync(fileOf(slug), "utf8").replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
    // A release of this repository's own to come back to (the sandbox's first names the suite's commit).
    expect((await runPublish(sandbox, ["--message", "Основа"])).code).toBe(0);
    const stamp = Date.now();
    retitle(chosen!.slug, `Выбранная статья ${stamp}`);
    retitle(other!.slug, `Чужая правка не для этой публикации ${stamp}`);
    const before = liveRelease(sandbox.releasesDir) as string;
    const run = await runPublish(sandbox, ["--message", "Только одна статья", "--author", "Анна Редактор <anna@example.com>", `--entry=academy/${chosen!.slug}.md`]);
    expect(run.code, run.output).toBe(0);
    const made = liveRelease(sandbox.releasesDir) as string;
    expect(releaseRecord(sandbox.releasesDir, made).changed).toEqual([`articles/${chosen!.slug}`]);
    await waitForRelease(made);
    const page = async (slug: string) => (await (await fetch(`${url}/academy/${slug}/`)).text()).replace(/\u00a0/g, " ");
    expect(await page(chosen!.slug)).toContain(`Выбранная статья ${stamp}`);
    expect(await page(other!.slug)).not.toContain(`Чужая правка не для этой публикации ${stamp}`);
    // The publication is a commit of the site's line; the saved line holds no commit of it.
    expect(git("log", "-1", "--format=%s", "refs/worktree/published").trim()).toBe("Только одна статья");
    expect(git("status", "--porcelain", "--", "academy").trim()).not.toBe("");

    const back = await runPublish(sandbox, ["--rollback", before]);
    expect(back.code, back.output).toBe(0);
    await waitForRelease(before);
    expect(await page(chosen!.slug)).not.toContain(`Выбранная статья ${stamp}`);
    expect(readFileSync(fileOf(chosen!.slug), "utf8")).toContain(`Выбранная статья ${stamp}`);
    expect(readFileSync(fileOf(other!.slug), "utf8")).toContain(`Чужая правка не для этой публикации ${stamp}`);
    expect(git("log", "-1", "--format=%s", "refs/worktree/published").trim()).toMatch(/^Откат к\sпубликации /);
    // The next publication of something else does not bring the rolled-back entry back.
    const next = await runPublish(sandbox, ["--message", "Другая статья", `--entry=academy/${other!.slug}.md`]);
    expect(next.code, next.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    expect(await page(other!.slug)).toContain(`Чужая правка не для этой публикации ${stamp}`);
    expect(await page(chosen!.slug)).not.toContain(`Выбранная статья ${stamp}`);
  });
});

describe("taking an entry off the site", () => {
  it("answers 410 at its address until it is published again, and no link on the site leads there meanwhile", async () => {
    const { slug } = content().articles[6] as { slug: string };
    const address = `${url}/academy/${slug}/`;
    // Old addresses lead to it: they must not lead to a page that is gone.
    const alias = readFileSync(join(sandbox.contentDir, "redirects.csv"), "utf8")
      .split("\n")
      .find((line) => line.endsWith(`,/academy/${slug}/`))
      ?.split(",")[0] as string;
    expect(alias).toBeTruthy();
    expect((await fetch(address)).status).toBe(200);
    const off = await runPublish(sandbox, ["--message", "Снята статья", `--withdraw=academy/${slug}.md`]);
    expect(off.code, off.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    const gone = await fetch(address);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("<title>");
    expect(await (await fetch(`${url}/academy/`)).text()).not.toContain(`/academy/${slug}/`);
    expect((await fetch(url + alias, { redirect: "manual" })).status).toBe(404);
    // Any other publication keeps it gone; publishing it again brings it back.
    const other = await runPublish(sandbox, ["--message", "Другое", `--entry=academy/${(content().articles[2] as { slug: string }).slug}.md`]);
    expect(other.code, other.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    expect((await fetch(address)).status).toBe(410);
    const back = await runPublish(sandbox, ["--message", "Снова на сайте", `--entry=academy/${slug}.md`]);
    expect(back.code, back.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    expect((await fetch(address)).status).toBe(200);
    // Its old addresses lead to it again.
    const again = await fetch(url + alias, { redirect: "manual" });
    expect([again.status, again.headers.get("location")]).toEqual([301, `/academy/${slug}/`]);
  });

  it("withdraws with a 301 to a page chosen then, and publishing the entry again lifts the 301", async () => {
    const { slug } = content().articles[8] as { slug: string };
    const off = await runPublish(sandbox, ["--message", "Снята с перенаправлением", `--withdraw=academy/${slug}.md`, `--redirect=/academy/${slug}/,/academy/`]);
    expect(off.code, off.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    const moved = await fetch(`${url}/academy/${slug}/`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/academy/"]);
    const back = await runPublish(sandbox, ["--message", "Вернулась", `--entry=academy/${slug}.md`]);
    expect(back.code, back.output).toBe(0);
    await waitForRelease(liveRelease(sandbox.releasesDir) as string);
    expect((await fetch(`${url}/academy/${slug}/`, { redirect: "manual" })).status).toBe(200);
  });
});
