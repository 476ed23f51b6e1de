#!/usr/bin/env bash
# The database tests also run against a real Postgres: Debian's package, started by the tests
# themselves on a loopback port. Installs it when missing; when that is not possible the tests
# say so and run on the embedded PGlite only, so this never fails the run.
set -uo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  echo "Postgres is not installed and cannot be installed without root: the database tests run on PGlite only."
  exit 0
fi
echo "Installing Debian's Postgres (for the database tests)…"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null ||
  echo "Could not install Postgres: the database tests run on PGlite only."
exit 0
