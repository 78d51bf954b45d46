import os from "node:os";
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
    // Vitest's default (one fewer than the cores) is a single file at a time on a 2-core machine, which leaves a core
    // idle while a file waits on its server or database: two at once ran the PGlite step in 12.2 min instead of 15.7.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The React Router plugin rewrites its route types (.react-router/types) whenever a dev server starts, without
    // waiting for it; two files starting a test site at once race on that folder, and the loser's rejection lands
    // here. Those types are for the editor and `tsc` (run before the tests), never read by a running test: only that
    // error is let pass.
    onUnhandledError: (error) => !isRouteTypesRace(error),
  },
});

function isRouteTypesRace(error: unknown) {
  const { code, path } = error as { code?: unknown; path?: unknown };
  return typeof code === "string" && ["ENOTEMPTY", "ENOENT", "EEXIST"].includes(code) && typeof path === "string" && path.includes(".react-router/types");
}
