import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin is not loaded in tests.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "common/**/*.test.ts", "server/**/*.test.ts", "cli/**/*.test.ts", "tests/**/*.test.ts"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
