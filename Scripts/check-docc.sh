#!/usr/bin/env bash
# The documentation catalog (Sources/Folio/Documentation.docc, with the
# guides of Documentation/ linked into it) converts with no warning: a
# broken or ambiguous symbol link, an unknown article, or a malformed
# Topics list fails. Uses the toolchain's `swift package
# dump-symbol-graph` and `docc convert`, in its own build folder.
#
#     Scripts/check-docc.sh            # exit 1 and list the warnings if any
#     DOCC_OUTPUT=/tmp/Folio.doccarchive Scripts/check-docc.sh   # keep the archive
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The command also tries the test modules, and fails on them: only the
# graph of Folio matters, checked below. FOLIO_WITHOUT_MACROS=1 leaves out
# swift-syntax, which the graph of Folio does not need.
FOLIO_WITHOUT_MACROS=1 swift package --scratch-path "$scratch" \
    dump-symbol-graph --minimum-access-level public > "$work/dump.log" 2>&1 || true
graph=$(find "$scratch" -name 'Folio.symbols.json' -path '*symbolgraph*' | head -1)
if [ -z "$graph" ]; then
    cat "$work/dump.log"
    echo "check-docc: no symbol graph of Folio" >&2
    exit 1
fi
mkdir -p "$work/graphs"
# Folio's own graphs only (Folio.symbols.json and its extensions of other
# modules' types, Folio@Swift...): the other products (FolioDqlite) are
# modules of their own, outside this catalog.
cp "$(dirname "$graph")"/Folio.symbols.json "$work/graphs/"
find "$(dirname "$graph")" -maxdepth 1 -name 'Folio@*.symbols.json' -exec cp {} "$work/graphs/" \;

output=${DOCC_OUTPUT:-$work/Folio.doccarchive}
docc convert Sources/Folio/Documentation.docc \
    --additional-symbol-graph-dir "$work/graphs" \
    --fallback-display-name Folio \
    --fallback-bundle-identifier org.folio.Folio \
    --output-path "$output" > "$work/docc.log" 2>&1
warnings=$(grep -c '^warning:' "$work/docc.log" || true)
if [ "$warnings" -ne 0 ]; then
    grep -A12 '^warning:' "$work/docc.log"
    echo "check-docc: $warnings warnings" >&2
    exit 1
fi
echo "check-docc: the catalog converts with 0 warnings"
