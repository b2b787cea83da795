import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compileHint } from "./scripts/compile-hint.ts";
import { SERVER_ENTRIES, serverEntries } from "./scripts/server-entries.ts";
import { terserPass } from "./scripts/terser-pass.ts";
import { uiTypography } from "./scripts/ui-typography.ts";

export default defineConfig({
  plugins: [uiTypography(), reactRouter(), serverEntries(), terserPass(), compileHint("vendor")],
  // React Router reads the server build's entries from here (the server, the release maker and the studio's command beside the routes).
  environments: { ssr: { build: { rolldownOptions: { input: SERVER_ENTRIES } } } },
  build: {
    assetsInlineLimit: 0,
    modulePreload: {
      // The framework and the bundler's runtime are loaded before any of the app's code runs, so
      // a dynamic import never needs them preloaded: naming them in every chunk's preload list
      // only adds bytes to the home page's JavaScript.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)(vendor|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // The design system's primitives and site chrome are small modules shared
        // by most routes: one chunk instead of a dozen tiny ones (fewer requests,
        // less per-chunk overhead). Libraries get their own chunk first, so a
        // change of UI code never invalidates the cached framework. zod and the
        // Russian stemmer stay out of it: only the forms' schemas and the search
        // engine use them, loaded when a form is filled or a search starts.
        codeSplitting: {
          groups: [
            { name: "vendor", test: /node_modules[\\/](?!zod[\\/]|@orama[\\/])/, priority: 2 },
            { name: "ui", test: /app[\\/](ui[\\/](?!accordion|breadcrumbs|page-header|prose|tag)|chrome[\\/](?!not-found|section-chips)|runtime[\\/](?!analytics|build-updates|prefetch-host)|lib[\\/]|consent[\\/])|app[\\/]forms[\\/]deferred\.|core[\\/](lib[\\/]|forms[\\/]utm\.)|app[\\/]root\.tsx|app[\\/]layouts[\\/]default/, priority: 1 },
          ],
        },
      },
    },
  },
});
