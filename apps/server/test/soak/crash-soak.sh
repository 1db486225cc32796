#!/usr/bin/env bash
# The long variant of the crash test: the real server SIGKILLed during fulfilment many times (200 by
# default, about 12 minutes), then every paid order checked to be fulfilled exactly once.
# Usage: bash apps/server/test/soak/crash-soak.sh [iterations]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
iterations="${1:-200}"
CRASH_ITERATIONS="$iterations" npx vitest run --project integration apps/server/test/hardening/crash.test.ts \
  --testTimeout=$((iterations * 8000))
