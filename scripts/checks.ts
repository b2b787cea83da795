/**
 * The checks before the tests, side by side: the type check, the lint and the
 * build read the sources and write nothing the others read (the build writes
 * build/, which the lint ignores and the type check does not include), so on
 * two cores they take the longest of them, not their sum (about 37 s against
 * 48 s on the 2-core VM). The route types are generated first: the type check
 * and the lint both read them. Each one's output is printed whole when it ends.
 *
 *   node scripts/checks.ts        (npm test runs it)
 */
import { execFileSync, spawn } from "node:child_process";

execFileSync("npx", ["react-router", "typegen"], { stdio: "inherit" });

const run = (name: string, command: string, args: string[]) =>
  new Promise<boolean>((done) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      process.stdout.write(`\n— ${name}: ${code === 0 ? "готово" : `ошибка (код ${code})`}\n${output}`);
      done(code === 0);
    });
  });

const results = await Promise.all([run("типы", "npx", ["tsc", "--noEmit"]), run("линтер", "npm", ["run", "-s", "lint"]), run("сборка", "npm", ["run", "-s", "build"])]);
process.exit(results.every(Boolean) ? 0 : 1);
