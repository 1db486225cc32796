#!/usr/bin/env bash
# The whole test suite, as CI runs it: quality gates, unit, web and integration tests (on embedded
# PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; the Redis session store too when
# TEST_REDIS_URL is set), then the end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "Node $(node --version)"
bash scripts/ensure-chromium.sh

step "Type check"
npm run typecheck --silent

step "Lint and format check"
npx biome ci .

step "Module walls"
npm run lint:deps --silent

step "Dependency audit (production, high and critical)"
node scripts/audit-deps.ts

step "Unit, web and integration tests (PGlite)"
# Tests that need PostgreSQL whatever the run (the nginx cluster) wait for the PostgreSQL run when one follows.
POSTGRES_RUN_FOLLOWS=$([ -n "${TEST_DATABASE_URL:-}" ] && echo true || echo false) TEST_DATABASE_URL= npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests (PostgreSQL)"
  npx vitest run --project integration
fi

step "End-to-end tests (Chromium)"
npm run test:e2e --silent
