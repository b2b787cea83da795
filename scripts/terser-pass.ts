import { createRequire } from "node:module";
import { minify, type MinifyOptions } from "terser";
import type { Plugin } from "vite";

const TERSER_VERSION: string = createRequire(import.meta.url)("terser/package.json").version;

/**
 * One option set for every chunk: three passes of compression find what the first two leave
 * (the framework's chunk is some 190 B smaller in brotli than with two), ES2020 is the floor of
 * the browsers the site supports, and module scope lets top-level names be mangled.
 */
const OPTIONS: MinifyOptions = { module: true, ecma: 2020, compress: { passes: 3 }, mangle: true };

/**
 * Terser over the browser's chunks after the bundler's own minifier (decision 023). Either alone
 * leaves bytes the other takes out: on the framework's chunk and the site's shared chunk the two
 * together are some 0.8 KB smaller in brotli than the bundler's minifier alone, and terser alone
 * is larger than both. That room pays for V8's compile hint (scripts/compile-hint.ts), which must
 * come after this pass, since terser drops comments. Terser's version and options are part of
 * every chunk's hash, so a file never changes under the same name.
 */
export function terserPass(): Plugin {
  const identity = `terser ${TERSER_VERSION} ${JSON.stringify(OPTIONS)}`;
  return {
    name: "terser-pass",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    augmentChunkHash: () => identity,
    generateBundle: {
      order: "pre",
      async handler(_options, bundle) {
        // A build with minification off (to read names in a profile) stays unminified.
        if (!this.environment.config.build.minify) return;
        for (const file of Object.values(bundle)) {
          if (file.type !== "chunk") continue;
          const result = await minify(file.code, OPTIONS);
          if (result.code === undefined) this.error(`terser returned nothing for ${file.fileName}`);
          file.code = result.code;
        }
      },
    },
  };
}
