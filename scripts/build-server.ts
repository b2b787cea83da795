/**
 * Build step: the production server, the release maker and the studio's
 * account command as plain JavaScript in build/runtime/ (`server.js`,
 * `publish.js`, `studio.js`, and `markdown-worker.js`, the studio's Markdown thread). Node can run our
 * TypeScript directly, but its type stripping keeps a WebAssembly compiler in
 * every process (~18 MB resident), which the memory budget of decision 012
 * cannot spare. Our own modules (server/ and the core it imports, core/…)
 * are bundled; packages stay imports of node_modules.
 */
import { rmSync } from "node:fs";
import { build } from "rolldown";
import { RUNTIME_DIR } from "#core/config/paths.server.ts";

export async function bundleRuntime(): Promise<void> {
  rmSync(RUNTIME_DIR, { recursive: true, force: true });
  const started = performance.now();
  const { output } = await build({
    input: {
      server: "server/index.ts",
      publish: "server/releases/cli.ts",
      studio: "server/studio/cli.ts",
      // The studio's Markdown renders in a worker thread (server/studio/content/markdown-off-thread.ts, decision 025).
      "markdown-worker": "server/studio/content/markdown-worker.ts",
    },
    platform: "node",
    // Packages (bare specifiers) and Node's own modules are loaded at run time, not bundled.
    external: [/^node:/, /^[@a-z]/],
    // server/leads/service.ts is imported statically by the server and lazily by the dev-only path of app/forms.
    checks: { ineffectiveDynamicImport: false },
    logLevel: "warn",
    output: { dir: RUNTIME_DIR, format: "esm", chunkFileNames: "[name]-[hash].js" },
  });
  console.log(`server: ${output.length} files in ${RUNTIME_DIR} (${Math.round(performance.now() - started)} ms)`);
}
