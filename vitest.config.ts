import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * The tests against the built server (tests/): one file at a time in each project, one server
 * and at most one browser at once. They are two projects, which `npm test` runs side by side
 * (scripts/tests.ts): the files that drive Chromium, and those that only speak HTTP or to the
 * store, which use the core a browser test leaves idle. Each has its own main server, its own
 * range of ports for the servers its tests start (tests/support/server.ts, stablePort) and so its
 * own releases made for them; a file that launches Chromium from the server project is refused
 * (tests/support/browser.ts).
 */
const SITE = {
  environment: "node" as const,
  globalSetup: ["tests/support/global-setup.ts", "tests/support/postgres-setup.ts"],
  // One server and one browser on a 2-core machine: run files one after another.
  fileParallelism: false,
  // One module registry for a project's files, not a fresh one per file: every file that names
  // the content (tests/support/templates.ts, the sandboxes) would load and highlight it again,
  // about 3 s of a core each. The files share no state through modules but caches and counters.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // What the browser tests poll for comes from the app's later tasks (a chunk loaded after
  // hydration, the counter's tag): on a busy two-core host that can take longer than the
  // default second. A longer wait changes no outcome, only how long a failure takes.
  expect: { poll: { timeout: 10_000 } },
};

/** The test files that drive Chromium. */
const BROWSER_FILES = [
  "tests/browser/**/*.test.ts",
  "tests/**/*-browser.test.ts",
  "tests/studio/browser.test.ts",
  "tests/studio/isolation.test.ts",
  "tests/studio/publishing.test.ts",
  "tests/studio/publishing-drafts.test.ts",
] as const;

/**
 * The files `npm run test:full` adds to what every commit runs (`npm test`, `.ci/run`), so that the
 * per-commit suite stays within 15 minutes on a fresh clone of the 2-core VM (every file ran 45
 * minutes there on 2026-11-30). Each is a sweep (every page, every width, every template), a
 * corpus or a second path to what a per-commit file already reaches; the per-commit files keep
 * one path through every part: the public site's chrome, routing, CSP and budgets in a browser,
 * the studio's sign-in, roles, publishing, settings, second factor and inbox permissions in a
 * browser, and over HTTP the route table × every role, the bounds, the inbox's pipeline, «Медиа»'s
 * places, the forms, the headers and the hostile addresses. A file new to the suite runs per
 * commit until it is named here.
 */
const FULL_ONLY = [
  // Public site: sweeps over every template and width, the relevance corpus, the forms end to end
  // (the forms' HTTP behaviour stays per commit in tests/forms/).
  "tests/browser/accessibility.test.ts",
  "tests/browser/layout.test.ts",
  "tests/browser/site-chrome.test.ts",
  "tests/browser/search.test.ts",
  "tests/browser/forms.test.ts",
  "tests/browser/about-pages.test.ts",
  "tests/browser/transitions.test.ts",
  "tests/browser/typography.test.ts",
  // Studio in a browser: the deep flows of each screen (their API stays per commit where cheap).
  "tests/studio/content-browser.test.ts",
  "tests/studio/merge-browser.test.ts",
  "tests/studio/media-browser.test.ts",
  "tests/studio/media-scale-browser.test.ts",
  "tests/studio/forms-browser.test.ts",
  "tests/studio/inbox-browser.test.ts",
  "tests/studio/inbox-outcome-browser.test.ts",
  "tests/studio/inbox-pipeline-browser.test.ts",
  "tests/studio/trash-browser.test.ts",
  "tests/studio/rename-browser.test.ts",
  "tests/studio/delete-redirects-browser.test.ts",
  "tests/studio/history-browser.test.ts",
  "tests/studio/publishing-drafts.test.ts",
  "tests/studio/visual-editor-browser.test.ts",
  "tests/studio/visual-editor-toolbar-browser.test.ts",
  "tests/studio/visual-editor-paste-browser.test.ts",
  // The landing's builder, the search log's screen, the list filters' errors and HR's answer to a
  // candidate: their APIs stay per commit (landings-http, search-log-http, purge-withdraw-http).
  "tests/studio/landings-browser.test.ts",
  "tests/studio/search-log-browser.test.ts",
  "tests/studio/filter-errors-browser.test.ts",
  "tests/studio/personal-data-hr-browser.test.ts",
  // Over HTTP: every endpoint's corpora, releases under load and restarts, whole-API walks.
  "tests/studio/content-http.test.ts",
  "tests/studio/http.test.ts",
  "tests/studio/attacks.test.ts",
  "tests/studio/media-http.test.ts",
  "tests/studio/media-pool-http.test.ts",
  "tests/studio/media-library-http.test.ts",
  "tests/studio/delete-redirects-http.test.ts",
  "tests/studio/studio-process.test.ts",
  "tests/studio/inbox-http.test.ts",
  "tests/studio/inbox-hostile.test.ts",
  "tests/studio/personal-data-wipe.test.ts",
  "tests/studio/personal-data-hr-http.test.ts",
  "tests/studio/settings-http.test.ts",
  "tests/studio/two-factor-http.test.ts",
  "tests/studio/block-user-http.test.ts",
  "tests/studio/markdown-http.test.ts",
  "tests/studio/search-pins-http.test.ts",
  // The development server: a tool of ours, not what production runs.
  "tests/dev/dev-server.test.ts",
  "tests/releases/servers.test.ts",
  "tests/releases/publish.test.ts",
  "tests/forms/delivery.test.ts",
  "tests/forms/unavailable.test.ts",
  // Units that drive the image pool and uploads with real pictures for half a minute each.
  "server/studio/images/pool.test.ts",
  "server/studio/content/uploads.test.ts",
] as const;
// A name here that no longer exists would quietly stop meaning anything.
for (const file of FULL_ONLY) if (!existsSync(file)) throw new Error(`vitest.config.ts: FULL_ONLY names ${file}, which does not exist`);
// `npm test -- <file>` (TEST_NAMED, scripts/tests.ts) runs the file named, whichever suite it is in.
const PER_COMMIT_EXCLUDE: string[] = process.env.TEST_FULL === "1" || process.env.TEST_NAMED === "1" ? [] : [...FULL_ONLY];

// Kept apart from vite.config.ts: the React Router plugin does not run under Vitest.
// Two checkouts of the project testing on one machine (a git worktree beside main) each set
// TEST_PORT_SHIFT (100, 200, …) so their fixed port ranges never meet.
const PORT_SHIFT = Number(process.env.TEST_PORT_SHIFT ?? 0);

export default defineConfig({
  test: {
    // The default reporter's line per file, then the ten slowest files.
    reporters: ["default", "./tests/support/slowest-files.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "studio/**/*.test.{ts,tsx}"],
          exclude: [...PER_COMMIT_EXCLUDE],
          environment: "node",
          // Tests that load the content (core/content/load.test.ts, app/ui/icons.test.ts) validate
          // and highlight every file: about 4 s alone, several times that on a busy machine.
          testTimeout: 30_000,
        },
      },
      { test: { name: "browser", include: [...BROWSER_FILES], exclude: [...PER_COMMIT_EXCLUDE], env: { TEST_LANE: "browser", TEST_PORT_BASE: String(3311 + PORT_SHIFT) }, ...SITE } },
      { test: { name: "server", include: ["tests/**/*.test.ts"], exclude: [...BROWSER_FILES, ...PER_COMMIT_EXCLUDE], env: { TEST_LANE: "server", TEST_PORT_BASE: String(3331 + PORT_SHIFT) }, ...SITE } },
    ],
  },
});
