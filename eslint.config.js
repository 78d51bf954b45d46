import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const relativeImports = { group: ["../*", "./*/../*"], message: "Use the #app/, #common/ or #server/ import aliases." };
/** common/zod.ts configures zod for the Content-Security-Policy before any schema is built. */
const zodForTheBrowser = { name: "zod", importNames: ["z"], message: "Import z from #common/zod.ts." };
// A pattern that starts with "#" is a comment in gitignore syntax (the `group` form): these use `regex`.
const noServer = { regex: "^#server/", message: "UI and shared modules must not import server code." };
const noApp = { regex: "^#app/", message: "Only app/ imports from app/: what server/ shares with it lives in common/." };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/out/", "tests/api/generated/"] },
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs["recommended-latest"],
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { patterns: [relativeImports] }],
    },
  },
  {
    // UI code must not reach into the server, except route modules whose loaders and actions run there.
    files: ["app/components/**", "app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [relativeImports, noServer], paths: [zodForTheBrowser] }] },
  },
  {
    // The one arrow between the layers runs down: app/ and server/ import common/, which imports neither.
    files: ["common/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [relativeImports, noServer, noApp], paths: [zodForTheBrowser] }] },
  },
  {
    files: ["server/**", "cli/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [relativeImports, noApp] }] },
  },
  {
    files: ["app/routes/**", "app/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [relativeImports], paths: [zodForTheBrowser] }] },
  },
  { files: ["common/zod.ts"], rules: { "no-restricted-imports": "off" } },
);
