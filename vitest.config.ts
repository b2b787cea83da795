import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin does not run under Vitest.
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
      {
        test: {
          name: "site",
          include: ["tests/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts", "tests/support/postgres-setup.ts"],
          // One server and one browser on a 2-core machine: run files one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // What the browser tests poll for comes from the app's later tasks (a chunk loaded after
          // hydration, the counter's tag): on a busy two-core host that can take longer than the
          // default second. A longer wait changes no outcome, only how long a failure takes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
