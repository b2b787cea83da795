import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * `npm run lint` refuses a synchronous child process in production code
 * (issue 54): it would freeze the requests of the server it runs in. The
 * plants are linted as text under made-up names; nothing is written.
 */
const ROOT = resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });
const MESSAGE = /A synchronous child process freezes every request of this process/;

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const NAMED = `import { execFileSync } from "node:child_process";\nexport const log = () => execFileSync("git", ["log"], { encoding: "utf8" });\n`;

describe("no synchronous child process outside command-line tools", () => {
  test("a studio handler importing execFileSync is refused, with the reason", async () => {
    const found = await messages("server/studio/planted.ts", NAMED);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(MESSAGE);
  });

  test("every part is covered, and the calls are caught however child_process is reached", async () => {
    const planted = {
      "core/lib/planted.ts": `import childProcess from "child_process";\nexport const run = () => childProcess.execSync("git status");\n`,
      "app/lib/planted.ts": `import * as cp from "node:child_process";\nexport const run = () => cp.spawnSync("git", ["status"]);\n`,
      "studio/lib/planted.ts": `import cp from "node:child_process";\nconst { spawnSync } = cp;\nexport const run = () => spawnSync("git", ["status"]);\n`,
      "server/releases/planted.ts": NAMED,
    };
    for (const [file, code] of Object.entries(planted)) {
      const found = await messages(file, code);
      expect(found.length, file).toBeGreaterThan(0);
      expect(found.every((line) => MESSAGE.test(line)), `${file}: ${found.join("; ")}`).toBe(true);
    }
  });

  test("the same text passes in a tool, in a test and in the command-line programs", async () => {
    for (const file of ["scripts/planted.ts", "server/studio/planted.test.ts", "server/releases/command.ts", "server/studio/cli.ts"]) {
      expect(await messages(file, NAMED), file).toEqual([]);
    }
  });

  test("asynchronous child processes stay allowed where requests are answered", async () => {
    const code = `import { execFile, spawn } from "node:child_process";\nexport const run = () => [execFile, spawn];\n`;
    expect(await messages("server/studio/planted.ts", code)).toEqual([]);
  });
});
