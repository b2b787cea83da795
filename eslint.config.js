import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    // The studio is a room of its own: the public app never imports it (not a byte of it on public pages).
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)(studio|server/studio)(/|$)", message: "The public app must not import the studio (studio/, server/studio/)." }] },
      ],
    },
  },
  {
    // Addresses come from core/lib/paths.ts: a raw "/…" string in JSX would skip
    // the trailing-slash rule and drift when a route is renamed.
    files: ["app/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name=/^(to|href|action)$/] > Literal[value=/^\\/[^.]*$/]",
          message: "Use paths.* from core/lib/paths.ts for internal addresses.",
        },
        {
          selector: "JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > TemplateLiteral[quasis.0.value.raw=/^\\//]",
          message: "Use paths.* from core/lib/paths.ts for internal addresses.",
        },
      ],
    },
  },
);
