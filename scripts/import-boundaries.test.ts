import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

/**
 * `npm run lint` refuses an import across parts and an import cycle (decision 026):
 * forbidden imports are planted in the working tree, the lint's two commands run
 * on them, and the plants are removed whatever happens.
 */
const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..");
const tag = `zz-plant-${process.pid}`;

async function failure(command: string, args: string[]): Promise<string> {
  try {
    await run(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}\n${stderr}`;
  }
  throw new Error(`${command} ${args.join(" ")} passed with the plants in place`);
}

async function withPlants<T>(plants: Record<string, string>, body: (files: string[]) => Promise<T>): Promise<T> {
  const files = Object.keys(plants);
  try {
    for (const [file, source] of Object.entries(plants)) {
      mkdirSync(dirname(join(ROOT, file)), { recursive: true });
      writeFileSync(join(ROOT, file), source);
    }
    return await body(files);
  } finally {
    for (const file of files) rmSync(join(ROOT, file), { force: true });
  }
}

describe("import boundaries", () => {
  test("npm run lint runs ESLint over the tree and the cycle check", () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.lint).toMatch(/\beslint --max-warnings 0 \.(\s|$)/);
    expect(scripts.lint).toContain("node scripts/import-cycles.ts");
  });

  test("ESLint refuses the public app importing the server and core importing the app, by name", async () => {
    const output = await withPlants(
      {
        [`app/chrome/${tag}.ts`]: `import { createLogger } from "../../server/log.ts";\nexport const planted = createLogger;\n`,
        [`core/lib/${tag}.ts`]: `export const planted = () => import("../../app/chrome/error-page.tsx");\n`,
        [`server/leads/${tag}.ts`]: `export { paths } from "../../scripts/build.ts";\n`,
      },
      (files) => failure(join(ROOT, "node_modules/.bin/eslint"), ["--max-warnings", "0", "--no-warn-ignored", ...files]),
    );
    expect(output).toContain(`app/chrome/${tag}.ts`);
    expect(output).toMatch(/the public app imports core\/ only/);
    expect(output).toContain(`core/lib/${tag}.ts`);
    expect(output).toMatch(/core\/ is shared by every part and imports none of them/);
    expect(output).toContain(`server/leads/${tag}.ts`);
    expect(output).toMatch(/the server imports core\/ only/);
  }, 60_000);

  test("the cycle check refuses an import cycle and a stylesheet reaching into the app, by name", async () => {
    const output = await withPlants(
      {
        [`core/lib/${tag}-a.ts`]: `import { b } from "./${tag}-b.ts";\nexport const a = () => b;\n`,
        [`core/lib/${tag}-b.ts`]: `export const b = () => import("./${tag}-a.ts");\n`,
        [`studio/styles/${tag}.css`]: `@import "../../app/styles/index.css";\n`,
      },
      () => failure(process.execPath, ["scripts/import-cycles.ts"]),
    );
    expect(output).toContain(`import cycle: core/lib/${tag}-a.ts → core/lib/${tag}-b.ts → core/lib/${tag}-a.ts`);
    expect(output).toContain(`studio/styles/${tag}.css: @import "../../app/styles/index.css" reaches app/`);
  });

  test("the tree itself passes the cycle check", async () => {
    await expect(run(process.execPath, ["scripts/import-cycles.ts"], { cwd: ROOT })).resolves.toBeDefined();
  });
});
