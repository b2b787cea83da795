/**
 * The tests after the checks, in two lanes side by side (vitest.config.ts):
 * the files that drive Chromium (project "browser"), with their output as it
 * comes; and beside them the files that speak HTTP or to the store (project
 * "server"), then the unit tests on one worker, their output printed whole
 * after the browser lane's. The browser tests alone left 28 % of two cores idle; one
 * Vitest process would run its projects in one queue, one file at a time. On
 * the 2-core VM a fresh clone's `.ci/run` went from 14 min 26 s to 11 min 52 s
 * (2026-11-29, one run each; the unit tests alone beside the site's had saved 1 min 22 s).
 * Arguments (a file, `-t` and a name) run one Vitest process over every
 * project, as `vitest run` does.
 *
 *   node scripts/tests.ts [vitest arguments]      (npm test runs it)
 */
import { type ChildProcess, spawn } from "node:child_process";

const args = process.argv.slice(2);

type Result = { name: string; ok: boolean; text: string };

// Stopping this script stops the lanes too (a CI job cancelled, Ctrl+C).
const lanes = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const lane of lanes) lane.kill(signal);
    process.exit(1);
  });
}

function vitest(name: string, extra: string[], output: "inherit" | "buffer", env: Record<string, string> = {}): Promise<Result> {
  return new Promise((done) => {
    // A lane shown as it comes is also kept, so that its failures can be said again at the end.
    const child = spawn("npx", ["vitest", "run", ...extra], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    lanes.add(child);
    let text = "";
    const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      text += chunk.toString();
      if (output === "inherit") to.write(chunk);
    };
    child.stdout?.on("data", keep(process.stdout));
    child.stderr?.on("data", keep(process.stderr));
    child.on("error", (error) => done({ name, ok: false, text: `${text}\n${error.message}` }));
    child.on("close", (code) => {
      lanes.delete(child);
      done({ name, ok: code === 0, text });
    });
  });
}

if (args.length > 0) {
  // A file named runs even when only `npm run test:full` runs it (vitest.config.ts, FULL_ONLY).
  const { ok } = await vitest("тесты", args, "inherit", { TEST_NAMED: "1" });
  process.exit(ok ? 0 : 1);
}

const beside = async (): Promise<Result[]> => [
  await vitest("тесты сервера (шли рядом с браузерными)", ["--project", "server"], "buffer"),
  await vitest("модульные тесты (шли рядом с браузерными)", ["--project", "unit", "--maxWorkers=1"], "buffer"),
];
const [browser, rest] = await Promise.all([vitest("тесты в браузере", ["--project", "browser"], "inherit"), beside()]);
for (const r of rest) process.stdout.write(`\n— ${r.name}: ${r.ok ? "готово" : "ошибка"}\n${r.text}`);
const results = [browser, ...rest];
// CI shows the end of the log: a failed lane's list of failures is repeated there, whatever lane
// printed last (Vitest's own summary begins at «Failed Tests»).
for (const r of results.filter((lane) => !lane.ok)) {
  const plain = r.text.replace(/\x1b\[[0-9;]*m/g, "");
  const from = plain.search(/⎯+ Failed (Tests|Suites)/);
  const failures = (from >= 0 ? plain.slice(from) : plain).split("\n").slice(0, 400).join("\n");
  process.stdout.write(`\n— ${r.name}, ошибки:\n${failures}\n`);
}
process.stdout.write(`\n${results.map((r) => `— ${r.name}: ${r.ok ? "готово" : "ошибка"}`).join("\n")}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
