#!/usr/bin/env bash
# The whole suite, as `npm test`: static checks, unit, service and HTTP tests (PGlite, then PostgreSQL when
# TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Node keeps the bytecode of the modules it compiles here and reuses it in every later process: the suite starts
# hundreds (test workers, the CLI's runs, the e2e servers), and a warm cache starts each about 40% sooner.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile}"

step() { printf '\n== %s ==\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
# The README's API walk-through (tests/api/readme-walkthrough.test.ts) runs as written: curl and jq.
bash scripts/ensure-debian-package.sh /usr/bin/curl curl
bash scripts/ensure-debian-package.sh /usr/bin/jq jq
step "unit and service tests (PGlite)"
vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "service and HTTP tests (PostgreSQL)"
  TEST_DB=postgres vitest run server tests
fi
step "build"
npm run --silent build
step "browser tests (Chromium)"
bash scripts/ensure-chromium.sh
playwright test
