#!/usr/bin/env bash
# Browser tests drive Debian's Chromium: Playwright cannot download its own browser here.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium not found at $chromium: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  [ -x "$chromium" ] || { echo "Installing chromium did not provide $chromium" >&2; exit 1; }
else
  echo "Chromium is missing at $chromium and this script is not running as root." >&2
  echo "Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH)" >&2
  exit 1
fi
