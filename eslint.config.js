import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const relativeImports = { group: ["../*", "./*/../*"], message: "Use the #app/ or #server/ import aliases." };
/** app/lib/zod.ts configures zod for the Content-Security-Policy before any schema is built. */
const zodForTheBrowser = { name: "zod", importNames: ["z"], message: "Import z from #app/lib/zod.ts." };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/out/"] },
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
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["#server/*"], message: "UI modules must not import server code." }],
          paths: [zodForTheBrowser],
        },
      ],
    },
  },
  {
    files: ["app/routes/**", "app/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [relativeImports], paths: [zodForTheBrowser] }] },
  },
  { files: ["app/lib/zod.ts"], rules: { "no-restricted-imports": "off" } },
);
