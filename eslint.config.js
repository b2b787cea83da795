import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Parts a production part must not import, and why (the message names the rule). */
const FORBIDDEN = {
  core: { parts: ["app", "studio", "server", "scripts", "tests"], why: "core/ is shared by every part and imports none of them" },
  app: { parts: ["studio", "server", "scripts", "tests"], why: "the public app imports core/ only (#core/*): not the studio, the server or the tools" },
  studio: { parts: ["app", "server", "scripts", "tests"], why: "the studio app imports core/ only (#core/*): not the public app, the server or the tools" },
  server: { parts: ["app", "studio", "scripts", "tests"], why: "the server imports core/ only (#core/*); it reaches the public app through React Router's build" },
};

const STUDIO_ROOM = {
  regex: "(^|/)(studio|server/studio)(/|$)",
  message: "The public app must not import the studio (studio/, core/studio/, server/studio/).",
};

// Addresses come from core/lib/paths.ts: a raw "/…" string in JSX would skip
// the trailing-slash rule and drift when a route is renamed.
const RAW_ADDRESSES = [
  {
    selector: "JSXAttribute[name.name=/^(to|href|action)$/] > Literal[value=/^\\/[^.]*$/]",
    message: "Use paths.* from core/lib/paths.ts for internal addresses.",
  },
  {
    selector: "JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > TemplateLiteral[quasis.0.value.raw=/^\\//]",
    message: "Use paths.* from core/lib/paths.ts for internal addresses.",
  },
];

/**
 * One entry per part and folder depth: a relative specifier that climbs exactly to the
 * repository root and names a forbidden part. `no-restricted-imports` sees static imports and
 * re-exports; `no-restricted-syntax` sees `import()` (dynamic imports, lazy routes).
 */
function boundaries() {
  const entries = [];
  for (const [part, { parts, why }] of Object.entries(FORBIDDEN)) {
    for (let depth = 1; depth <= 6; depth++) {
      const up = "\\.\\./".repeat(depth);
      const regex = `^${up}(${parts.join("|")})(/|$)`;
      const message = `Import across parts: ${why} (decision 026).`;
      const syntax = [{ selector: `ImportExpression > Literal[value=/${regex.replaceAll("/", "\\/")}/]`, message }];
      entries.push({
        files: [`${part}/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
        ignores: ["**/*.test.{ts,tsx}", "studio/vite.config.ts"],
        rules: {
          // Later entries replace a rule's options: the app's entries repeat its own rules.
          "no-restricted-imports": ["error", { patterns: [{ regex, message }, ...(part === "app" ? [STUDIO_ROOM] : [])] }],
          "no-restricted-syntax": ["error", ...syntax, ...(part === "app" ? RAW_ADDRESSES : [])],
        },
      });
    }
  }
  entries.push({
    // The one crossing left: in `react-router dev` there is no server/index.ts, so the forms'
    // contract starts the leads service itself. It goes when the service reaches loaders
    // through React Router's load context instead of a global (see scripts/import-cycles.ts).
    files: ["core/forms/service.server.ts"],
    rules: { "no-restricted-syntax": "off" },
  });
  return entries;
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "screenshots/", "test-results/", "data/"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    // The studio is a room of its own: the public app never imports it (not a byte of it on public
    // pages), nor the studio's API in core/studio/.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [STUDIO_ROOM] }] },
  },
  {
    files: ["app/**/*.tsx"],
    rules: { "no-restricted-syntax": ["error", ...RAW_ADDRESSES] },
  },
  // Where each part may import from (decision 026): core/ is what every part shares and imports no
  // part; app/, studio/ and server/ import core/ only; scripts/ (tools) and tests import anything;
  // nothing in production imports scripts/. Generated per folder depth, so that "../studio/" from
  // server/leads/ (server/studio/) is not mistaken for the studio app.
  ...boundaries(),
);
