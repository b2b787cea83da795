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
 * A synchronous child process stops the event loop that also answers the site's visitors for as
 * long as it runs: the studio's history once ran git so in its request handlers. Production code
 * runs git through server/releases/git.ts (a bounded queue), other programs with child_process's
 * asynchronous calls. Both a named import and `childProcess.execSync` are caught.
 */
const SYNC_CHILD_PROCESS = ["execFileSync", "execSync", "spawnSync"];
const SYNC_CHILD_PROCESS_MESSAGE =
  "A synchronous child process freezes every request of this process while it runs: use server/releases/git.ts for git, or child_process's asynchronous calls (issue 54).";

/**
 * Imported as an ES module, node:http reads all its exports once, `WebSocket` among them, which
 * loads undici: ~10 MB of the site's resting process (decision 036). Its values come through
 * server/node-http.ts; types may be imported from it directly.
 */
const NODE_HTTP_MESSAGE = "Import node:http's values from server/node-http.ts: as an ES module it loads undici, ~10 MB of the site's process (decision 036).";

/**
 * The files that may block: programs run at a terminal, where nothing else waits on their event
 * loop. Anything they import is checked as production code (the server could import it).
 */
const COMMAND_LINE = [
  // `npm run publish`: at a terminal, or a child process of the server when the studio publishes
  // (server/releases/job.ts), never in the server's own process.
  "server/releases/cli.ts",
  "server/releases/command.ts",
  // `npm run studio` (accounts), at a terminal or through `docker exec`.
  "server/studio/cli.ts",
  "server/studio/command.ts",
];

function restrictedInProduction() {
  return {
    files: ["{server,core,app,studio}/**/*.{ts,tsx}"],
    // Tests drive git to set up repositories; they answer no visitor.
    ignores: ["**/*.test.{ts,tsx}", ...COMMAND_LINE],
    rules: {
      // typescript-eslint's copy of the rule: the core one carries the part boundaries below, and an
      // entry for one file replaces a rule's options for it.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            ...["node:child_process", "child_process"].map((name) => ({ name, importNames: SYNC_CHILD_PROCESS, message: SYNC_CHILD_PROCESS_MESSAGE })),
            ...["node:http", "http"].map((name) => ({ name, allowTypeImports: true, message: NODE_HTTP_MESSAGE })),
          ],
        },
      ],
      "no-restricted-properties": ["error", ...SYNC_CHILD_PROCESS.map((property) => ({ property, message: SYNC_CHILD_PROCESS_MESSAGE }))],
    },
  };
}

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
  restrictedInProduction(),
);
