#!/usr/bin/env bash
# The database tests also run against a real Postgres: Debian's package, started by the tests
# themselves on a loopback port. Installs it when missing. Under CI (CI set, run as root) a
# Postgres that cannot be installed fails the run, since the two-instance browser spec and the
# Postgres unit tests need it; elsewhere the tests say so and run on the embedded PGlite only.
set -uo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then exit 0; fi
missing() {
  echo "$1"
  if [ -n "${CI:-}" ]; then echo "CI is set: the Postgres tests must run, so this fails the run."; exit 1; fi
  echo "The database tests run on PGlite only."
  exit 0
}
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  missing "Postgres is not installed and cannot be installed without root."
fi
echo "Installing Debian's Postgres (for the database tests)…"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null ||
  missing "Could not install Postgres."
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing "Postgres was installed but its server is not where the tests look."
exit 0
