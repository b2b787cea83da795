import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest test files the run names at its end. */
const SHOWN = 10;

/**
 * Names the slowest test files when the run ends (beside the default
 * reporter's line per file), so a run that grows slower says where.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules.map((m) => {
      const d = m.diagnostic();
      return { file: relative(process.cwd(), m.moduleId), ms: d.setupDuration + d.collectDuration + d.duration };
    });
    if (timed.length === 0) return;
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed.slice(0, SHOWN).map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    process.stdout.write(`\nThe ${Math.min(SHOWN, timed.length)} slowest test files:\n${lines.join("\n")}\n`);
  }
}
