import { configDefaults, defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin is not loaded in tests.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "common/**/*.test.ts", "server/**/*.test.ts", "cli/**/*.test.ts", "tests/**/*.test.ts"],
    // A test whose subject exists only on a PostgreSQL server (*.postgres.test.ts) runs in the PostgreSQL step alone,
    // so the suite's first run needs no server.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DB === "postgres" ? [] : ["**/*.postgres.test.ts"])],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
