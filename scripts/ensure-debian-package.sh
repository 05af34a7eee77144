#!/usr/bin/env bash
# Installs a Debian package a test suite needs when what it provides is absent; fails loudly when it
# cannot. Usage: ensure-debian-package.sh PACKAGE 'PATH-OR-GLOB' WHY
#   the browser tests drive Debian's Chromium through playwright-core (Playwright's own browser
#   download cannot work here); the SQL agreement tests start a real Postgres server on 127.0.0.1
#   (ClickHouse runs embedded, through the npm package chdb).
set -euo pipefail
package=$1
provides=$2
why=${3:-}
present() { compgen -G "$provides" >/dev/null; }
if present; then exit 0; fi
echo "ensure-debian-package: $provides is missing${why:+ ($why)}; installing Debian's $package package" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "ensure-debian-package: not root and no sudo: install the '$package' package by hand" >&2
    exit 1
  fi
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$package" >/dev/null
present || { echo "ensure-debian-package: installing $package did not provide $provides" >&2; exit 1; }
