#!/usr/bin/env bash
# `npm test`: type-check, lint, unit tests, the browser suite against the emulator, the container
# image's runtime folder, then the contract check of every request the BFF sent upstream during the
# suites and the check that nothing the emulator received spoke the console's neutral names.
# Ends with one "N passed, N failed" line summing every runner (CI reads it).
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
results=$(mktemp -d)
# The upstream client appends each request it sends here (lib/server/upstream/record.ts).
export SLUICE_CONTRACT_RECORD_DIR="$results/upstream-requests"
# Every emulator started by the suites appends each request it receives here (emulator/request-record.ts).
export SLUICE_EMULATOR_RECORD_DIR="$results/emulator-requests"
mkdir -p "$SLUICE_CONTRACT_RECORD_DIR" "$SLUICE_EMULATOR_RECORD_DIR"

npm run --silent typecheck || { echo "Type-check failed."; exit 1; }
# The tree is type-checked: the build the browser suite's `npm start` makes need not do it again (next.config.js).
export SLUICE_BUILD_TYPECHECKED=1
npm run --silent lint || { echo "Lint failed."; exit 1; }

bash scripts/ensure-postgres.sh || { echo "Could not install Postgres."; exit 1; }
bash scripts/ensure-redis.sh || { echo "Could not install redis-server."; exit 1; }
npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"
unit=$?

bash scripts/ensure-chromium.sh || { echo "Could not install Chromium."; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
e2e=$?

# The container image's runtime folder, from the build the browser suite's `npm start` made (~25 s).
SLUICE_SLOW_TESTS=1 npx vitest run --reporter=default --reporter=json --outputFile="$results/image.json" test/image
image=$?

SLUICE_CONTRACT_CHECK=1 npx vitest run --reporter=default --reporter=json --outputFile="$results/contract.json"
contract=$?

npx tsx scripts/summarize-tests.ts "$results/vitest.json" "$results/playwright.json" "$results/image.json" "$results/contract.json"
[ "$unit" -eq 0 ] && [ "$e2e" -eq 0 ] && [ "$image" -eq 0 ] && [ "$contract" -eq 0 ]
