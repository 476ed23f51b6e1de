#!/usr/bin/env bash
# `npm run test:mutation [-- MODULE…]`: Stryker over the modules listed in mutation.modules.json
# (all of them by default), each mutant against those modules' unit tests. Not part of `npm test`:
# it runs for tens of minutes. MUTATION_CONCURRENCY sets the number of test processes (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-redis.sh
if [ "$#" -gt 0 ]; then MUTATION_MODULES="$(IFS=,; echo "$*")"; export MUTATION_MODULES; fi
exec npx stryker run stryker.config.mjs
