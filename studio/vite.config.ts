import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { STUDIO_DIR } from "#core/config/folders.server.ts";
import { uiTypography } from "../scripts/ui-typography.ts";

/**
 * The studio's own browser app: a single page under /studio/, built apart
 * from the site (scripts/build-studio.ts) into build/studio, so no public
 * page ever loads a byte of it. Short Russian words are bound as in the
 * site's UI strings (decision 006).
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/studio/",
  plugins: [uiTypography()],
  // No .env files, no public dir: everything the app needs comes through its API.
  envDir: false,
  publicDir: false,
  build: {
    outDir: STUDIO_DIR,
    emptyOutDir: true,
    // Fonts and images as files: the studio's CSP allows no inline data for them but img `data:`.
    assetsInlineLimit: 0,
    // No inline script: the module preload helper ships inside the bundle.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Router marks its modules "use client" for server components; a single-page app has none.
      onLog(level, log, handler) {
        if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
      },
    },
  },
});
