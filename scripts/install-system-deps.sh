#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when missing: Chromium for Playwright
# (never a downloaded browser), ffmpeg, the PostgreSQL client and Redis (the rate-limit tests' shared store). Safe to run again; does nothing when everything is present.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing from Debian's packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
chromium --version
