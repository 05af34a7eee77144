#!/usr/bin/env bash
# The SQL agreement tests run the Postgres text in a real Postgres server (Debian's postgresql
# package), which the test starts itself on 127.0.0.1 in a temporary folder. Installs the package
# when absent; fails loudly when it cannot.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
echo "ensure-postgres: Postgres is missing; installing Debian's postgresql package" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "ensure-postgres: not root and no sudo: install the 'postgresql' package by hand" >&2
    exit 1
  fi
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || { echo "ensure-postgres: the install did not provide initdb" >&2; exit 1; }
