import { writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The time of a test server (server/clock.ts): real time plus an offset kept
 * in a file of the server's own, which a test moves forward instead of
 * waiting for a planned publication or a session's end. The server and the
 * releases it makes read the file at each moment they look at the time.
 */
export type TestClock = {
  env: Record<string, string>;
  /** The server's time now, ms since epoch. */
  now(): number;
  advance(ms: number): void;
};

export function makeTestClock(dir: string): TestClock {
  const file = join(dir, "clock-offset");
  let offset = 0;
  writeFileSync(file, "0");
  return {
    env: { SITE_TEST_CLOCK: "on", SITE_TEST_CLOCK_FILE: file },
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      writeFileSync(file, String(offset));
    },
  };
}
