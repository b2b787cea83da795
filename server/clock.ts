import { readFileSync } from "node:fs";
import { env } from "#core/config/env.server.ts";

/**
 * The time the server goes by for what happens at a moment: planned
 * publications, sessions, sign-in throttling, the releases it makes.
 *
 * Real time, except under the test suite: with SITE_TEST_CLOCK=on, the file
 * named by SITE_TEST_CLOCK_FILE holds milliseconds to add to real time, and
 * the suite moves them forward to reach a due moment without waiting for it
 * (tests/support/clock.ts). Without the switch the file is never read, so a
 * stray variable cannot move a real server's time.
 */
const file = env.SITE_TEST_CLOCK === "on" ? env.SITE_TEST_CLOCK_FILE : undefined;

function offset(): number {
  if (!file) return 0;
  try {
    const value = Number(readFileSync(file, "utf8"));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export const clock = { now: (): number => Date.now() + offset() };
