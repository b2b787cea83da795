import type { Plugin } from "vite";

/** V8's explicit compile hint for a whole file (it must come before the file's first token). */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts V8's compile hint on the browser's chunk named `chunkName` (the framework's): V8 then
 * compiles its functions while the file streams in, off the page's main thread, instead of each
 * on its first call inside the start-up's tasks (docs/performance.md, decisions 022 and 023). The comment
 * is added after minification, which would strip it; the chunk's hash accounts for it, so the
 * file's name changes with it.
 */
export function compileHint(chunkName: string): Plugin {
  return {
    name: "compile-hint",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    augmentChunkHash(chunk) {
      if (chunk.name === chunkName) return COMPILE_HINT;
    },
    generateBundle: {
      // After every other change to the code (the terser pass drops comments).
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === "chunk" && file.name === chunkName) file.code = COMPILE_HINT + file.code;
        }
      },
    },
  };
}
