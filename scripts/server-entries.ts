import type { Plugin } from "vite";

/**
 * The programs a server machine runs, built beside the site's server build in
 * one bundle (build/runtime/): the code they share (the content loader, the
 * forms, the route modules) is one set of chunks, so a process that serves
 * pages and renders releases loads each module once (decision 027).
 */
export const SERVER_ENTRIES = {
  // React Router's server build: routes, entry.server and the manifest (a `ServerBuild`).
  index: "virtual:react-router/server-build",
  server: "server/index.ts",
  publish: "server/releases/cli.ts",
  studio: "server/studio/cli.ts",
  // The studio's own process (decision 034), started by the server or alone.
  "studio-server": "server/studio/serve.ts",
  // The studio's Markdown renders in a worker thread (decision 025), found beside the chunk that starts it.
  "markdown-worker": "server/studio/content/markdown-worker.ts",
  // The studio's image work runs in a child process (decision 035), forked from the file beside the chunk that starts it.
  "image-worker": "server/studio/images/worker.ts",
  // The inbox's Excel file is made in a worker thread, found beside the chunk that starts it.
  "xlsx-worker": "server/studio/inbox/xlsx-worker.ts",
} as const;

export const RUNTIME_OUT_DIR = "build/runtime";

/**
 * React Router names its one server entry `index.js` in build/server/; with
 * several entries each keeps its own name, and every chunk sits beside the
 * entries (the Markdown worker and the image pool's child are found relative
 * to the chunk that starts them).
 * Applied after React Router's plugin, whose settings it refines.
 */
export function serverEntries(): Plugin {
  return {
    name: "server-entries",
    apply: "build",
    configEnvironment(name) {
      if (name !== "ssr") return;
      return {
        build: {
          outDir: RUNTIME_OUT_DIR,
          rolldownOptions: {
            input: SERVER_ENTRIES,
            output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
          },
        },
      };
    },
  };
}
