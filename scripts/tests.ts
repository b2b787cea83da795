/**
 * The tests after the checks. Vitest runs the projects of one run in one
 * queue: the site's files one at a time (one server, one browser) and the
 * unit files after them, on a machine whose second core mostly waits while a
 * browser test does. So the two projects run as two Vitest processes side by
 * side: the site's tests with their output as it comes, the unit tests on one
 * worker, their output printed whole when they end. On the 2-core VM this
 * takes the site's time alone instead of the site's plus about 45 s
 * (README, «Commands»). Arguments (a file, `-t` and a name) run the one
 * Vitest process over both projects, as `vitest run` does.
 *
 *   node scripts/tests.ts [vitest arguments]      (npm test runs it)
 */
import { spawn } from "node:child_process";

const args = process.argv.slice(2);

function vitest(extra: string[], output: "inherit" | "buffer"): Promise<{ ok: boolean; text: string }> {
  return new Promise((done) => {
    const child = spawn("npx", ["vitest", "run", ...extra], { stdio: ["ignore", output === "inherit" ? "inherit" : "pipe", output === "inherit" ? "inherit" : "pipe"] });
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("close", (code) => done({ ok: code === 0, text }));
  });
}

if (args.length > 0) {
  const { ok } = await vitest(args, "inherit");
  process.exit(ok ? 0 : 1);
}

const [site, unit] = await Promise.all([vitest(["--project", "site"], "inherit"), vitest(["--project", "unit", "--maxWorkers=1"], "buffer")]);
process.stdout.write(`\n— модульные тесты (шли рядом с тестами сайта): ${unit.ok ? "готово" : "ошибка"}\n${unit.text}`);
process.stdout.write(`\n— тесты сайта: ${site.ok ? "готово" : "ошибка"}, модульные: ${unit.ok ? "готово" : "ошибка"}\n`);
process.exit(site.ok && unit.ok ? 0 : 1);
