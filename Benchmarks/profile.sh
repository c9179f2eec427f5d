#!/usr/bin/env bash
# Counts the instructions of one workload with valgrind's callgrind, setup
# excluded (only the timed region is collected), for one or more
# implementations, and prints the totals and the top functions.
#
#   ./profile.sh 3                 workload 3, for c, grdb and folio
#   ./profile.sh 3 folio           workload 3, Folio only
#   TOP=40 ./profile.sh 9 grdb folio
#
# Instruction counts are deterministic: use them to confirm a win that
# timings on a noisy machine can only suggest. Output files go to
# .build/callgrind/w<workload>-<library>.out (open them with
# callgrind_annotate, or kcachegrind elsewhere).
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -lt 1 ]; then
    sed -n '2,12p' "$0" >&2
    exit 2
fi
workload="$1"; shift
libraries=("$@")
[ ${#libraries[@]} -eq 0 ] && libraries=(c grdb folio)

swift build -c release --product FolioBench >&2
mkdir -p .build/callgrind
# The timed region is the Swift function FolioBench.timedRegion(_:), see
# Sources/FolioBench/Measure.swift.
region='$s10FolioBench11timedRegionyySvF'
demangle() { if command -v swift-demangle >/dev/null; then swift-demangle --simplified; else cat; fi; }

for library in "${libraries[@]}"; do
    out=".build/callgrind/w${workload}-${library}.out"
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$region" \
        --callgrind-out-file="$out" \
        .build/release/FolioBench --samples 1 --filter "$workload" --lib "$library" >/dev/null 2>"$out.log" \
        || { cat "$out.log" >&2; exit 1; }
    total=$(grep -E "Collected" "$out.log" | sed 's/.*Collected : //')
    echo "== workload $workload, $library: $total instructions"
    callgrind_annotate --auto=no --inclusive=no "$out" 2>/dev/null | sed -n '/file:function/,$p' | sed -n "3,$((${TOP:-20} + 2))p" \
        | demangle | cut -c1-200
done
