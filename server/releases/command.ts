/**
 * Content releases from the command line, against the same data folder and
 * content as the server (DATA_DIR, CONTENT_DIR):
 *   npm run publish [-- --message "…"] [--author "Имя <почта>"] [--full] [--entry PATH…] [--withdraw PATH…]
 *   npm run publish -- --metrika 12345678 (или none): новый счётчик Метрики на\u00a0всех страницах
  npm run publish -- --list
 *   npm run publish -- --rollback [ID]
 * A server's start runs it with --unless-current --json (serving.ts).
 * A running server switches to the new release by itself within a second or two.
 */
import { parseArgs } from "node:util";
import { env, runtimeConfig } from "#core/config/env.server.ts";
import { METRIKA_ID } from "#core/lib/metrika-id.ts";
import { BUILD_DIR, CONTENT_DIR } from "#core/config/folders.server.ts";
import { clock } from "../clock.ts";
import { loadServerBuild } from "../page-renderer.ts";
import { type Author, gitAuthor } from "./history.ts";
import { publish } from "./publish.ts";
import { configFingerprint, madeBy, PublishRefused } from "./record.ts";
import { describeRelease, formatReleaseList } from "./report.ts";
import { rollback } from "./rollback.ts";
import { readCodeId } from "./serving.ts";
import { siteOf } from "./site-config.ts";
import { currentRelease, listReleases, type ReleaseRecord, releasesRoot } from "./store.ts";

const USAGE = `Использование:
  npm run publish [-- --message "что изменилось"] [--author "Имя <почта>"] [--full]
      без --entry публикуется всё сохранённое; --entry academy/статья.md — только эти файлы
      (можно несколько раз), --withdraw academy/статья.md — снять с сайта
  npm run publish -- --metrika 12345678 (или none): новый счётчик Метрики на\u00a0всех страницах
  npm run publish -- --list
  npm run publish -- --rollback [номер]`;

function parseAuthor(value: string): Author | null {
  const match = /^\s*(.+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  return match ? { name: match[1] as string, email: match[2] as string } : null;
}

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        message: { type: "string", short: "m" },
        author: { type: "string" },
        full: { type: "boolean", default: false },
        // Only these content files' saved versions go live (the studio's «Опубликовать» of chosen entries).
        entry: { type: "string", multiple: true },
        withdraw: { type: "string", multiple: true },
        // With --withdraw: "from,to", a 301 from the withdrawn address on the site.
        redirect: { type: "string", multiple: true },
        // A counter set on «Настройки» (server/studio/api/settings.ts): its number, or "none" to take it off.
        metrika: { type: "string" },
        // A server's start (serving.ts): nothing to do when the live release fits this code and configuration.
        "unless-current": { type: "boolean", default: false },
        list: { type: "boolean", default: false },
        rollback: { type: "boolean", default: false },
        // For programs (the studio): progress, the result and a refusal as JSON lines.
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();

const { values, positionals } = parsed;
const root = releasesRoot(env);

async function main(): Promise<number> {
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.list) {
    console.log(formatReleaseList(listReleases(root), currentRelease(root)));
    return 0;
  }
  const code = readCodeId(BUILD_DIR);
  if (values.rollback) {
    const started = performance.now();
    const { from, to } = await rollback(root, code, positionals[0], { contentDir: CONTENT_DIR, author: await gitAuthor(CONTENT_DIR), now: new Date(clock.now()) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(from === to.id ? `Публикация ${to.id} и так на сайте.` : `На сайте снова публикация ${to.id} (была ${from ?? "—"}), ${seconds} с.`);
    return 0;
  }
  const author = values.author ? parseAuthor(values.author) : await gitAuthor(CONTENT_DIR);
  if (!author) {
    console.error(`Автор пишется как «Имя <почта>».\n${USAGE}`);
    return 2;
  }
  const metrika = values.metrika === undefined ? undefined : values.metrika === "none" ? null : values.metrika;
  if (metrika !== undefined && metrika !== null && !METRIKA_ID.test(metrika)) {
    console.error(`Номер счётчика Метрики — от\u00a01 до\u00a012 цифр, или none.\n${USAGE}`);
    return 2;
  }
  const build = await loadServerBuild();
  const site = siteOf(env);
  const runtime = runtimeConfig(env);
  const config = configFingerprint(site, runtime);
  const record = await publish({
    root,
    contentDir: CONTENT_DIR,
    build,
    code,
    site,
    runtime,
    ...(metrika !== undefined ? { metrika } : {}),
    author,
    now: new Date(clock.now()),
    message: values.message ?? "Публикация содержимого",
    full: values.full,
    // A new counter alone publishes nothing saved: only the counter changes, on every page.
    ...(values.entry || values.withdraw || metrika !== undefined
      ? {
          entries: values.entry ?? [],
          withdraw: values.withdraw ?? [],
          redirects: (values.redirect ?? []).map((pair) => ({ from: pair.split(",")[0] ?? "", to: pair.split(",")[1] ?? "" })),
        }
      : {}),
    ...(values["unless-current"] ? { unlessCurrent: (live: ReleaseRecord) => madeBy(live, code, config, runtime.metrikaId) } : {}),
    keep: env.RELEASES_KEEP,
    progress: (line) => console.log(values.json ? JSON.stringify({ progress: line }) : `… ${line}`),
  });
  console.log(values.json ? JSON.stringify({ release: record }) : describeRelease(record));
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof PublishRefused) {
    if (values.json) console.log(JSON.stringify({ refused: error.message }));
    else console.error(`Не опубликовано, на сайте прежняя публикация.\n${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
