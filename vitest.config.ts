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
          environment: "node",
          // Tests that load the content (core/content/load.test.ts, app/ui/icons.test.ts) validate
          // and highlight every file: about 4 s alone, several times that on a busy machine.
          testTimeout: 30_000,
        },
      },
      { test: { name: "browser", include: [...BROWSER_FILES], env: { TEST_LANE: "browser", TEST_PORT_BASE: String(3311 + PORT_SHIFT) }, ...SITE } },
      { test: { name: "server", include: ["tests/**/*.test.ts"], exclude: [...BROWSER_FILES], env: { TEST_LANE: "server", TEST_PORT_BASE: String(3331 + PORT_SHIFT) }, ...SITE } },
    ],
  },
});
