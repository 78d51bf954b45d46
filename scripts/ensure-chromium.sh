#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium; Playwright's own browser download is neither needed nor possible here.
# CHROMIUM_PATH names another Chromium.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium
