import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * What a test run leaves behind lives in one folder of the run's
 * (SITE_TESTS_RUN_DIR, set by tests/support/global-setup.ts): sandboxes,
 * data folders, and a note per child server still running. The run's end
 * stops every server whose note is still there (a test that failed before its
 * own teardown) and removes the folder, failures or not.
 */
const RUN_DIR = "SITE_TESTS_RUN_DIR";

/** A new empty folder for one test's files, removed at the latest when the run ends. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(process.env[RUN_DIR] ?? tmpdir(), prefix));
}

function childrenDir(): string | null {
  const dir = process.env[RUN_DIR];
  return dir ? join(dir, "children") : null;
}

/** Notes a child server until it exits. */
export function trackChild(child: { pid?: number; once(event: "exit", listener: () => void): unknown }): void {
  const dir = childrenDir();
  if (!dir || !child.pid) return;
  const note = join(dir, String(child.pid));
  writeFileSync(note, "");
  child.once("exit", () => {
    try {
      unlinkSync(note);
    } catch {
      // Removed already by the run's end.
    }
  });
}

/**
 * How many projects of this Vitest process have begun the run: each site project's global setup
 * calls beginRun and endRun, and the folder is the first one's until the last one ends. Kept in
 * the environment, as each project loads its setup as a module of its own.
 */
const USERS = "SITE_TESTS_RUN_USERS";

/** Called before any test file of a project: the run's folder, shared with the test processes through the environment. */
export function beginRun(): void {
  const users = Number(process.env[USERS] ?? 0);
  process.env[USERS] = String(users + 1);
  if (users > 0 && process.env[RUN_DIR]) return;
  const dir = mkdtempSync(join(tmpdir(), "site-tests-"));
  mkdirSync(join(dir, "children"));
  process.env[RUN_DIR] = dir;
}

/** Called after a project's test files: after the last project's, the servers still running are killed and the run's folder removed. */
export function endRun(): string[] {
  const users = Math.max(0, Number(process.env[USERS] ?? 1) - 1);
  process.env[USERS] = String(users);
  if (users > 0) return [];
  const dir = process.env[RUN_DIR];
  const children = childrenDir();
  if (!dir || !children) return [];
  const killed: string[] = [];
  for (const pid of readdirSync(children)) {
    try {
      process.kill(Number(pid), "SIGKILL");
      killed.push(pid);
    } catch {
      // Gone already.
    }
  }
  rmSync(dir, { recursive: true, force: true });
  delete process.env[RUN_DIR];
  return killed;
}
