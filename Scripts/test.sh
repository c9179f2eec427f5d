#!/usr/bin/env bash
# The test command of README.md: installs what the tests need when it is
# missing, then runs `swift test` (with any arguments given, e.g.
# `--filter Dqlite`).
#
# - libsqlite3-dev: the SQLite headers Folio builds against.
# - go-dqlite: the dqlite nodes (`dqlite-demo`), the Go shell (`dqlite`)
#   and `dqlite-benchmark`; the FolioDqlite tests start a three-node
#   cluster of `dqlite-demo` processes, and fail (never skip) without it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
apt_updated=false
apt_install() {
    echo "Installing $1..."
    if ! $apt_updated; then
        $SUDO apt-get update -qq
        apt_updated=true
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1"
}
[ -f /usr/include/sqlite3.h ] || apt_install libsqlite3-dev
command -v dqlite-demo >/dev/null || apt_install go-dqlite

exec swift test "$@"
