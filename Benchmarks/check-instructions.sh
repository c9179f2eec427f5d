#!/usr/bin/env bash
# The instruction guard (issue 19): counts the instructions that Folio
# spends in reduced sizes of workloads 1-7, 9 and 19 (sizes divided by 10,
# `FolioBench --reduce 10`) under valgrind's callgrind, and compares them
# with Benchmarks/instructions-baseline.txt. Fails (exit 1) when one grows
# by more than 3 %.
#
#   ./check-instructions.sh            check against the baseline (CI)
#   ./check-instructions.sh --update   rewrite the baseline (commit it, and
#                                      say why in the commit message)
#
# Only the timed region is collected (as profile.sh does), after one
# untimed warm-up round (`--warmup 1`), with deterministic hashing
# (SWIFT_DETERMINISTIC_HASHING): the counts are the same from one run to
# the next on the same toolchain, SQLite and CPU. Another Swift compiler,
# SQLite or C library changes them: update the baseline with them.
set -euo pipefail
cd "$(dirname "$0")"

workloads=(1 2 3 4 5 6 7 9 19)
tolerance_percent=3
reduction=10
baseline_file=instructions-baseline.txt
region='$s10FolioBench11timedRegionyySvF'

update=false
case "${1:-}" in
    "") ;;
    --update) update=true ;;
    *) sed -n '2,17p' "$0" >&2; exit 2 ;;
esac

command -v valgrind >/dev/null || { echo "check-instructions: valgrind is not installed" >&2; exit 2; }

# The guard runs no workload of the @DatabaseRecord macro: leave them out
# of the build, so that it does not build swift-syntax in release mode
# (see Package.swift).
export FOLIO_WITHOUT_MACROS=1

# Stale file lists of an older checkout make the build miss new files.
rm -f .build/*.yaml
build_log=$(mktemp)
if ! swift build -c release --product FolioBench >"$build_log" 2>&1; then
    grep -E "error|warning:" "$build_log" >&2 || cat "$build_log" >&2
    rm -f "$build_log"
    echo "check-instructions: the release build failed" >&2
    exit 2
fi
rm -f "$build_log"

mkdir -p .build/callgrind
measured=()
for workload in "${workloads[@]}"; do
    out=".build/callgrind/guard-w${workload}.out"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$region" \
        --callgrind-out-file="$out" \
        .build/release/FolioBench --reduce "$reduction" --warmup 1 --samples 1 --filter "$workload" --lib folio \
        >/dev/null 2>"$out.log" \
        || { cat "$out.log" >&2; echo "check-instructions: workload $workload failed" >&2; exit 2; }
    count=$(grep -E "Collected" "$out.log" | sed 's/.*Collected : //' | tr -d ' ')
    [[ "$count" =~ ^[0-9]+$ ]] || { cat "$out.log" >&2; echo "check-instructions: no count for workload $workload" >&2; exit 2; }
    measured+=("$count")
    echo "workload $workload: $count instructions" >&2
done

if $update; then
    {
        echo "# Instructions of Folio in the timed region of workloads 1-7, 9 and 19,"
        echo "# sizes divided by $reduction, one warm-up round, under valgrind's callgrind."
        echo "# Written by \`Benchmarks/check-instructions.sh --update\` on $(date -u +%Y-%m-%d),"
        echo "# $(swift --version 2>/dev/null | head -1 | sed 's/ *(.*//'), SQLite $(sqlite3 --version 2>/dev/null | cut -d' ' -f1 || echo '?'),"
        echo "# $(valgrind --version), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')."
        echo "# check-instructions.sh fails when a count grows by more than $tolerance_percent %."
        echo "# Update it only in a commit that says why the counts changed."
        echo "# workload instructions"
        for index in "${!workloads[@]}"; do
            echo "${workloads[$index]} ${measured[$index]}"
        done
    } > "$baseline_file"
    echo "Wrote $baseline_file" >&2
    exit 0
fi

[ -f "$baseline_file" ] || { echo "check-instructions: no $baseline_file (run with --update)" >&2; exit 2; }

failed=0
printf '%-9s %15s %15s %8s\n' workload baseline measured change
for index in "${!workloads[@]}"; do
    workload=${workloads[$index]}
    count=${measured[$index]}
    baseline=$(awk -v w="$workload" '$1 == w { print $2 }' "$baseline_file")
    if [ -z "$baseline" ]; then
        echo "check-instructions: workload $workload has no baseline in $baseline_file" >&2
        failed=1
        continue
    fi
    change=$(awk -v m="$count" -v b="$baseline" 'BEGIN { printf "%+.2f", (m - b) * 100 / b }')
    printf '%-9s %15s %15s %7s%%\n' "$workload" "$baseline" "$count" "$change"
    if awk -v m="$count" -v b="$baseline" -v t="$tolerance_percent" 'BEGIN { exit !(m > b * (1 + t / 100)) }'; then
        echo "FAILED: workload $workload grew by $change % (baseline $baseline, measured $count instructions, tolerance $tolerance_percent %)" >&2
        failed=1
    elif awk -v m="$count" -v b="$baseline" -v t="$tolerance_percent" 'BEGIN { exit !(m < b * (1 - t / 100)) }'; then
        echo "note: workload $workload shrank by $change %: update the baseline (--update) to keep the gain" >&2
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "check-instructions: FAILED (see Benchmarks/README.md, \"Instruction guard\")" >&2
    exit 1
fi
echo "check-instructions: all workloads within $tolerance_percent % of the baseline"
