import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * `npm run lint` refuses node:http's values imported as an ES module in
 * production code: Node then reads every export of the module, and its
 * `WebSocket` loads undici into the site's process (decision 036). The plants
 * are linted as text under made-up names; nothing is written.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, "..") });
const MESSAGE = /Import node:http's values from server\/node-http\.ts/;

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("node:http's values only through server/node-http.ts", () => {
  test("a value import is refused, with the reason, under either name", async () => {
    for (const [file, code] of [
      ["server/planted.ts", `import { createServer } from "node:http";\nexport const make = () => createServer();\n`],
      ["server/studio/planted.ts", `import * as http from "http";\nexport const make = () => http.request("http://a.test/");\n`],
    ] as const) {
      const found = await messages(file, code);
      expect(found, file).toHaveLength(1);
      expect(found[0], file).toMatch(MESSAGE);
    }
  });

  test("types may still be imported from it", async () => {
    const code = `import type { IncomingMessage } from "node:http";\nexport const path = (req: IncomingMessage) => req.url;\n`;
    expect(await messages("server/planted.ts", code)).toEqual([]);
  });
});
