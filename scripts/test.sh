#!/usr/bin/env bash
# `npm test`: type-check, lint, unit tests, the browser suite against the emulator, the container
# image's runtime folder, then the contract check of every request the BFF sent upstream during the
# suites and the check that nothing the emulator received spoke the console's neutral names.
# Phases that do not compete for the same thing run side by side (see the README's "Testing"):
# lint beside the type-check, then the production build, the unit tests and the rest of lint
# together, the image's check beside the browser suite. Each phase's time is printed as it ends ("time: …").
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
started=$SECONDS

# Runs a phase in the background and prints its time when it ends; `finish NAME` waits for it and
# answers its exit code.
declare -A pids
begin() {
  local name=$1
  shift
  (
    since=$SECONDS
    "$@"
    code=$?
    echo "time: $name $((SECONDS - since)) s (exit $code, ended $((SECONDS - started)) s into the run)"
    exit "$code"
  ) &
  pids[$name]=$!
}
finish() {
  wait "${pids[$1]}"
}

# Debian's Postgres, Redis and Chromium, installed when missing (the unit tests need the first two),
# beside the type-check and lint: an install waits on the network and the disk, not the cores.
begin install bash -c 'bash scripts/ensure-postgres.sh && bash scripts/ensure-redis.sh && bash scripts/ensure-chromium.sh'

# Both single-threaded: one core each.
begin typecheck npm run --silent typecheck
begin lint npm run --silent lint

# Once the type-check passes, the two longest phases before the browser suite start together: the
# production build the browser suite's consoles and the image check run (when the build is missing
# or older than its sources, as `npm start` decides), and the unit tests, which mostly wait on
# processes, sockets and databases; the rest of lint runs beside them. The tree is type-checked, so
# the build skips Next's own type-check pass (next.config.js). Its output goes to a file, shown if
# it fails.
if ! finish typecheck; then
  finish lint
  finish install
  echo "Type-check failed."
  exit 1
fi
export SLUICE_BUILD_TYPECHECKED=1
begin build bash -c 'npx tsx scripts/build-if-stale.ts >"$0" 2>&1' "$results/build.log"
if ! finish install; then
  finish lint
  finish build
  echo "Could not install Postgres, redis-server or Chromium (scripts/ensure-*.sh)."
  exit 1
fi
begin unit npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"
if ! finish lint; then
  # Nothing left running may outlive the run.
  finish build
  finish unit
  echo "Lint failed."
  exit 1
fi
finish unit
unit=$?
if ! finish build; then
  cat "$results/build.log"
  echo "The production build failed."
  exit 1
fi

# The container image's runtime folder, from that build, beside the browser suite (a few seconds of
# one core, on free ports); its report is printed after the browser suite's.
begin image bash -c 'SLUICE_SLOW_TESTS=1 npx vitest run --reporter=default --reporter=json --outputFile="$0" test/image >"$1" 2>&1' \
  "$results/image.json" "$results/image.log"
begin e2e env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
finish e2e
e2e=$?
cat "$results/image.log"
finish image
image=$?

begin contract env SLUICE_CONTRACT_CHECK=1 npx vitest run --reporter=default --reporter=json --outputFile="$results/contract.json"
finish contract
contract=$?

echo "time: npm test $((SECONDS - started)) s"
npx tsx scripts/summarize-tests.ts "$results/vitest.json" "$results/playwright.json" "$results/image.json" "$results/contract.json"
[ "$unit" -eq 0 ] && [ "$e2e" -eq 0 ] && [ "$image" -eq 0 ] && [ "$contract" -eq 0 ]
