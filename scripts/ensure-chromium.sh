#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium; Playwright's own browser download is neither needed nor possible here.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $chromium_path. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
