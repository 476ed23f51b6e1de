#!/usr/bin/env bash
# `npm test`: type-check, lint, unit tests, then the browser suite against the emulator.
# Ends with one "N passed, N failed" line summing both runners (CI reads it).
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
results=$(mktemp -d)

npm run --silent typecheck || { echo "Type-check failed."; exit 1; }
npm run --silent lint || { echo "Lint failed."; exit 1; }

bash scripts/ensure-postgres.sh
bash scripts/ensure-redis.sh || { echo "Could not install redis-server."; exit 1; }
npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"
unit=$?

bash scripts/ensure-chromium.sh || { echo "Could not install Chromium."; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
e2e=$?

npx tsx scripts/summarize-tests.ts "$results/vitest.json" "$results/playwright.json"
[ "$unit" -eq 0 ] && [ "$e2e" -eq 0 ]
