import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkNamedPaths } from "./named-paths.ts";

const roots: string[] = [];
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "named-paths-"));
  roots.push(root);
  for (const [path, text] of Object.entries({ "package.json": JSON.stringify({ dependencies: { zod: "4" }, devDependencies: { "@types/node": "24" } }), ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("docs that cannot drift (npm run lint)", () => {
  it("passes paths that exist, packages declared, and what programs make at run time", () => {
    const root = repository({
      "server/pipeline.ts": '// The pipeline (server/pipeline.ts), its helpers in server/lib/, content/uploads/ made by the studio.\nimport { z } from "zod";\nimport type { IncomingMessage } from "node:http";\nimport { join } from "path";\nimport "./local.ts";\n',
      "server/lib/x.ts": "",
      "README.md": "See `server/pipeline.ts` and `server/lib/`; `docs/decisions/001-x.md` is history.",
      "docs/decisions/001-x.md": "Named long ago: `server/gone.ts`.",
    });
    expect(checkNamedPaths(root)).toEqual([]);
  });

  it("names a planted path in a comment or the docs, and an import package.json does not declare", () => {
    const root = repository({
      // Put together here, so that this file's own text plants nothing for the check it tests.
      "server/app.ts": [`/${"*"}*`, ` * Moved long ago to server/${"pipeline"}.ts.`, " */", `import { marked } from ${'"marked"'};`, `const lazy = () => import(${'"@scope/thing/sub"'});`, ""].join("\n"),
      "README.md": "| `tests/build/` | checks |",
      "docs/guide.md": "The pipeline is in core/old/pipeline.ts.",
    });
    expect(checkNamedPaths(root).sort()).toEqual(
      [
        "README.md:1: names tests/build/, which is not in the repository",
        "docs/guide.md:1: names core/old/pipeline.ts, which is not in the repository",
        "server/app.ts:2: names server/pipeline.ts, which is not in the repository",
        "server/app.ts: imports marked, which package.json does not declare",
        "server/app.ts: imports @scope/thing, which package.json does not declare",
      ].sort(),
    );
  });
});
