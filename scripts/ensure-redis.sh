#!/usr/bin/env bash
# The shared-state tests (several consoles on one Redis) start Debian's redis-server themselves on
# a loopback port. Installs it when missing.
set -euo pipefail
if [ -x /usr/bin/redis-server ]; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  echo "redis-server is not installed and cannot be installed without root (apt-get install redis-server)." >&2
  exit 1
fi
echo "Installing Debian's redis-server (for the shared-state tests)…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
