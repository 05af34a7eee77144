#!/usr/bin/env bash
# The playground's browser tests drive Debian's Chromium through playwright-core (Playwright's own
# browser download cannot work here). Installs it when absent; fails loudly when it cannot.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "ensure-chromium: not root and no sudo: install the 'chromium' package by hand" >&2
    exit 1
  fi
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
test -x /usr/bin/chromium || { echo "ensure-chromium: the install did not provide /usr/bin/chromium" >&2; exit 1; }
