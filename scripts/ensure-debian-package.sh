#!/usr/bin/env bash
# Installs a Debian package when the program the suite needs from it is missing: `ensure-debian-package.sh PATH PACKAGE`.
# Nothing downloads its own binaries here; Debian's packages are one of the two sources this machine reaches.
set -euo pipefail
program="$1"
package="$2"
if [ -x "$program" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's $package for the tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  exit 0
fi
echo "$program not found. Install it (Debian: sudo apt-get install $package)." >&2
exit 1
