#!/bin/sh
# Installs the browser the browser tests drive (tests/browser/): Debian's chromium, used by Playwright for Python
# through executable_path=/usr/bin/chromium (no Playwright browser download).
set -eu
if [ -x /usr/bin/chromium ]; then
    echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
/usr/bin/chromium --version || true
